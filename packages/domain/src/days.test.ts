import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORTING_TIME_ZONE, reportingDay } from './days';

describe('reportingDay', () => {
  it.each([
    ['2026-11-20T18:29:59Z', '2026-11-20'],
    ['2026-11-20T18:30:00Z', '2026-11-21'], // midnight in India is 18:30 UTC
    ['2026-01-01T00:00:00Z', '2026-01-01'],
    ['2025-12-31T20:00:00Z', '2026-01-01'],
  ])('%s is %s in India', (iso, day) => {
    expect(reportingDay(new Date(iso))).toBe(day);
  });

  it('agrees with the time-zone database for Asia/Kolkata', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: REPORTING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(reportingDay(d)).toBe(intl.format(d));
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });
});
