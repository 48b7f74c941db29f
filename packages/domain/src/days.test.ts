import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, reportingDay } from './days';

describe('reportingDay', () => {
  it.each([
    ['2026-11-20T18:29:59Z', '2026-11-20'],
    ['2026-11-20T18:30:00Z', '2026-11-21'], // midnight in India is 18:30 UTC
    ['2026-01-01T00:00:00Z', '2026-01-01'],
    ['2025-12-31T20:00:00Z', '2026-01-01'],
  ])('%s is %s in India', (iso, day) => {
    expect(reportingDay(new Date(iso))).toBe(day);
    expect(reportingDay(new Date(iso), 'Asia/Kolkata')).toBe(day);
  });

  it('agrees with the time-zone database for Asia/Kolkata', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          expect(reportingDay(d)).toBe(intl.format(d));
        },
      ),
      { numRuns: 2000, seed: 20261124 },
    );
  });

  it.each([
    // A play at 22:01 UTC on 26 Nov: 27 Nov in India, still 26 Nov in UTC and in New York.
    ['2026-11-26T22:01:00Z', 'Asia/Kolkata', '2026-11-27'],
    ['2026-11-26T22:01:00Z', 'UTC', '2026-11-26'],
    ['2026-11-26T22:01:00Z', 'America/New_York', '2026-11-26'],
    ['2026-11-26T12:30:00Z', 'Pacific/Auckland', '2026-11-27'],
    // Daylight saving: 04:30 UTC is 00:30 in New York in summer (EDT), 23:30 the day before in winter (EST).
    ['2026-07-01T04:30:00Z', 'America/New_York', '2026-07-01'],
    ['2026-01-01T04:30:00Z', 'America/New_York', '2025-12-31'],
  ])('%s is on the day of its school’s zone (%s: %s)', (iso, zone, day) => {
    expect(reportingDay(new Date(iso), zone)).toBe(day);
  });
});

describe('isTimeZone', () => {
  it.each(['Asia/Kolkata', 'UTC', 'America/New_York', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])(
    'takes %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true);
    },
  );
  it.each(['IST', 'asia/kolkata', 'Asia/Nowhere', '', '+05:30', 'Asia/Kolkata '])('refuses %j', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});
