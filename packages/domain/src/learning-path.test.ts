import { describe, expect, it } from 'vitest';
import { chapterPathState, isAnswerCorrect, mistakeFeedback, timeFeedback } from './learning-path';

describe('chapterPathState (scoring-and-metrics.md Chapter; access-and-app-shell.md 4.9)', () => {
  const state = (islandCount: number, topicsCompleted: number, reviseDone = false, treasureDone = false) =>
    chapterPathState({ islandCount, topicsCompleted, reviseDone, treasureDone });

  it('"revise unlocks when all its topics are completed"', () => {
    expect(state(3, 2).revise).toEqual({ locked: true, reason: 'TOPICS_INCOMPLETE', done: false });
    expect(state(3, 3).revise).toEqual({ locked: false, reason: null, done: false });
  });

  it('"treasure when revise is done too"', () => {
    expect(state(3, 2).treasure).toMatchObject({ locked: true, reason: 'TOPICS_INCOMPLETE' });
    expect(state(3, 3).treasure).toMatchObject({ locked: true, reason: 'REVISE_INCOMPLETE' });
    expect(state(3, 3, true).treasure).toMatchObject({ locked: false, reason: null, done: false });
    expect(state(3, 3, true, true).treasure).toMatchObject({ locked: false, done: true });
  });

  it('a revise done earlier does not open the treasure while topics are missing (a topic added later)', () => {
    expect(state(4, 3, true).treasure).toMatchObject({ locked: true, reason: 'TOPICS_INCOMPLETE' });
    expect(state(4, 3, true).revise).toMatchObject({ locked: true, done: true });
  });

  it('keeps a chapter without islands closed', () => {
    expect(state(0, 0).revise.locked).toBe(true);
    expect(state(0, 0).treasure.locked).toBe(true);
  });
});

describe('feedback bands (access-and-app-shell.md 9)', () => {
  it('by wrong-answer count: 0, 1, 2, more', () => {
    expect([0, 1, 2, 3, 10].map(mistakeFeedback)).toEqual(['none', 'one', 'two', 'more', 'more']);
  });
  it('by average seconds: 0-10, 10-20, 20-30', () => {
    expect([0, 9.9, 10, 19.99, 20, 30].map(timeFeedback)).toEqual(['fast', 'fast', 'steady', 'steady', 'slow', 'slow']);
  });
});

describe('isAnswerCorrect', () => {
  it('needs exactly the key’s options, each once', () => {
    expect(isAnswerCorrect('multiple_choice', [2], [2])).toBe(true);
    expect(isAnswerCorrect('multiple_choice', [2], [1])).toBe(false);
    expect(isAnswerCorrect('multiple_select', [0, 2], [2, 0])).toBe(true);
    expect(isAnswerCorrect('multiple_select', [0, 2], [0])).toBe(false);
    expect(isAnswerCorrect('multiple_select', [0, 2], [0, 0])).toBe(false);
    expect(isAnswerCorrect('multiple_select', [0, 2], [0, 1, 2])).toBe(false);
    expect(isAnswerCorrect('true_false', [0], [])).toBe(false);
  });
  it('never marks an open-ended answer right', () => {
    expect(isAnswerCorrect('open_ended', [], [])).toBe(false);
  });
});
