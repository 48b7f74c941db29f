/**
 * The daily streak as the device shows it (issue #28): the server's answer (GET /learn/progress,
 * saved for offline) read on today's date in the school's zone, with the days of the records this
 * device has not sent yet, so it is the same offline as online (@ki/domain streak.ts).
 */
import {
  currentStreak,
  reportingDay,
  streakState,
  streakWithDay,
  type DailyStreak,
  type StreakState,
} from '@ki/domain';

export interface ShownStreak {
  days: number;
  state: StreakState;
}

/**
 * @param saved the server's streak, or undefined in an answer saved before streaks existed
 * @param finishedAt the finish times of records not yet in that answer (ISO)
 */
export function shownStreak(
  saved: (DailyStreak & { timeZone: string }) | undefined,
  finishedAt: readonly string[],
  now: Date,
): ShownStreak | null {
  if (!saved) return null;
  const today = reportingDay(now, saved.timeZone);
  const streak = finishedAt
    .map((at) => reportingDay(new Date(at), saved.timeZone))
    .filter((day) => day <= today)
    .sort()
    .reduce<DailyStreak>((s, day) => streakWithDay(s, day), { days: saved.days, lastActiveDay: saved.lastActiveDay });
  return { days: currentStreak(streak, today), state: streakState(streak, today) };
}
