/**
 * The daily streak (issue #28): days in a row with at least one finished activity (any learning
 * record: a topic game, revise, treasure, quiz or test), each day a calendar day in the school's time
 * zone (days.ts). It is alive until the day after its last active day ends: on that day the home
 * reminds the student to keep it. The server computes it from the learning records, so it is the
 * same on every device; a device adds the days of the records it has not sent yet
 * (`streakWithDay`), so it is the same offline.
 */

/** A streak as the server answers it: its length and the last day it counts. */
export interface DailyStreak {
  /** Consecutive active days ending on lastActiveDay; 0 when there is none. */
  days: number;
  /** 'YYYY-MM-DD' in the school's zone, or null when the student has never finished an activity. */
  lastActiveDay: string | null;
}

/** How the home speaks of a streak today. */
export type StreakState = 'done-today' | 'keep-it' | 'start-one';

/** A 'YYYY-MM-DD' day moved by `by` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, by: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

/**
 * The streak of a set of active days, seen on `today`: the run of consecutive days that ends on the
 * last active day up to today. A run that ended before yesterday is over (days 0, lastActiveDay kept).
 *
 * @param activeDays the days with a finished activity, any order, repeats allowed ('YYYY-MM-DD')
 * @param today the day it is now in the school's zone
 */
export function dailyStreak(activeDays: Iterable<string>, today: string): DailyStreak {
  const days = new Set<string>();
  for (const day of activeDays) if (day <= today) days.add(day);
  if (days.size === 0) return { days: 0, lastActiveDay: null };
  const last = [...days].reduce((a, b) => (b > a ? b : a));
  if (last < addDays(today, -1)) return { days: 0, lastActiveDay: last };
  let length = 1;
  while (days.has(addDays(last, -length))) length++;
  return { days: length, lastActiveDay: last };
}

/** The streak as it stands on `today`: an answer saved yesterday or before may have ended since. */
export function currentStreak(streak: DailyStreak, today: string): number {
  return streak.lastActiveDay !== null && streak.lastActiveDay >= addDays(today, -1) ? streak.days : 0;
}

/**
 * The streak with one more finished activity on `day` (a record the device has not sent yet):
 * the same day changes nothing, the day after the last extends it, any later day starts a new one.
 */
export function streakWithDay(streak: DailyStreak, day: string): DailyStreak {
  const last = streak.lastActiveDay;
  if (last !== null && day <= last) return streak;
  if (last !== null && streak.days > 0 && day === addDays(last, 1))
    return { days: streak.days + 1, lastActiveDay: day };
  return { days: 1, lastActiveDay: day };
}

/** What the home says: done for today, keep it today (alive since yesterday), or start one. */
export function streakState(streak: DailyStreak, today: string): StreakState {
  if (streak.lastActiveDay === today && streak.days > 0) return 'done-today';
  return currentStreak(streak, today) > 0 ? 'keep-it' : 'start-one';
}
