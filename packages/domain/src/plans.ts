/**
 * Plans (issue #27): whether a student may play now, and when a newly bought plan runs. Pure rules;
 * the server's session lookup and the plans module feed them from the database.
 */

const DAY_MS = 86_400_000;

export type PlanStatus = 'school' | 'active' | 'none';

export interface PlanWindow {
  startsAt: Date;
  endsAt: Date;
}

/**
 * A student's access at `now`: 'school' when their school pays; otherwise 'active' while one of the
 * plans they bought runs (`endsAt` is the end of the last one, plans bought ahead included), else
 * 'none' (`endsAt` is when the last one ended, null when there never was one).
 */
export function planAccess(
  schoolPays: boolean,
  windows: readonly PlanWindow[],
  now: Date,
): { status: PlanStatus; endsAt: Date | null } {
  if (schoolPays) return { status: 'school', endsAt: null };
  const t = now.getTime();
  const running = windows.some((w) => w.startsAt.getTime() <= t && t < w.endsAt.getTime());
  const lastEnd = windows.reduce<Date | null>((last, w) => (!last || w.endsAt > last ? w.endsAt : last), null);
  if (!running) return { status: 'none', endsAt: windows.length ? lastEndBefore(windows, t) : null };
  return { status: 'active', endsAt: lastEnd };
}

/** The latest end that is not after `t` (the plan that ran out), or the last end of all. */
function lastEndBefore(windows: readonly PlanWindow[], t: number): Date | null {
  const ended = windows.filter((w) => w.endsAt.getTime() <= t);
  const pool = ended.length ? ended : windows;
  return pool.reduce<Date | null>((last, w) => (!last || w.endsAt > last ? w.endsAt : last), null);
}

/**
 * When a plan of `durationDays` bought at `now` runs: from now, or from the end of the plans still
 * running or bought ahead, so a family that renews early loses no day.
 */
export function nextPlanWindow(windows: readonly PlanWindow[], durationDays: number, now: Date): PlanWindow {
  const latest = windows.reduce((t, w) => Math.max(t, w.endsAt.getTime()), now.getTime());
  return { startsAt: new Date(latest), endsAt: new Date(latest + durationDays * DAY_MS) };
}

/** Whether the session's figures let a student use protected screens: the school pays, or a plan runs. */
export function mayPlay(schoolPays: boolean, planUntil: Date | null, now: Date): boolean {
  return schoolPays || (planUntil !== null && planUntil.getTime() > now.getTime());
}
