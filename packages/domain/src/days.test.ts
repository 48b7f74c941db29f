import { describe, expect, it } from 'vitest';
import { reportingDay } from './days';

describe('reportingDay', () => {
  it.each([
    ['2026-11-20T18:29:59Z', '2026-11-20'],
    ['2026-11-20T18:30:00Z', '2026-11-21'], // midnight in India is 18:30 UTC
    ['2026-01-01T00:00:00Z', '2026-01-01'],
    ['2025-12-31T20:00:00Z', '2026-01-01'],
  ])('%s is %s in India', (iso, day) => {
    expect(reportingDay(new Date(iso))).toBe(day);
  });
});
