/** The record a finished attempt becomes (docs/DECISIONS.md "Assessment"), without a database. */
import { describe, expect, it } from 'vitest';
import { attemptRecord, type AttemptRecordInput } from './attempt-record';

const input = (answers: AttemptRecordInput['answers'], kind: 'quiz' | 'test' = 'test'): AttemptRecordInput => ({
  attemptId: '00000000-0000-4000-8000-0000000000aa',
  studentId: 7,
  schoolId: 1,
  boardId: 2,
  grade: 8,
  subjectId: 20,
  kind,
  startedAt: new Date('2026-11-19T10:00:00Z'),
  // An hour's span (a break mid-attempt): time spent is the answers' seconds, not this.
  finishedAt: new Date('2026-11-19T11:00:00Z'),
  answers,
  marks: 200,
});

describe('attemptRecord', () => {
  it('counts accuracy over the auto-marked questions and time over every answered one, 1..30 s each', () => {
    const row = attemptRecord(
      'rec',
      input([
        { questionRef: 1, chosen: [2], seconds: 0.4, correct: true, autoMarked: true }, // counts 1 s
        { questionRef: 2, chosen: [0, 3], seconds: 45, correct: true, autoMarked: true }, // counts 30 s
        { questionRef: 3, chosen: [1], seconds: 12.5, correct: false, autoMarked: true },
        { questionRef: 4, chosen: null, seconds: 0, correct: false, autoMarked: true }, // unanswered: nothing
        { questionRef: 5, chosen: [], seconds: 9, correct: false, autoMarked: true }, // nothing chosen: unanswered
        { questionRef: 6, chosen: null, seconds: 200, correct: null, autoMarked: false }, // open-ended: 30 s, no accuracy
        { questionRef: 7, chosen: null, seconds: 0, correct: null, autoMarked: false }, // open-ended left blank
      ]),
    );
    expect(row).toMatchObject({
      id: 'rec',
      kind: 'test',
      chapter_id: null,
      topic_id: null,
      attempt_id: '00000000-0000-4000-8000-0000000000aa',
      question_count: 5,
      answered_count: 3,
      correct_count: 2,
      // 1 + 30 + 12.5 + 30 = 73.5, rounded half up.
      question_seconds: 74,
      duration_seconds: 74,
      marks: 200,
      learning_currency: null,
      learning_efficiency: null,
      percent: null,
    });
    expect(row.answers).toEqual([
      { q: 1, c: [2], s: 1, ok: true },
      { q: 2, c: [0, 3], s: 30, ok: true },
      { q: 3, c: [1], s: 12.5, ok: false },
      { q: 4, c: null, s: 0, ok: false },
      { q: 5, c: null, s: 0, ok: false },
      { q: 6, c: null, s: 30, ok: null },
      { q: 7, c: null, s: 0, ok: null },
    ]);
  });

  it('never counts an unanswered question as correct, whatever the engine says', () => {
    const row = attemptRecord(
      'rec',
      input([{ questionRef: 1, chosen: null, seconds: 0, correct: true, autoMarked: true }], 'quiz'),
    );
    expect(row).toMatchObject({ question_count: 1, answered_count: 0, correct_count: 0, question_seconds: 0 });
  });

  it('refuses an attempt that finishes before it starts', () => {
    const bad = { ...input([]), finishedAt: new Date('2026-11-19T09:00:00Z') };
    expect(() => attemptRecord('rec', bad)).toThrow(RangeError);
  });
});
