import { describe, expect, it } from 'vitest';
import type { BundleChapter, BundleQuestion, BundleTopic } from '@ki/contracts';
import { GAME_SIZE, pickChapterQuestions, pickTopicQuestions } from './game-questions';
import { gameReducer, initialGame, questionStatuses } from './game-state';
import { gameFigures, toRecordInput } from './result-figures';

/** A seeded random source (mulberry32), so every shuffle is the same each run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let nextId = 1;
const question = (type: BundleQuestion['type'] = 'multiple_choice', answer = [1]): BundleQuestion => ({
  id: nextId++,
  type,
  text: 'Q',
  options: type === 'open_ended' ? [] : ['a', 'b', 'c'],
  answer: type === 'open_ended' ? [] : answer,
  solution: 'S',
  language: 'en',
});
const topic = (id: number, questions: BundleQuestion[]): BundleTopic => ({
  id,
  slug: `t${id}`,
  name: `T${id}`,
  nameLanguage: 'en',
  concept: null,
  questions,
});

describe('pickTopicQuestions', () => {
  it('draws ten distinct markable questions, never open-ended ones', () => {
    const t = topic(1, [
      ...Array.from({ length: 11 }, () => question()),
      question('open_ended'),
      question('open_ended'),
    ]);
    const picked = pickTopicQuestions(t, seeded(1))!;
    expect(picked).toHaveLength(GAME_SIZE);
    expect(new Set(picked.map((q) => q.id)).size).toBe(GAME_SIZE);
    expect(picked.every((q) => q.type !== 'open_ended')).toBe(true);
  });
  it('is null when fewer than ten questions can be marked', () => {
    expect(
      pickTopicQuestions(topic(1, [...Array.from({ length: 9 }, () => question()), question('open_ended')])),
    ).toBeNull();
  });
});

describe('pickChapterQuestions (revise and treasure)', () => {
  it('asks about every topic before asking any topic twice', () => {
    const chapter: BundleChapter = {
      id: 1,
      slug: 'c',
      name: 'C',
      nameLanguage: 'en',
      topics: [1, 2, 3, 4].map((id) =>
        topic(
          id,
          Array.from({ length: 10 }, () => question()),
        ),
      ),
    };
    const byTopic = new Map(chapter.topics.flatMap((t) => t.questions.map((q) => [q.id, t.id] as const)));
    const picked = pickChapterQuestions(chapter, seeded(7))!;
    expect(picked).toHaveLength(10);
    const counts = [1, 2, 3, 4].map((id) => picked.filter((q) => byTopic.get(q.id) === id).length).sort();
    expect(counts).toEqual([2, 2, 3, 3]);
  });
  it('is null for a chapter with fewer than ten markable questions', () => {
    expect(
      pickChapterQuestions({
        id: 1,
        slug: 'c',
        name: 'C',
        nameLanguage: 'en',
        topics: [
          topic(
            1,
            Array.from({ length: 4 }, () => question()),
          ),
        ],
      }),
    ).toBeNull();
  });
});

describe('game state', () => {
  const qs = Array.from({ length: 10 }, (_, i) =>
    question(i === 1 ? 'multiple_select' : 'multiple_choice', i === 1 ? [0, 2] : [1]),
  );
  it('marks each answer with the rules the server uses, times out to unanswered at 30 s', () => {
    let s = initialGame(qs, '2026-11-20T10:00:00Z');
    expect(questionStatuses(s)[0]).toBe('current');
    s = gameReducer(s, { type: 'answer', chosen: [1], seconds: 4.2 });
    expect(s.answers[0]).toMatchObject({ correct: true, seconds: 4.2 });
    // Answering twice is ignored.
    expect(gameReducer(s, { type: 'answer', chosen: [0], seconds: 1 })).toBe(s);
    s = gameReducer(s, { type: 'next' });
    s = gameReducer(s, { type: 'answer', chosen: [2, 0], seconds: 50 });
    expect(s.answers[1]).toMatchObject({ correct: true, seconds: 30 });
    s = gameReducer(s, { type: 'next' });
    s = gameReducer(s, { type: 'timeout' });
    expect(s.answers[2]).toEqual({ questionId: qs[2]!.id, chosen: null, seconds: 30, correct: false });
    expect(questionStatuses(s).slice(0, 4)).toEqual(['correct', 'correct', 'unanswered', 'notVisited']);
    s = gameReducer(s, { type: 'next' });
    s = gameReducer(s, { type: 'answer', chosen: [0], seconds: 10 });
    expect(questionStatuses(s)[3]).toBe('wrong');
    expect(questionStatuses(s, false)[3]).toBe('correct');
    // A tap faster than the server's 1 s minimum is recorded as the server will count it.
    s = gameReducer(gameReducer(s, { type: 'next' }), { type: 'answer', chosen: [1], seconds: 0.3 });
    expect(s.answers[4]).toMatchObject({ correct: true, seconds: 1 });
  });
  it('ends after the tenth question', () => {
    let s = initialGame(qs, '2026-11-20T10:00:00Z');
    for (let i = 0; i < 10; i++) {
      s = gameReducer(s, { type: 'answer', chosen: [1], seconds: 12 });
      s = gameReducer(s, { type: 'next' });
    }
    expect(s.phase).toBe('done');
    expect(s.answers).toHaveLength(10);
  });
});

describe('result figures (the spec’s worked example)', () => {
  it('8 of 10 correct at 12 s average -> LC 87, accuracy 80 %, te 72 %', () => {
    const answers = Array.from({ length: 10 }, (_, i) => ({
      questionId: i + 1,
      chosen: [1],
      seconds: 12,
      correct: i < 8,
    }));
    const f = gameFigures(answers, 10);
    expect(f).toMatchObject({ correct: 8, mistakes: 2, accuracy: 80, learningCurrency: 87, averageSeconds: 12 });
    expect(f.timeEfficiency).toBeCloseTo(72, 9);
    expect(f.learningEfficiency).toBeCloseTo(79.2727, 4);
    expect(f.feedback).toEqual({ mistakes: 'two', time: 'steady' });
  });
  it('an unanswered question counts as a mistake and 30 s', () => {
    const answers = Array.from({ length: 10 }, (_, i) => ({
      questionId: i + 1,
      chosen: i === 0 ? null : [1],
      seconds: i === 0 ? 30 : 3,
      correct: i !== 0,
    }));
    const f = gameFigures(answers, 10);
    expect(f).toMatchObject({ correct: 9, answered: 9, mistakes: 1, feedback: { mistakes: 'one', time: 'fast' } });
    expect(f.averageSeconds).toBeCloseTo(5.7, 9);
  });
  it('leads a child’s result with stars, and does not praise a guessing run as fast (issue #28)', () => {
    const game = (right: number, seconds: number) =>
      gameFigures(
        Array.from({ length: 10 }, (_, i) => ({ questionId: i + 1, chosen: [1], seconds, correct: i < right })),
        10,
      );
    expect(game(8, 12)).toMatchObject({ stars: 2, questionCount: 10 });
    // Ten taps at 2 s, three right by luck: no stars, and "slow down", not "Lightning fast".
    expect(game(3, 2)).toMatchObject({ stars: 0, feedback: { mistakes: 'more', time: 'rushed' } });
    expect(game(9, 2)).toMatchObject({ stars: 3, feedback: { time: 'fast' } });
  });
  it('counts an empty choice as unanswered, as the server marks it', () => {
    const answers = Array.from({ length: 10 }, (_, i) => ({
      questionId: i + 1,
      chosen: i === 0 ? [] : [1],
      seconds: 10,
      correct: i !== 0,
    }));
    expect(gameFigures(answers, 10)).toMatchObject({ correct: 9, answered: 9, mistakes: 1 });
  });
  it('builds the record the server expects', () => {
    const rec = toRecordInput({
      id: 'x',
      kind: 'revise',
      chapterId: 3,
      topicId: null,
      startedAt: 'a',
      finishedAt: 'b',
      answers: [{ questionId: 1, chosen: null, seconds: 30, correct: false }],
    });
    expect(rec).toEqual({
      id: 'x',
      kind: 'revise',
      chapterId: 3,
      startedAt: 'a',
      finishedAt: 'b',
      answers: [{ questionId: 1, chosen: null, seconds: 30 }],
    });
  });
});
