import { describe, expect, it } from 'vitest';
import { competitionRank, isRightChoice, roundOutcome, scoreCounts } from './live-scoreboard';

describe('live challenge scoreboard (issue #24: each device reads its own place off the round)', () => {
  it('counts players per score, highest first', () => {
    expect(scoreCounts([300, 0, 600, 300, 300])).toEqual([
      [600, 1],
      [300, 3],
      [0, 1],
    ]);
    expect(scoreCounts([])).toEqual([]);
  });

  it('ranks as competitions do: equal scores share a place, the next place skips', () => {
    const counts = scoreCounts([900, 600, 600, 300]);
    expect([900, 600, 300].map((s) => competitionRank(s, counts))).toEqual([1, 2, 4]);
    // A score nobody holds takes the place it would have.
    expect(competitionRank(700, counts)).toBe(2);
    expect(competitionRank(0, counts)).toBe(5);
  });

  it('marks a round as a quiz question (scoring-and-metrics.md: 300 within 10 s, 200 within 20 s, 100 later, 0 wrong)', () => {
    expect(roundOutcome([2], { choice: 2, seconds: 10 })).toEqual({ correct: true, gained: 300 });
    expect(roundOutcome([2], { choice: 2, seconds: 11 })).toEqual({ correct: true, gained: 200 });
    expect(roundOutcome([2], { choice: 2, seconds: 21 })).toEqual({ correct: true, gained: 100 });
    expect(roundOutcome([2], { choice: 1, seconds: 3 })).toEqual({ correct: false, gained: 0 });
    expect(roundOutcome([2], null)).toEqual({ correct: false, gained: 0 });
    // A live question has one key: a question keyed with two options is never right.
    expect(isRightChoice([1, 2], 1)).toBe(false);
  });
});
