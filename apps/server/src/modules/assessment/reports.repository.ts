/**
 * SQL of the assessment reports (/reports, /report-details): one row per assignment open during a
 * range of days, the students of one assignment's class, and every response to its questions for
 * the item analysis. Typed rows, no rules, no access checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AssessmentKind } from '@ki/contracts';
import type { FinishReason } from '@ki/contracts';
import type { DB, QuestionType } from '../../db/schema';
import type { AssessmentScope } from '../../policy/assessment-authoring';
import { inScope } from './assessment-scope.repository';

type Db = Kysely<DB> | Transaction<DB>;

export interface ReportFilter {
  /** First and last day of the range, 'YYYY-MM-DD', days of each school's own time zone. */
  from: string;
  to: string;
  schoolId?: number | undefined;
  grade?: number | undefined;
  /** A section: assignments set for it, or for every section of its grade. */
  section?: string | undefined;
  /** One assignment (the detail's row). */
  assignmentId?: number | undefined;
}

export interface ReportDbRow {
  assignment_id: number;
  assessment_id: number;
  name: string;
  kind: AssessmentKind;
  school_id: number;
  school_name: string;
  time_zone: string;
  grade: number;
  section: string | null;
  opens_at: Date;
  closes_at: Date;
  participants: number;
  class_size: number;
  answered: number;
  correct: number;
  marks_total: number;
  question_count: number;
  open_ended_count: number;
}

/**
 * Assignments open at some moment of the range: opening before the end of its last day and closing
 * after the start of its first day, each day taken in the assignment's school's time zone. Figures
 * come from each assignment's sums over its finished attempts, kept by a trigger (migration 0022),
 * so a report reads one row per assignment.
 * Newest opening first.
 */
export async function reportRows(db: Db, scope: AssessmentScope, f: ReportFilter): Promise<ReportDbRow[]> {
  const { rows } = await sql<ReportDbRow>`
    with chosen as (
      select g.id, g.assessment_id, g.school_id, g.grade, g.section, g.opens_at, g.closes_at,
             a.name, a.kind, a.board_id, s.name as school_name, s.time_zone
      from assessment_assignments g
      join assessments a on a.id = g.assessment_id
      join schools s on s.id = g.school_id
      where ${
        f.assignmentId === undefined
          ? sql`g.opens_at < ((${f.to}::date + 1)::timestamp at time zone s.time_zone)
                and g.closes_at > (${f.from}::date::timestamp at time zone s.time_zone)`
          : sql`g.id = ${f.assignmentId}`
      }
        and ${inScope(scope, { schoolId: 'g.school_id', grade: 'g.grade', subjectId: 'a.subject_id' })}
        ${f.schoolId === undefined ? sql`` : sql`and g.school_id = ${f.schoolId}`}
        ${f.grade === undefined ? sql`` : sql`and g.grade = ${f.grade}`}
        ${f.section === undefined ? sql`` : sql`and (g.section = ${f.section} or g.section is null)`}
    ),
    classes as materialized (
      select e.school_id, e.board_id, e.grade, e.section, count(*)::int as students
      from student_enrolments e
      where e.school_id in (select school_id from chosen) and e.grade is not null
      group by e.school_id, e.board_id, e.grade, e.section
    ),
    shape as (
      select q.assessment_id, count(*)::int as question_count, (count(*) filter (where q.type = 'open_ended'))::int as open_ended_count
      from assessment_questions q
      where q.assessment_id in (select assessment_id from chosen)
      group by q.assessment_id
    )
    select c.id as assignment_id, c.assessment_id, c.name, c.kind, c.school_id, c.school_name, c.time_zone,
           c.grade, c.section, c.opens_at, c.closes_at,
           coalesce(k.participants, 0) as participants,
           (select coalesce(sum(cl.students), 0)::int from classes cl
             where cl.school_id = c.school_id and cl.board_id = c.board_id and cl.grade = c.grade
               and (c.section is null or cl.section = c.section)) as class_size,
           coalesce(k.answered, 0) as answered, coalesce(k.correct, 0) as correct, coalesce(k.marks_total, 0) as marks_total,
           coalesce(q.question_count, 0) as question_count, coalesce(q.open_ended_count, 0) as open_ended_count
    from chosen c
    left join assessment_assignment_stats k on k.assignment_id = c.id
    left join shape q on q.assessment_id = c.assessment_id
    order by c.opens_at desc, c.id desc`.execute(db);
  return rows;
}

