/**
 * The progress chart of the student dashboard (dashboards.md 2.2, filter day/week/month; default
 * 'day', dashboards.md 9): learning and knowledge currency earned per bucket, from the per-day rollup.
 * Days are calendar days of the student's school (packages/domain days.ts); weeks start on Monday.
 */
import type { ProgressFilter, ProgressPoint } from '@ki/contracts';

/** How many buckets each filter shows, ending with the current one. */
export const PROGRESS_BUCKETS: Record<ProgressFilter, number> = { day: 14, week: 12, month: 12 };

export interface DayCurrency {
  day: string;
  learningCurrency: number;
  knowledgeCurrency: number;
}

const MS_PER_DAY = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** First day of the bucket holding `day`. */
export function bucketStart(filter: ProgressFilter, day: string): string {
  if (filter === 'day') return day;
  if (filter === 'month') return `${day.slice(0, 7)}-01`;
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return toDay(ms - weekday * MS_PER_DAY);
}

/** The first day of the oldest bucket shown when today is `today`. */
export function rangeStart(filter: ProgressFilter, today: string): string {
  const current = bucketStart(filter, today);
  const n = PROGRESS_BUCKETS[filter] - 1;
  if (filter === 'day') return toDay(dayMs(current) - n * MS_PER_DAY);
  if (filter === 'week') return toDay(dayMs(current) - n * 7 * MS_PER_DAY);
  const d = new Date(dayMs(current));
  d.setUTCMonth(d.getUTCMonth() - n);
  return toDay(d.getTime());
}

/**
 * Every bucket from rangeStart to today, oldest first, with the currency earned in it; days outside
 * the range are ignored and empty buckets are 0 (the chart shows gaps as zero, not as missing).
 */
export function progressPoints(filter: ProgressFilter, today: string, days: readonly DayCurrency[]): ProgressPoint[] {
  const points: ProgressPoint[] = [];
  const index = new Map<string, ProgressPoint>();
  let start = rangeStart(filter, today);
  for (let i = 0; i < PROGRESS_BUCKETS[filter]; i++) {
    const point = { start, learningCurrency: 0, knowledgeCurrency: 0 };
    points.push(point);
    index.set(start, point);
    if (filter === 'day') start = toDay(dayMs(start) + MS_PER_DAY);
    else if (filter === 'week') start = toDay(dayMs(start) + 7 * MS_PER_DAY);
    else {
      const d = new Date(dayMs(start));
      d.setUTCMonth(d.getUTCMonth() + 1);
      start = toDay(d.getTime());
    }
  }
  for (const d of days) {
    const point = index.get(bucketStart(filter, d.day));
    if (!point || d.day > today) continue;
    point.learningCurrency += d.learningCurrency;
    point.knowledgeCurrency += d.knowledgeCurrency;
  }
  return points;
}
