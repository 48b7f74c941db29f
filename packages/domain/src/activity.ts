/**
 * The activity window (scoring-and-metrics.md L66-L67, L72): a student is active with at least one
 * record in the last `windowDays` days, ending at the moment of the request. `now` is always a
 * parameter so the clock stays injectable and tests fix it.
 */

/** Default activity window in days (spec L67); deployments may configure another. */
export const DEFAULT_ACTIVITY_WINDOW_DAYS = 30;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** A point in time as records, rollups and JSON carry it. */
export type TimeInput = Date | string | number | null | undefined;

/**
 * Milliseconds since the epoch of a time given as a Date, an ISO string or epoch milliseconds;
 * null for a missing or unparsable time, so callers decide what "no time" means.
 *
 * @param value the time
 */
export function toEpochMs(value: TimeInput): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  return Number.isFinite(ms) ? ms : null;
}

function assertWindow(windowDays: number): void {
  if (!Number.isFinite(windowDays) || windowDays <= 0) {
    throw new RangeError(`windowDays must be a positive number, got ${windowDays}`);
  }
}

/**
 * Start of the activity window: `windowDays` whole days of 24 hours before `now`. Days are fixed
 * lengths of time, not calendar days, so the window does not depend on time zone or DST.
 *
 * @param now the moment of the request
 * @param windowDays length of the window in days (default 30)
 * @throws RangeError when `windowDays` is not a positive number
 */
export function activeSince(now: Date, windowDays: number = DEFAULT_ACTIVITY_WINDOW_DAYS): Date {
  assertWindow(windowDays);
  return new Date(now.getTime() - windowDays * MS_PER_DAY);
}

/**
 * Whether a last activity time falls in the window [now - windowDays, now], both ends inclusive.
 * A time after `now` is outside: the window ends at the request (spec L72), which keeps "active
 * as of" a past moment correct; ingest should not accept records from the future.
 *
 * @param lastActivityAt the student's newest record time; null or unparsable means never active
 * @param now the moment of the request
 * @param windowDays length of the window in days (default 30)
 * @throws RangeError when `windowDays` is not a positive number
 */
export function isActive(
  lastActivityAt: TimeInput,
  now: Date,
  windowDays: number = DEFAULT_ACTIVITY_WINDOW_DAYS,
): boolean {
  const since = activeSince(now, windowDays).getTime();
  const at = toEpochMs(lastActivityAt);
  return at !== null && at >= since && at <= now.getTime();
}
