import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerSeconds,
  assignedDeadline,
  assignmentState,
  checkAnswer,
  fiftyFiftyApplies,
  fiftyFiftyRemoval,
  isKeyShown,
  isPastGrace,
  marksAtFinish,
  practiceQuestionCount,
  practiceSeconds,
  presentAttempt,
  questionStatus,
  quizAnswerMarks,
  type AnswerState,
  type AttemptState,
} from './attempt-rules';

const T0 = new Date('2026-11-20T10:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

describe('answerSeconds: served to answered, less 1 s of network and 10 s of Timer, never below 0', () => {
  it.each([
    [0, false, 0],
    [0.5, false, 0],
    [1, false, 0],
    [11, false, 10],
    [11.001, false, 10.001],
    [21, true, 10],
    [5, true, 0],
  ])('%s s raw, Timer %s -> %s s', (raw, timer, expected) => {
    expect(answerSeconds(T0, at(raw), timer)).toBeCloseTo(expected, 6);
  });
});

describe('quizAnswerMarks by server time', () => {
  it.each([
    [10, true, 300],
    [10.001, true, 200],
    [20, true, 200],
    [20.001, true, 100],
    [600, true, 100],
    [1, false, 0],
  ])('%s s, correct %s -> %s', (seconds, correct, marks) => {
    expect(quizAnswerMarks('multiple_choice', correct, seconds)).toBe(marks);
  });
  it('leaves open-ended answers to a teacher', () => {
    expect(quizAnswerMarks('open_ended', null, 1)).toBeNull();
  });
});

describe('the deadline and its grace', () => {
  it('is past only after deadline + 3 s', () => {
    expect(isPastGrace(T0, at(3))).toBe(false);
    expect(isPastGrace(T0, at(3.001))).toBe(true);
  });
  it('an assigned attempt ends at its duration or when the assignment closes, whichever is first', () => {
    expect(assignedDeadline(T0, 30, at(3600))).toEqual(at(1800));
    expect(assignedDeadline(T0, 30, at(600))).toEqual(at(600));
  });
});

describe('practice size', () => {
  it.each([
    ['quiz', 100, 10],
    ['quiz', 10, 10],
    ['quiz', 9, 9],
    ['quiz', 4, 4],
    ['quiz', 3, null],
    ['test', 19, 19],
    ['test', 0, null],
  ] as const)('%s from a bank of %s -> %s questions', (kind, bank, expected) => {
    expect(practiceQuestionCount(kind, bank)).toBe(expected);
  });
  it('allows 30 s a quiz question and 60 s a test question (10 in 5 minutes, 20 in 20)', () => {
    expect(practiceSeconds('quiz', 10)).toBe(300);
    expect(practiceSeconds('test', 20)).toBe(1200);
    expect(practiceSeconds('quiz', 4)).toBe(120);
  });
});

const question = (over: Partial<AnswerState> = {}): AnswerState => ({
  position: 1,
  type: 'multiple_choice',
  text: 'Q?',
  options: ['a', 'b', 'c', 'd'],
  answer: [1],
  solution: 'b',
  imageId: null,
  removedOptions: [],
  servedAt: null,
  answeredAt: null,
  chosen: null,
  textAnswer: null,
  correct: null,
  marks: null,
  review: false,
  bookmarked: false,
  markedAt: null,
  comment: null,
  ...over,
});

describe('checkAnswer', () => {
  it('accepts one option of a single-choice question, sorted options of multiple select, text of open-ended', () => {
    expect(checkAnswer(question(), { chosen: [2], textAnswer: null })).toEqual({
      ok: true,
      clear: false,
      chosen: [2],
      textAnswer: null,
    });
    expect(checkAnswer(question({ type: 'multiple_select' }), { chosen: [3, 0], textAnswer: null })).toEqual({
      ok: true,
      clear: false,
      chosen: [0, 3],
      textAnswer: null,
    });
    expect(
      checkAnswer(question({ type: 'open_ended', options: [] }), { chosen: null, textAnswer: 'words' }),
    ).toMatchObject({ ok: true, textAnswer: 'words' });
    expect(checkAnswer(question(), { chosen: [], textAnswer: '' })).toEqual({ ok: true, clear: true });
  });
  it.each([
    ['an option the question lacks', question(), [4], null],
    ['two options on single choice', question(), [0, 1], null],
    ['an option twice', question({ type: 'multiple_select' }), [1, 1], null],
    ['an option 50-50 took away', question({ removedOptions: [0, 2] }), [2], null],
    ['text on a choice question', question(), [], 'b'],
    ['options on an open-ended one', question({ type: 'open_ended', options: [] }), [0], null],
  ])('refuses %s', (_what, q, chosen, textAnswer) => {
    expect(checkAnswer(q, { chosen, textAnswer }).ok).toBe(false);
  });
});

describe('50-50', () => {
  it('needs two wrong options and a type with options that is not true/false', () => {
    expect(fiftyFiftyApplies(question())).toBe(true);
    expect(fiftyFiftyApplies(question({ options: ['a', 'b'], answer: [1] }))).toBe(false);
    expect(fiftyFiftyApplies(question({ type: 'true_false', options: ['True', 'False'], answer: [0] }))).toBe(false);
    expect(fiftyFiftyApplies(question({ type: 'open_ended', options: [], answer: [] }))).toBe(false);
    expect(
      fiftyFiftyApplies(question({ type: 'multiple_select', options: ['a', 'b', 'c', 'd'], answer: [0, 1, 2] })),
    ).toBe(false);
  });
  it('takes away two wrong options, the same ones every time for an attempt and position', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 3, max: 6 }),
        fc.nat(),
        (id, position, n, seed) => {
          const answer = [seed % n];
          const q = { position, options: Array.from({ length: n }, (_, i) => `o${i}`), answer };
          const removed = fiftyFiftyRemoval(id, q);
          expect(removed).toHaveLength(2);
          expect(removed.some((i) => answer.includes(i))).toBe(false);
          expect(new Set(removed).size).toBe(2);
          expect(fiftyFiftyRemoval(id, q)).toEqual(removed);
        },
      ),
    );
  });
  it('differs between attempts (not always the first two wrong options)', () => {
    const q = { position: 1, options: ['a', 'b', 'c', 'd', 'e', 'f'], answer: [0] };
    const choices = new Set(
      Array.from({ length: 20 }, (_, i) =>
        fiftyFiftyRemoval(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, q).join(),
      ),
    );
    expect(choices.size).toBeGreaterThan(3);
  });
});

