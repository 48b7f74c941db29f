/**
 * The learning record a finished attempt becomes (docs/DECISIONS.md "Assessment", "Learning
 * records"): written in the finishing transaction through the records module's writer, so an attempt
 * is finished exactly when its record exists. This file is the one place the assessment module
 * meets the records module.
 */
import type { AssessmentKind } from '@ki/contracts';
import type { QuestionType } from '@ki/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** A finished attempt as its learning record needs it: placement, times, marks and each question's outcome. */
export interface FinishedAttempt {
  attemptId: string;
  studentId: number;
  schoolId: number;
  boardId: number;
  grade: number;
  subjectId: number;
  kind: AssessmentKind;
  startedAt: Date;
  finishedAt: Date;
  /** The attempt's marks at finish (open-ended answers add theirs to the attempt when marked). */
  marks: number;
  answers: {
    position: number;
    type: QuestionType;
    answered: boolean;
    /** Null for open-ended (a teacher marks it). */
    correct: boolean | null;
    chosen: number[] | null;
    /** Server-timed seconds (served to answered, less the allowances); null when unanswered. */
    seconds: number | null;
    marks: number | null;
  }[];
}

/**
 * Stores the attempt's learning record in `trx` and returns its id (kept in
 * assessment_attempts.record_id), or null when no record is written.
 */
export async function storeAttemptRecord(_trx: Transaction<DB>, _attempt: FinishedAttempt): Promise<string | null> {
  return null;
}
