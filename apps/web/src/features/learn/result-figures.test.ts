import { describe, expect, it } from 'vitest';
import type { GivenAnswer } from './game-state';
import { gameFigures } from './result-figures';

/** Ten answers of `seconds` each, the first `right` of them right. */
const game = (right: number, seconds: number): GivenAnswer[] =>
  Array.from({ length: 10 }, (_, i) => ({ questionId: i + 1, chosen: [i < right ? 1 : 0], seconds, correct: i < right }));

describe('the time feedback of a finished game', () => {
  it('does not praise a guessing run for its speed (issue #28): 3 of 10 at 2 s a question is rushed', () => {
    expect(gameFigures(game(3, 2), 10).feedback.time).toBe('rushed');
  });
  it('praises speed with care: 8 of 10 at 2 s a question is fast', () => {
    expect(gameFigures(game(8, 2), 10).feedback.time).toBe('fast');
  });
});
