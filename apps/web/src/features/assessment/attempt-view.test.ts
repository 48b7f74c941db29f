import { describe, expect, it } from 'vitest';
import {
  fiftyFiftyFits,
  isAnswered,
  nextUnanswered,
  openingPosition,
  panelEntries,
  resultCounts,
  statusCounts,
  unattempted,
} from './attempt-view';
import { fakeAttempt, loaded, question } from './fake-attempt';

const NONE = {};

describe('the question-status panel', () => {
  const attempt = loaded(
    fakeAttempt({
      questions: [
        question(1, 'multiple_choice', { status: 'answered', chosen: [2] }),
        question(2, 'fill_blank', { status: 'unanswered' }),
        question(3, 'multiple_select', { status: 'review', bookmarked: true }),
        question(4, 'true_false'),
        question(5, 'open_ended', { status: 'unanswered' }),
      ],
    }),
  );

  it('shows the server’s statuses, the current question, bookmarks, and an answer on its way as answered', () => {
    const entries = panelEntries(attempt, 2, { 5: { chosen: null, textAnswer: 'Because' } });
    expect(entries.map((e) => e.status)).toEqual(['answered', 'current', 'review', 'not_visited', 'answered']);
    expect(entries.map((e) => e.base)).toEqual(['answered', 'unanswered', 'review', 'not_visited', 'answered']);
    expect(entries.filter((e) => e.bookmarked).map((e) => e.position)).toEqual([3]);
    expect(entries.filter((e) => e.pending).map((e) => e.position)).toEqual([5]);
    expect(statusCounts(entries)).toEqual({ answered: 2, unanswered: 1, review: 1, not_visited: 1, bookmarked: 1 });
  });

  it('counts the unattempted questions for the submit dialog (a question to review with an answer is attempted)', () => {
    expect(unattempted(attempt, NONE)).toBe(4);
    expect(unattempted(attempt, { 2: { chosen: [0], textAnswer: null } })).toBe(3);
    const reviewed = loaded(
      fakeAttempt({ questions: [question(1, 'multiple_choice', { status: 'review', chosen: [1] })] }),
    );
    expect(unattempted(reviewed, NONE)).toBe(0);
    expect(isAnswered(reviewed.questions[0]!, NONE)).toBe(true);
  });

  it('opens where the address says, else at the first question without an answer', () => {
    expect(openingPosition(attempt, 4, NONE)).toBe(4);
    expect(openingPosition(attempt, 9, NONE)).toBe(2);
    expect(openingPosition(attempt, null, { 2: { chosen: [1], textAnswer: null } })).toBe(3);
    const done = loaded(fakeAttempt({ questions: [question(1, 'true_false', { status: 'answered', chosen: [0] })] }));
    expect(openingPosition(done, null, NONE)).toBe(1);
  });

  it('after an answer goes to the next question without one, wrapping round, and to none when all are answered', () => {
    expect(nextUnanswered(attempt, 2, NONE)).toBe(3);
    expect(nextUnanswered(attempt, 5, NONE)).toBe(2);
    const all = {
      2: { chosen: [1], textAnswer: null },
      3: { chosen: [1], textAnswer: null },
      4: { chosen: [0], textAnswer: null },
      5: { chosen: null, textAnswer: 'x' },
    };
    expect(nextUnanswered(attempt, 5, all)).toBeNull();
  });
});

describe('50-50', () => {
  it('fits a choice among at least three options still shown, never true/false or open-ended', () => {
    expect(fiftyFiftyFits(question(1, 'multiple_choice'))).toBe(true);
    expect(fiftyFiftyFits(question(1, 'fill_blank'))).toBe(true);
    expect(fiftyFiftyFits(question(1, 'multiple_select'))).toBe(true);
    expect(fiftyFiftyFits(question(1, 'true_false'))).toBe(false);
    expect(fiftyFiftyFits(question(1, 'open_ended'))).toBe(false);
    expect(fiftyFiftyFits(question(1, 'multiple_choice', { removedOptions: [0, 3] }))).toBe(false);
  });
});

describe('the completion counts', () => {
  it('counts right, wrong, unanswered and open-ended answers still to be marked', () => {
    const result = (correct: boolean | null, marks: number | null) => ({
      answer: [0],
      solution: '',
      correct,
      marks,
      maxMarks: 100,
      seconds: 4,
      comment: null,
    });
    const attempt = loaded(
      fakeAttempt({
        finishedAt: '2026-11-26T06:33:00.000Z',
        awaitingMarking: 1,
        questions: [
          question(1, 'multiple_choice', { chosen: [0], result: result(true, 100) }),
          question(2, 'fill_blank', { chosen: [1], result: result(false, 0) }),
          question(3, 'multiple_select', { result: result(false, 0) }),
          question(4, 'true_false', { chosen: [0], result: result(true, 100) }),
          question(5, 'open_ended', { textAnswer: 'Because', result: result(null, null) }),
        ],
      }),
    );
    expect(resultCounts(attempt)).toEqual({ correct: 2, wrong: 1, unanswered: 1, awaitingMarking: 1 });
  });
});
