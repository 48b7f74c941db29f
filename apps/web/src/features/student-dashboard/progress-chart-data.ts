/**
 * Shapes the progress chart (dashboards.md 2.2): one row per bucket with a label in the reader's
 * language and the learning and knowledge currency earned in it.
 */
import type { ProgressFilter, ProgressPoint } from '@ki/contracts';

export interface ProgressRow {
  label: string;
  learningCurrency: number;
  knowledgeCurrency: number;
}

/** Buckets start on a calendar day (YYYY-MM-DD): format it as that day, whatever the time zone. */
function formatter(filter: ProgressFilter, locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(
    locale,
    filter === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
}

export function progressChartData(
  filter: ProgressFilter,
  points: readonly ProgressPoint[],
  locale = 'en-IN',
): ProgressRow[] {
  const f = formatter(filter, locale);
  return points.map((p) => ({
    label: f.format(new Date(`${p.start}T00:00:00Z`)),
    learningCurrency: p.learningCurrency,
    knowledgeCurrency: p.knowledgeCurrency,
  }));
}

/** Whether there is anything to draw: all-zero charts show the empty text instead. */
export const hasProgress = (points: readonly ProgressPoint[]) =>
  points.some((p) => p.learningCurrency > 0 || p.knowledgeCurrency > 0);
