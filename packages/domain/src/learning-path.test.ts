import { describe, expect, it } from 'vitest';
import {
  chapterPathState,
  isAnswerCorrect,
  mistakeFeedback,
  nextPathStep,
  resultStars,
  RUSHED_BELOW_PERCENT,
  timeFeedback,
  type PathChapter,
} from './learning-path';

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
    expect([0, 9.9, 10, 19.99, 20, 30].map((t) => timeFeedback(t, 100))).toEqual([
      'fast',
      'fast',
      'steady',
      'steady',
      'slow',
      'slow',
    ]);
  });

  it('does not praise a guessing run as fast: under 10 s a question with fewer than 70 % right is rushed', () => {
    expect(timeFeedback(2, 30)).toBe('rushed');
    expect(timeFeedback(9.9, 69.99)).toBe('rushed');
    expect(timeFeedback(9.9, RUSHED_BELOW_PERCENT)).toBe('fast');
    // Slower bands keep their words whatever the accuracy.
    expect(timeFeedback(12, 30)).toBe('steady');
    expect(timeFeedback(25, 10)).toBe('slow');
  });
});

describe('resultStars (issue #28)', () => {
  it('gives three stars for 9 or 10 right of 10, two for 7 or 8, one for 4 to 6, none below', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => resultStars(c, 10))).toEqual([
      0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3,
    ]);
  });

  it('works for games of other lengths and none', () => {
    expect(resultStars(18, 20)).toBe(3);
    expect(resultStars(13, 20)).toBe(1);
    expect(resultStars(0, 0)).toBe(0);
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

describe('nextPathStep: "continue where you left off" (issue #28)', () => {
  const chapter = (id: number, done: boolean[], reviseDone = false, treasureDone = false): PathChapter => ({
    id,
    topics: done.map((completed, i) => ({ id: id * 10 + i + 1, completed })),
    reviseDone,
    treasureDone,
  });

  it('topics 1, 2, 3 of which 1 and 3 finished, last played 3 -> topic 2', () => {
    expect(nextPathStep([chapter(1, [true, false, true])], { chapterId: 1, topicId: 13 })).toEqual({
      chapterId: 1,
      stage: 'topic',
      topicId: 12,
    });
  });

  it('goes on after the topic last played before going back to an earlier one', () => {
    expect(nextPathStep([chapter(1, [false, true, false])], { chapterId: 1, topicId: 12 })).toEqual({
      chapterId: 1,
      stage: 'topic',
      topicId: 13,
    });
  });

  it('all topics done: the revise, then (revise done) the treasure, as the path opens them', () => {
    expect(nextPathStep([chapter(1, [true, true])], { chapterId: 1, topicId: 12 })).toEqual({
      chapterId: 1,
      stage: 'revise',
    });
    expect(nextPathStep([chapter(1, [true, true], true)], { chapterId: 1, topicId: null })).toEqual({
      chapterId: 1,
      stage: 'treasure',
    });
  });

  it('a chapter done leads to the first step of the next chapter not done, never back to an earlier one', () => {
    const chapters = [
      chapter(1, [false]),
      chapter(2, [true], true, true),
      chapter(3, [true, true], true, true),
      chapter(4, [true, false]),
    ];
    expect(nextPathStep(chapters, { chapterId: 2, topicId: null })).toEqual({
      chapterId: 4,
      stage: 'topic',
      topicId: 42,
    });
    expect(nextPathStep(chapters.slice(0, 3), { chapterId: 2, topicId: null })).toBeNull();
  });

  it('a chapter no longer on the path (unpublished, another grade) leads nowhere', () => {
    expect(nextPathStep([chapter(1, [false])], { chapterId: 9, topicId: 91 })).toBeNull();
  });
});
