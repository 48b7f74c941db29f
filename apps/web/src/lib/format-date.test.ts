import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  it('puts the day first and uses India time', () => {
    // 20:00 UTC is already the next day in India.
    expect(formatDate('2026-11-20T20:00:00Z', 'en')).toBe('21 Nov 2026');
    expect(formatDate('2026-11-20T10:00:00Z', undefined)).toBe('20 Nov 2026');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day in India', () => {
    expect(formatDateTime('2026-11-20T20:00:00Z', 'en')).toMatch(/^21 Nov 2026, 01:30 am$/i);
  });
});
