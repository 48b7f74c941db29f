import { describe, expect, it } from 'vitest';
import { hasProgress, progressChartData } from './progress-chart-data';

const points = [
  { start: '2026-10-01', learningCurrency: 5, knowledgeCurrency: 1 },
  { start: '2026-11-01', learningCurrency: 251, knowledgeCurrency: 69 },
];

describe('progress chart data', () => {
  it('labels days and weeks by their first day, months by month and year', () => {
    expect(progressChartData('day', points, 'en-GB').map((r) => r.label)).toEqual(['1 Oct', '1 Nov']);
    expect(progressChartData('month', points, 'en-GB').map((r) => r.label)).toEqual(['Oct 2026', 'Nov 2026']);
    expect(progressChartData('week', points, 'en-GB')[1]).toEqual({
      label: '1 Nov',
      learningCurrency: 251,
      knowledgeCurrency: 69,
    });
  });

  it('is empty when nothing was earned', () => {
    expect(hasProgress(points)).toBe(true);
    expect(hasProgress([{ start: '2026-11-01', learningCurrency: 0, knowledgeCurrency: 0 }])).toBe(false);
  });
});