describe('marks at finish', () => {
  it('marks a test’s answers now, keeps a quiz’s, and counts unanswered questions 0 (open-ended too)', () => {
    const answered = { answeredAt: T0, servedAt: T0 };
    const answers = [
      question({ ...answered, correct: true, marks: 300 }),
      question({ position: 2, ...answered, correct: false, marks: 0 }),
      question({ position: 3 }),
      question({ position: 4, type: 'open_ended', options: [], answer: [], ...answered }),
      question({ position: 5, type: 'open_ended', options: [], answer: [] }),
    ];
    expect(marksAtFinish('test', answers).map((m) => m.marks)).toEqual([100, 0, 0, null, 0]);
    expect(marksAtFinish('quiz', answers).map((m) => m.marks)).toEqual([300, 0, 0, null, 0]);
  });
});

describe('what the student is shown', () => {
  const attempt = (over: Partial<AttemptState> = {}): AttemptState => ({
    id: 'a',
    kind: 'quiz',
    startedAt: T0,
    deadlineAt: at(300),
    finishedAt: null,
    finishReason: null,
    timerPosition: null,
    timerUsedAt: null,
    fiftyPosition: null,
    marks: null,
    maxMarks: 600,
    ...over,
  });
  const labels = { name: 'Science', mode: 'practice' as const, subject: { id: 1, slug: 'science', name: 'Science' } };

  it('the panel: not visited, to be reviewed, answered, unanswered', () => {
    expect(questionStatus({ servedAt: null, answeredAt: null, review: true })).toBe('not_visited');
    expect(questionStatus({ servedAt: T0, answeredAt: T0, review: true })).toBe('review');
    expect(questionStatus({ servedAt: T0, answeredAt: T0, review: false })).toBe('answered');
    expect(questionStatus({ servedAt: T0, answeredAt: null, review: false })).toBe('unanswered');
  });

  it('never shows a key before it is final: a test’s not before finishing, a quiz’s not before answering', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('quiz' as const, 'test' as const),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (kind, served, answered, finished) => {
          const q = question({
            servedAt: served || answered ? T0 : null,
            answeredAt: answered ? T0 : null,
            correct: answered ? true : null,
          });
          const shown = presentAttempt(
            attempt({ kind, finishedAt: finished ? at(10) : null, finishReason: finished ? 'submitted' : null }),
            [q],
            labels,
            at(20),
          );
          const result = shown.questions[0]!.result;
          const final = finished || (kind === 'quiz' && answered);
          expect(result !== null).toBe(final);
          expect(isKeyShown(kind, finished, q)).toBe(final);
          if (!final) expect(JSON.stringify(shown)).not.toMatch(/"solution"|"answer"/);
          // A quiz question's text only once served (or finished).
          expect(shown.questions[0]!.text === '').toBe(kind === 'quiz' && !finished && !(served || answered));
        },
      ),
    );
  });

  it('counts open-ended answers waiting for a teacher once the attempt is finished', () => {
    const open = question({
      type: 'open_ended',
      options: [],
      answer: [],
      servedAt: T0,
      answeredAt: T0,
      textAnswer: 'x',
    });
    expect(presentAttempt(attempt(), [open], labels, T0).awaitingMarking).toBe(0);
    expect(
      presentAttempt(attempt({ finishedAt: T0, finishReason: 'submitted' }), [open], labels, T0).awaitingMarking,
    ).toBe(1);
    expect(
      presentAttempt(
        attempt({ finishedAt: T0, finishReason: 'submitted' }),
        [{ ...open, markedAt: T0, marks: 150 }],
        labels,
        T0,
      ).awaitingMarking,
    ).toBe(0);
  });
});

describe('assignment states', () => {
  const window = { opensAt: at(0), closesAt: at(100) };
  it.each([
    [-1, null, 'not_open'],
    [0, null, 'open'],
    [99, null, 'open'],
    [100, null, 'closed'],
    [150, { finishedAt: null }, 'started'],
    [50, { finishedAt: at(60) }, 'finished'],
  ] as const)('at %s s with attempt %j -> %s', (s, attempt, state) => {
    expect(assignmentState(window, attempt, at(s))).toBe(state);
  });
});
