/**
 * The demo's clock in the schools' zone, so what it dates falls in a school's day whenever the demo
 * is loaded, not at 3 am in India for a demo started in Europe's evening. India (Asia/Kolkata) keeps
 * no daylight saving: a fixed offset is exact.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const IST_MS = 330 * MINUTE;
/** When a student or teacher is about with the app: 07:00 to 21:00 in India. */
const DAY_STARTS = 7 * HOUR;
const DAY_ENDS = 21 * HOUR;

const isSunday = (at: number) => new Date(at + IST_MS).getUTCDay() === 0;

/** `days` after today in India (a Sunday moves to Monday), at `hh:mm` there. */
export function schoolDayAt(now: Date, days: number, hh: number, mm = 0): Date {
  const local = new Date(now.getTime() + IST_MS);
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hh, mm) - IST_MS;
  if (isSunday(at)) at += DAY;
  return new Date(at);
}

/** The last `hh:mm` in India at or before `now`, `daysAgo` days further back (a Sunday moves back to Saturday): always in the past. */
export function schoolDayBefore(now: Date, daysAgo: number, hh: number, mm = 0): Date {
  const local = new Date(now.getTime() + IST_MS);
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hh, mm) - IST_MS;
  if (at > now.getTime()) at -= DAY;
  at -= daysAgo * DAY;
  while (isSunday(at)) at -= DAY;
  return new Date(at);
}

/**
 * A moment between `from` and `to` (epoch ms) that falls between 07:00 and 21:00 in India, spread
 * evenly over those hours by `u` (uniform in [0, 1)); null when the span holds no such hour.
 */
export function daytimeBetween(from: number, to: number, u: number): Date | null {
  const spans: [number, number][] = [];
  for (let midnight = Math.floor((from + IST_MS) / DAY) * DAY - IST_MS; midnight < to; midnight += DAY) {
    const start = Math.max(from, midnight + DAY_STARTS);
    const end = Math.min(to, midnight + DAY_ENDS);
    if (start < end) spans.push([start, end]);
  }
  let left = u * spans.reduce((sum, [start, end]) => sum + end - start, 0);
  for (const [i, [start, end]] of spans.entries()) {
    // The last span takes what rounding leaves over.
    if (left < end - start || i === spans.length - 1) return new Date(Math.min(start + left, end));
    left -= end - start;
  }
  return null;
}
