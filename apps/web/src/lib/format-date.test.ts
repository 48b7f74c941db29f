import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, intlLocale } from './format-date';

const LANGUAGES = ['en', 'mr', 'gu', 'hi', 'ta', 'te'];
// Any digit that is not 0-9: Devanagari ०-९, Gujarati ૦-૯, Tamil ௦-௯, Telugu ౦-౯, ...
const NON_LATIN_DIGIT = /(?![0-9])\p{Nd}/u;

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

  it('writes Marathi dates with Western digits, like the counts beside them', () => {
    const marathi = formatDate('2026-11-20T10:00:00Z', 'mr');
    expect(marathi).toMatch(/^20 .+ 2026$/);
    expect(marathi).not.toMatch(NON_LATIN_DIGIT);
  });

  it.each(LANGUAGES)('uses Western digits in %s', (language) => {
    expect(formatDate('2026-11-20T10:00:00Z', language)).not.toMatch(NON_LATIN_DIGIT);
    expect(formatDateTime('2026-11-20T10:00:00Z', language)).not.toMatch(NON_LATIN_DIGIT);
  });
});

describe('formatDateTime', () => {
  it('adds the time of day in India', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en')).toMatch(/^21 Nov 2026, 01:30 am$/i);
  });

  it('adds the time of day in the school’s zone', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en', 'Asia/Dubai')).toMatch(/^21 Nov 2026, 12:00 am$/i);
  });

  it('keeps Western digits for the time in Marathi', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'mr')).toMatch(/21 .+ 2026.*01:30/);
  });
});

describe('intlLocale', () => {
  it('is en-IN for English and asks for Latin digits otherwise', () => {
    expect(intlLocale(undefined)).toBe('en-IN');
    expect(intlLocale('en')).toBe('en-IN');
    expect(intlLocale('mr')).toBe('mr-IN-u-nu-latn');
    // Without the extension Marathi would print Devanagari digits: the reason for it.
    expect(new Intl.NumberFormat('mr-IN').format(26)).toBe('२६');
    expect(new Intl.NumberFormat(intlLocale('mr')).format(26)).toBe('26');
  });
});

describe('formatDateRange', () => {
  it('joins two days of India, the year once when they share it', () => {
    // Intl puts thin spaces around the dash.
    const range = (from: string, until: string) => formatDateRange(from, until, 'en').replace(/\s/g, ' ');
    expect(range('2026-11-26T06:30:00Z', '2027-02-24T18:30:00Z')).toBe('26 Nov 2026 – 25 Feb 2027');
    expect(range('2026-08-01T06:30:00Z', '2026-10-30T06:30:00Z')).toMatch(/^0?1 Aug – 30 Oct 2026$/);
  });

  it.each(LANGUAGES)('uses Western digits in %s', (language) => {
    expect(formatDateRange('2026-11-26T06:30:00Z', '2027-02-24T18:30:00Z', language)).not.toMatch(NON_LATIN_DIGIT);
  });
});
