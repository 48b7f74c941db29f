import { describe, expect, it } from 'vitest';
import { reportingDay } from './days';
import { addDays, currentStreak, dailyStreak, streakState, streakWithDay } from './streak';

describe('daily streak (issue #28: days in a row with a finished activity, in the school’s zone)', () => {
  it('moves days across months, years and 29 February', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts the run ending today, or yesterday (still alive), with repeats and any order', () => {
    const today = '2026-11-27';
    expect(dailyStreak(['2026-11-25', '2026-11-27', '2026-11-26', '2026-11-27'], today)).toEqual({
      days: 3,
      lastActiveDay: today,
    });
    // Nothing yet today: yesterday's run still counts.
    expect(dailyStreak(['2026-11-24', '2026-11-25', '2026-11-26'], today)).toEqual({
      days: 3,
      lastActiveDay: '2026-11-26',
    });
    // A gap ends a run: only the days after it count.
    expect(
      dailyStreak(
        ['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
        today,
      ).days,
    ).toBe(5);
    // Across a month's end.
    expect(dailyStreak(['2026-10-31', '2026-11-01'], '2026-11-01').days).toBe(2);
  });

  it('is over when the last active day is before yesterday, and empty without any day', () => {
    expect(dailyStreak(['2026-11-24', '2026-11-25'], '2026-11-27')).toEqual({ days: 0, lastActiveDay: '2026-11-25' });
    expect(dailyStreak([], '2026-11-27')).toEqual({ days: 0, lastActiveDay: null });
    // A day after today (a device clock ahead) does not count.
    expect(dailyStreak(['2026-11-28'], '2026-11-27')).toEqual({ days: 0, lastActiveDay: null });
  });

  it('rises by one across midnight in the school’s zone, not UTC’s', () => {
    // 23:50 and 00:10 in India are 18:20 and 18:40 UTC of the same UTC day.
    const late = reportingDay(new Date('2026-11-26T18:20:00Z'), 'Asia/Kolkata');
    const early = reportingDay(new Date('2026-11-26T18:40:00Z'), 'Asia/Kolkata');
    expect([late, early]).toEqual(['2026-11-26', '2026-11-27']);
    expect(dailyStreak([late], late).days).toBe(1);
    expect(dailyStreak([late, early], early).days).toBe(2);
    // The same two moments in a school in UTC are one day.
    const utc = [
      reportingDay(new Date('2026-11-26T18:20:00Z'), 'UTC'),
      reportingDay(new Date('2026-11-26T18:40:00Z'), 'UTC'),
    ];
    expect(dailyStreak(utc, '2026-11-26').days).toBe(1);
  });

  it('a saved answer is read on the day it is shown: alive through the next day, then over', () => {
    const saved = { days: 4, lastActiveDay: '2026-11-26' };
    expect(currentStreak(saved, '2026-11-26')).toBe(4);
    expect(currentStreak(saved, '2026-11-27')).toBe(4);
    expect(currentStreak(saved, '2026-11-28')).toBe(0);
    expect(currentStreak({ days: 0, lastActiveDay: null }, '2026-11-28')).toBe(0);
  });

  it('a record not yet sent: the same day changes nothing, the next day extends, a later day starts again', () => {
    const saved = { days: 4, lastActiveDay: '2026-11-26' };
    expect(streakWithDay(saved, '2026-11-26')).toBe(saved);
    expect(streakWithDay(saved, '2026-11-27')).toEqual({ days: 5, lastActiveDay: '2026-11-27' });
    expect(streakWithDay(saved, '2026-11-29')).toEqual({ days: 1, lastActiveDay: '2026-11-29' });
    expect(streakWithDay({ days: 0, lastActiveDay: null }, '2026-11-27')).toEqual({
      days: 1,
      lastActiveDay: '2026-11-27',
    });
    // An ended run (days 0) does not extend from its old last day.
    expect(streakWithDay({ days: 0, lastActiveDay: '2026-11-26' }, '2026-11-27')).toEqual({
      days: 1,
      lastActiveDay: '2026-11-27',
    });
  });

  it('says done today, keep it, or start one', () => {
    expect(streakState({ days: 3, lastActiveDay: '2026-11-27' }, '2026-11-27')).toBe('done-today');
    expect(streakState({ days: 3, lastActiveDay: '2026-11-26' }, '2026-11-27')).toBe('keep-it');
    expect(streakState({ days: 3, lastActiveDay: '2026-11-25' }, '2026-11-27')).toBe('start-one');
    expect(streakState({ days: 0, lastActiveDay: null }, '2026-11-27')).toBe('start-one');
  });
});
