/**
 * Finished assessment attempts and their learning records for tests: an attempt row as the engine
 * leaves it at finish, and its record stored through the records module's writer
 * (storeAttemptRecord), in one transaction, as the engine does.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { storeAttemptRecord, type AttemptRecordAnswer } from '../modules/records/records.service';

export interface TestAttemptOptions {
  studentId: number;
  schoolId: number;
  boardId: number;
  grade: number;
  subjectId: number;
  kind?: 'quiz' | 'test';
  finishedAt: Date;
  /** Auto-marked questions: the first `correct` right, then `wrong` wrong, then `unanswered` left out. */
  correct: number;
  wrong?: number;
  unanswered?: number;
  /** Open-ended questions answered (a teacher marks them later). */
  openEnded?: number;
  /** Server-timed seconds of every answer. */
  seconds: number;
  marks?: number;
  attemptId?: string;
}

/** The answers of a test attempt as the engine hands them to storeAttemptRecord. */
export function testAttemptAnswers(
  opts: Pick<TestAttemptOptions, 'correct' | 'wrong' | 'unanswered' | 'openEnded' | 'seconds'>,
): AttemptRecordAnswer[] {
  const answers: AttemptRecordAnswer[] = [];
  const add = (a: Omit<AttemptRecordAnswer, 'questionRef'>) => answers.push({ questionRef: answers.length + 1, ...a });
  for (let i = 0; i < opts.correct; i++) add({ chosen: [1], seconds: opts.seconds, correct: true, autoMarked: true });
  for (let i = 0; i < (opts.wrong ?? 0); i++)
    add({ chosen: [0], seconds: opts.seconds, correct: false, autoMarked: true });
  for (let i = 0; i < (opts.unanswered ?? 0); i++) add({ chosen: null, seconds: 0, correct: false, autoMarked: true });
  for (let i = 0; i < (opts.openEnded ?? 0); i++)
    add({ chosen: null, seconds: opts.seconds, correct: null, autoMarked: false });
  return answers;
}

/**
 * A finished practice attempt of the student and its learning record. The attempt starts ten
 * minutes before it finishes. Returns the attempt's and the record's ids.
 */
export async function storeTestAttempt(
  db: Kysely<DB>,
  opts: TestAttemptOptions,
): Promise<{ attemptId: string; recordId: string }> {
  const attemptId = opts.attemptId ?? randomUUID();
  const kind = opts.kind ?? 'quiz';
  const answers = testAttemptAnswers(opts);
  const startedAt = new Date(opts.finishedAt.getTime() - 10 * 60_000);
  const marks = opts.marks ?? opts.correct * (kind === 'quiz' ? 300 : 100);
  const recordId = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('assessment_attempts')
      .values({
        id: attemptId,
        student_id: opts.studentId,
        school_id: opts.schoolId,
        board_id: opts.boardId,
        grade: opts.grade,
        subject_id: opts.subjectId,
        kind,
        question_count: answers.length,
        started_at: startedAt,
        deadline_at: opts.finishedAt,
        finished_at: opts.finishedAt,
        finish_reason: 'submitted',
        marks,
        max_marks: answers.length * 300,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const id = await storeAttemptRecord(trx, {
      attemptId,
      studentId: opts.studentId,
      schoolId: opts.schoolId,
      boardId: opts.boardId,
      grade: opts.grade,
      subjectId: opts.subjectId,
      kind,
      startedAt,
      finishedAt: opts.finishedAt,
      answers,
      marks,
    });
    await trx.updateTable('assessment_attempts').set({ record_id: id }).where('id', '=', attemptId).execute();
    return id;
  });
  return { attemptId, recordId };
}
