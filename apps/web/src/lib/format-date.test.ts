import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  it('puts the day first and uses India time by default', () => {
    // 20:00 UTC is already the next day in India.
    expect(formatDate('2026-11-20T20:00:00Z', 'en')).toBe('21 Nov 2026');
    expect(formatDate('2026-11-20T10:00:00Z', undefined)).toBe('20 Nov 2026');
  });

  it('shows the calendar day of the school’s time zone, the day its CSV files carry', () => {
    // A play at 22:01 UTC on 26 Nov: 27 Nov in India, still 26 Nov in New York and in UTC.
    expect(formatDate('2026-11-26T22:01:00Z', 'en', 'Asia/Kolkata')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-26T22:01:00Z', 'en', 'America/New_York')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26T22:01:00Z', 'en', 'UTC')).toBe('26 Nov 2026');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day in India', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en')).toMatch(/^21 Nov 2026, 01:30 am$/i);
  });

  it('adds the time of day in the school’s zone', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en', 'Asia/Dubai')).toMatch(/^21 Nov 2026, 12:00 am$/i);
  });
});