export interface StudentDbRow {
  student_id: number;
  first_name: string;
  last_name: string;
  section: string;
  attempt_id: string | null;
  finished_at: Date | null;
  finish_reason: FinishReason | null;
  marks: number | null;
}

/**
 * Every student of an assignment's class (its school, the quiz's board, its grade, its section or
 * every section) and anyone else who has an attempt at it (a student moved to another class since),
 * with their attempt, if any. By name.
 */
export async function reportStudents(
  db: Db,
  a: { assignmentId: number; schoolId: number; boardId: number; grade: number; section: string | null },
): Promise<StudentDbRow[]> {
  const { rows } = await sql<StudentDbRow>`
    with members as (
      select e.student_id from student_enrolments e
      where e.school_id = ${a.schoolId} and e.board_id = ${a.boardId} and e.grade = ${a.grade}
        ${a.section === null ? sql`` : sql`and e.section = ${a.section}`}
      union
      select t.student_id from assessment_attempts t where t.assignment_id = ${a.assignmentId}
    )
    select m.student_id, u.first_name, u.last_name, coalesce(e.section, '') as section,
           t.id as attempt_id, t.finished_at, t.finish_reason, t.marks
    from members m
    join users u on u.id = m.student_id
    left join student_enrolments e on e.student_id = m.student_id
    left join assessment_attempts t on t.assignment_id = ${a.assignmentId} and t.student_id = m.student_id
    order by lower(u.first_name), lower(u.last_name), m.student_id`.execute(db);
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id) }));
}

export interface ResponseDbRow {
  student_id: number;
  finished: boolean;
  position: number;
  type: QuestionType;
  answered: boolean;
  correct: boolean | null;
  chosen: number[] | null;
  marks: number | null;
  marked: boolean;
  /** Server-timed seconds from serving to the answer (0 when not answered). */
  seconds: number;
  total_marks: number;
}

/** Every answer of the assignment's attempts (one attempt per student), with the attempt's total marks. */
export async function reportResponses(db: Db, assignmentId: number): Promise<ResponseDbRow[]> {
  const { rows } = await sql<ResponseDbRow>`
    select t.student_id, t.finished_at is not null as finished, x.position, x.type, x.answered_at is not null as answered,
           x.correct, x.chosen, x.marks, x.marked_at is not null as marked,
           coalesce(greatest(0, extract(epoch from x.answered_at - x.served_at)), 0)::float8 as seconds,
           coalesce(t.marks, 0) as total_marks
    from assessment_attempts t
    join attempt_answers x on x.attempt_id = t.id
    where t.assignment_id = ${assignmentId}
    order by t.student_id, x.position`.execute(db);
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id) }));
}

export interface ReportQuestionRow {
  position: number;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
}

/** The quiz's questions in order (a quiz with attempts is never edited, so they are the attempts' too). */
export async function reportQuestions(db: Db, assessmentId: number): Promise<ReportQuestionRow[]> {
  return db
    .selectFrom('assessment_questions')
    .select(['position', 'type', 'text', 'options', 'answer'])
    .where('assessment_id', '=', assessmentId)
    .orderBy('position')
    .execute();
}

/** The quiz's board (the class of an assignment is its school's grade on that board). */
export async function assessmentBoard(db: Db, assessmentId: number): Promise<number> {
  const row = await db
    .selectFrom('assessments')
    .select('board_id')
    .where('id', '=', assessmentId)
    .executeTakeFirstOrThrow();
  return row.board_id;
}
