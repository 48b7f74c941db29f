/**
 * SQL of class rooms (issue #26): the class's school and board, its students with their figures, the
 * quizzes and tests set for it, and its calendar ahead. Typed rows, no rules (policy/class-rooms.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { AssessmentKind } from '@ki/contracts';
import { nameIn } from '../../db/content-names';
import type { DB } from '../../db/schema';

export interface PlaceRow {
  school_name: string;
  chain_id: number | null;
  time_zone: string;
  board_name: string;
  /** Whether the school teaches the board and grade. */
  taught: boolean;
}

export async function placeOf(
  db: Kysely<DB>,
  schoolId: number,
  boardId: number,
  grade: number,
): Promise<PlaceRow | undefined> {
  const { rows } = await sql<PlaceRow>`
    select s.name as school_name, s.chain_id, s.time_zone, b.name as board_name,
      exists (select 1 from school_boards sb where sb.school_id = s.id and sb.board_id = b.id and ${grade}::int = any(sb.grades)) as taught
    from schools s, boards b
    where s.id = ${schoolId} and b.id = ${boardId}`.execute(db);
  return rows[0];
}

export interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  topics_completed: number | null;
  knowledge_currency: number | null;
  last_activity_at: Date | null;
}

export async function studentsOf(
  db: Kysely<DB>,
  c: { schoolId: number; boardId: number; grade: number; section: string },
): Promise<StudentRow[]> {
  const rows = await db
    .selectFrom('student_enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.student_id')
    .leftJoin('student_stats as st', 'st.student_id', 'e.student_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'st.topics_completed',
      'st.knowledge_currency',
      'st.last_activity_at',
    ])
    .where('e.school_id', '=', c.schoolId)
    .where('e.board_id', '=', c.boardId)
    .where('e.grade', '=', c.grade)
    .where('e.section', '=', c.section)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface AssignmentRow {
  id: number;
  assessment_id: number;
  name: string;
  kind: AssessmentKind;
  subject_id: number;
  subject_name: string;
  opens_at: Date;
  closes_at: Date;
  finished: number;
}

/** The class's assignments (its section's or its whole grade's) open now, opening, or closed since `closedSince`. */
export async function assignmentsOf(
  db: Kysely<DB>,
  c: { schoolId: number; boardId: number; grade: number; section: string },
  closedSince: Date,
  limit: number,
  language: Language,
): Promise<AssignmentRow[]> {
  const { rows } = await sql<AssignmentRow>`
    select g.id, g.assessment_id, a.name, a.kind, a.subject_id, ${nameIn('sub.names', language)} as subject_name, g.opens_at, g.closes_at,
      (select count(*)::int from assessment_attempts t
        join student_enrolments e on e.student_id = t.student_id
        where t.assignment_id = g.id and t.finished_at is not null
          and e.school_id = g.school_id and e.board_id = ${c.boardId} and e.grade = g.grade and e.section = ${c.section}) as finished
    from assessment_assignments g
    join assessments a on a.id = g.assessment_id
    join subjects sub on sub.id = a.subject_id
    where g.school_id = ${c.schoolId} and g.grade = ${c.grade} and a.board_id = ${c.boardId}
      and (g.section is null or g.section = ${c.section})
      and a.deleted_at is null and g.closes_at > ${closedSince}
    order by g.opens_at desc, g.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    assessment_id: Number(r.assessment_id),
    subject_id: Number(r.subject_id),
  }));
}

export interface UpcomingRow {
  id: number;
  name: string;
  type: string;
  starts_at: Date;
  ends_at: Date;
  subject_name: string | null;
  chain_id: number | null;
  school_id: number;
  live_room: string | null;
  live_provider: string | null;
}

/** The grade's calendar (its board's, and the whole school's) overlapping [from, to). */
export async function upcomingOf(
  db: Kysely<DB>,
  c: { schoolId: number; boardId: number; grade: number },
  from: Date,
  to: Date,
  limit: number,
  language: Language,
): Promise<UpcomingRow[]> {
  const { rows } = await sql<UpcomingRow>`
    select e.id, e.name, e.type, e.starts_at, e.ends_at, ${nameIn('sub.names', language)} as subject_name,
      s.chain_id, e.school_id, e.live_room, e.live_provider
    from calendar_events e
    join schools s on s.id = e.school_id
    left join subjects sub on sub.id = e.subject_id
    where e.school_id = ${c.schoolId} and (e.grade is null or (e.grade = ${c.grade} and e.board_id = ${c.boardId}))
      and e.starts_at < ${to} and e.ends_at > ${from}
    order by e.starts_at, e.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
