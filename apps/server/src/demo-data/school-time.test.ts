import { describe, expect, it } from 'vitest';
import { daytimeBetween, schoolDayAt, schoolDayBefore } from './school-time';

// 15:30 in India is 10:00 UTC; India is 5 h 30 min ahead all year.
const ist = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 16);

describe('the demo’s school clock', () => {
  it('counts days from today in India and moves a Sunday to Monday', () => {
    // 03:14 on Saturday 28 November in India: tomorrow is Sunday, so Monday.
    const night = new Date('2026-11-27T21:44:00Z');
    expect(ist(schoolDayAt(night, 0, 8))).toBe('2026-11-28T08:00');
    expect(ist(schoolDayAt(night, 1, 20))).toBe('2026-11-30T20:00');
    expect(ist(schoolDayAt(night, -4, 8))).toBe('2026-11-24T08:00');
  });

  it('goes back to the last such hour before now, and a Sunday back to Saturday', () => {
    expect(schoolDayBefore(new Date('2026-11-20T10:00:00Z'), 0, 15, 30)).toEqual(new Date('2026-11-20T10:00:00Z'));
    // 03:14 IST on Saturday: Friday's afternoon; one day further, Thursday's.
    expect(ist(schoolDayBefore(new Date('2026-11-27T21:44:00Z'), 0, 15, 30))).toBe('2026-11-27T15:30');
    expect(ist(schoolDayBefore(new Date('2026-11-27T21:44:00Z'), 1, 15, 30))).toBe('2026-11-26T15:30');
    // 09:00 IST on Monday 30 November, one day back: Sunday's becomes Saturday's.
    expect(ist(schoolDayBefore(new Date('2026-11-30T03:30:00Z'), 1, 15, 30))).toBe('2026-11-28T15:30');
  });

  it('picks a moment of a span only in India’s day hours, spread over them', () => {
    // From 20:00 on 24 November to 09:00 on 26 November in India: 1 h, 14 h and 2 h of day.
    const from = new Date('2026-11-24T14:30:00Z').getTime();
    const to = new Date('2026-11-26T03:30:00Z').getTime();
    expect(ist(daytimeBetween(from, to, 0)!)).toBe('2026-11-24T20:00');
    // 1 h of the 17 in: the start of the 25th's day.
    expect(ist(daytimeBetween(from, to, 1 / 17)!)).toBe('2026-11-25T07:00');
    expect(ist(daytimeBetween(from, to, 16 / 17)!)).toBe('2026-11-26T08:00');
    expect(ist(daytimeBetween(from, to, 0.999_999_9)!)).toBe('2026-11-26T08:59');
    for (let u = 0; u < 1; u += 0.01) {
      const hour = Number(ist(daytimeBetween(from, to, u)!).slice(11, 13));
      expect(hour >= 7 && hour < 21).toBe(true);
    }
    // 22:00 to 06:00: no day hour in it.
    expect(
      daytimeBetween(new Date('2026-11-24T16:30:00Z').getTime(), new Date('2026-11-25T00:30:00Z').getTime(), 0.5),
    ).toBeNull();
  });
});
