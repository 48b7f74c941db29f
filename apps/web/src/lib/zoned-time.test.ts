import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zoned-time';

describe('form times in the school’s time zone', () => {
  it('reads a wall-clock time in the school’s zone, whatever the device’s zone', () => {
    expect(zonedToIso('2026-11-26T10:00', 'Asia/Kolkata')).toBe('2026-11-26T04:30:00.000Z');
    expect(zonedToIso('2026-11-26T10:00', 'UTC')).toBe('2026-11-26T10:00:00.000Z');
    expect(zonedToIso('2026-07-01T09:15', 'Europe/London')).toBe('2026-07-01T08:15:00.000Z');
    expect(zonedToIso('2026-12-01T09:15', 'Europe/London')).toBe('2026-12-01T09:15:00.000Z');
  });

  it('refuses an empty or malformed value', () => {
    expect(zonedToIso('', 'Asia/Kolkata')).toBeNull();
    expect(zonedToIso('2026-11-26 10:00', 'Asia/Kolkata')).toBeNull();
  });

  it('shows an instant as the school’s wall clock, and back', () => {
    const ms = Date.parse('2026-11-26T18:45:00.000Z');
    expect(isoToZoned(ms, 'Asia/Kolkata')).toBe('2026-11-27T00:15');
    expect(zonedToIso(isoToZoned(ms, 'America/New_York'), 'America/New_York')).toBe('2026-11-26T18:45:00.000Z');
  });
});
