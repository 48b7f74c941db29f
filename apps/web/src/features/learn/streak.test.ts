import { describe, expect, it } from 'vitest';
import { shownStreak } from './streak';

const NOW = new Date('2026-11-27T06:30:00Z'); // noon in India on the 27th
const saved = { days: 4, lastActiveDay: '2026-11-26', timeZone: 'Asia/Kolkata' };

describe('the streak the device shows', () => {
  it('reads the saved answer on today’s date: alive through the day after, then over', () => {
    expect(shownStreak(saved, [], NOW)).toEqual({ days: 4, state: 'keep-it' });
    expect(shownStreak(saved, [], new Date('2026-11-28T06:30:00Z'))).toEqual({ days: 0, state: 'start-one' });
  });
  it('adds the records not sent yet, each on its day in the school’s zone', () => {
    // 00:10 on the 27th in India (18:40 UTC on the 26th): today, so the streak rises to 5.
    expect(shownStreak(saved, ['2026-11-26T18:40:00Z'], NOW)).toEqual({ days: 5, state: 'done-today' });
    // 23:50 on the 26th in India: a day the answer already counts.
    expect(shownStreak(saved, ['2026-11-26T18:20:00Z'], NOW)).toEqual({ days: 4, state: 'keep-it' });
  });
  it('shows nothing for an answer saved before streaks existed', () => {
    expect(shownStreak(undefined, [], NOW)).toBeNull();
  });
});
