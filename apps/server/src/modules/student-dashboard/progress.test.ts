import { describe, expect, it } from 'vitest';
import { bucketStart, progressPoints, rangeStart } from './progress';

describe('progress buckets', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    // 2026-11-20 is a Friday.
    expect(bucketStart('week', '2026-11-20')).toBe('2026-11-16');
    expect(bucketStart('week', '2026-11-16')).toBe('2026-11-16');
    expect(bucketStart('week', '2026-11-22')).toBe('2026-11-16');
    expect(bucketStart('month', '2026-11-20')).toBe('2026-11-01');
    expect(bucketStart('day', '2026-11-20')).toBe('2026-11-20');
  });

  it('shows 14 days, 12 weeks or 12 months ending now', () => {
    expect(rangeStart('day', '2026-11-20')).toBe('2026-11-07');
    expect(rangeStart('week', '2026-11-20')).toBe('2026-08-31');
    expect(rangeStart('month', '2026-03-15')).toBe('2025-04-01');
  });

  it('sums the days of each bucket and leaves empty buckets at 0', () => {
    const days = [
      { day: '2026-11-16', learningCurrency: 87, knowledgeCurrency: 0 },
      { day: '2026-11-18', learningCurrency: 10, knowledgeCurrency: 61 },
      { day: '2026-10-02', learningCurrency: 5, knowledgeCurrency: 1 },
      // Outside every range shown.
      { day: '2024-01-01', learningCurrency: 999, knowledgeCurrency: 999 },
    ];
    const byDay = progressPoints('day', '2026-11-20', days);
    expect(byDay).toHaveLength(14);
    expect(byDay.find((p) => p.start === '2026-11-18')).toEqual({
      start: '2026-11-18',
      learningCurrency: 10,
      knowledgeCurrency: 61,
    });
    expect(byDay.reduce((s, p) => s + p.learningCurrency, 0)).toBe(97);

    const byWeek = progressPoints('week', '2026-11-20', days);
    expect(byWeek.at(-1)).toEqual({ start: '2026-11-16', learningCurrency: 97, knowledgeCurrency: 61 });
    expect(byWeek.find((p) => p.start === '2026-09-28')).toMatchObject({ learningCurrency: 5 });

    const byMonth = progressPoints('month', '2026-11-20', days);
    expect(byMonth.map((p) => p.start).slice(-2)).toEqual(['2026-10-01', '2026-11-01']);
    expect(byMonth.at(-1)).toMatchObject({ learningCurrency: 97, knowledgeCurrency: 61 });
    expect(byMonth.at(-2)).toMatchObject({ learningCurrency: 5, knowledgeCurrency: 1 });
    expect(byMonth.reduce((s, p) => s + p.learningCurrency, 0)).toBe(102);
  });
});
