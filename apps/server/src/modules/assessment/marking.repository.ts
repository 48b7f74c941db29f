/**
 * SQL of the marking queue (migrations/0019_assessments.sql `attempt_answers_marking_idx`): the
 * open-ended answers of finished attempts of teachers' quizzes that wait for marks, and the mark
 * itself. Typed rows, no rules, no access checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, QuestionType } from '../../db/schema';
import type { AssessmentScope } from '../../policy/assessment-authoring';
import { inScope } from './assessment-scope.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** At most this many answers in one look at the queue: a teacher marks from the oldest. */
export const MARKING_QUEUE_LIMIT = 500;

export interface QueueRow {
  attempt_id: string;
  position: number;
  assessment_id: number;
  assessment_name: string;
  student_id: number;
  first_name: string;
  last_name: string;
  grade: number;
  section: string;
  text: string;
  solution: string;
  text_answer: string;
  answered_at: Date;
}

/** Answers waiting for marks in the scope's classes, oldest answer first. */
export async function markingQueue(db: Db, scope: AssessmentScope): Promise<QueueRow[]> {
  const { rows } = await sql<QueueRow>`
    select x.attempt_id, x.position, a.id as assessment_id, a.name as assessment_name, t.student_id,
           u.first_name, u.last_name, g.grade, coalesce(e.section, g.section, '') as section,
           x.text, x.solution, coalesce(x.text_answer, '') as text_answer, x.answered_at
    from attempt_answers x
    join assessment_attempts t on t.id = x.attempt_id
    join assessment_assignments g on g.id = t.assignment_id
    join assessments a on a.id = t.assessment_id
    join users u on u.id = t.student_id
    left join student_enrolments e on e.student_id = t.student_id
    where x.type = 'open_ended' and x.answered_at is not null and x.marked_at is null
      and t.finished_at is not null
      and ${inScope(scope, { schoolId: 'g.school_id', grade: 'g.grade', subjectId: 'a.subject_id' })}
    order by x.answered_at, x.attempt_id, x.position
    limit ${MARKING_QUEUE_LIMIT}`.execute(db);
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id) }));
}

/** Locks an attempt's row (marks are added to it) and reads whether it is finished. */
export async function lockAttempt(trx: Transaction<DB>, attemptId: string): Promise<{ finished: boolean } | undefined> {
  const row = await trx
    .selectFrom('assessment_attempts')
    .select('finished_at')
    .where('id', '=', attemptId)
    .forUpdate()
    .executeTakeFirst();
  return row && { finished: row.finished_at !== null };
}

/** Locks one answer of an attempt and reads what marking needs. */
export async function lockAnswer(
  trx: Transaction<DB>,
  attemptId: string,
  position: number,
): Promise<{ type: QuestionType; answered: boolean; marks: number | null } | undefined> {
  const row = await trx
    .selectFrom('attempt_answers')
    .select(['type', 'answered_at', 'marks'])
    .where('attempt_id', '=', attemptId)
    .where('position', '=', position)
    .forUpdate()
    .executeTakeFirst();
  return row && { type: row.type, answered: row.answered_at !== null, marks: row.marks };
}

/** Gives an answer its marks and comment; the attempt's total moves by the change (a re-mark replaces the old mark). */
export async function setMarks(
  trx: Transaction<DB>,
  m: {
    attemptId: string;
    position: number;
    marks: number;
    change: number;
    comment: string | null;
    by: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('attempt_answers')
    .set({ marks: m.marks, marked_by: m.by, marked_at: m.at, comment: m.comment })
    .where('attempt_id', '=', m.attemptId)
    .where('position', '=', m.position)
    .execute();
  await trx
    .updateTable('assessment_attempts')
    .set({ marks: sql<number>`coalesce(marks, 0) + ${m.change}` })
    .where('id', '=', m.attemptId)
    .execute();
}
