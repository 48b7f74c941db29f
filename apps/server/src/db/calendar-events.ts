/**
 * The calendar's events as SQL reads them, shared by the calendar and live classes (issue #26): one
 * event with its school, class and author, the condition of an audience's events, one event by id,
 * and the facts a write is checked against. Typed rows, no rules (policy/calendar.ts decides).
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { CalendarEventType, CalendarProvider } from '@ki/contracts';
import type { CalendarAudience } from '../policy/calendar';
import { nameIn } from './content-names';
import type { DB } from './schema';

export interface EventRow {
  id: number;
  name: string;
  description: string;
  starts_at: Date;
  ends_at: Date;
  default_duration_minutes: number;
  school_id: number;
  chain_id: number | null;
  school_name: string;
  time_zone: string;
  board_id: number | null;
  board_name: string | null;
  grade: number | null;
  subject_id: number | null;
  subject_name: string | null;
  type: CalendarEventType;
  join_url: string | null;
  service_name: CalendarProvider | null;
  live_room: string | null;
  live_provider: CalendarProvider | null;
  host_name: string | null;
  created_by: number | null;
  author_name: string | null;
  updated_at: Date;
}

/** One event with its school, class and author (live classes read it too). */
export const eventSelect = (language: Language) => sql`
  select e.id, e.name, e.description, e.starts_at, e.ends_at, e.default_duration_minutes,
    e.school_id, s.chain_id, s.name as school_name, s.time_zone, e.board_id, b.name as board_name,
    e.grade::int as grade, e.subject_id, ${nameIn('sub.names', language)} as subject_name,
    e.type, e.join_url, e.service_name, e.live_room, e.live_provider, e.host_name, e.created_by,
    nullif(trim(u.first_name || ' ' || u.last_name), '') as author_name, e.updated_at
  from calendar_events e
  join schools s on s.id = e.school_id
  left join boards b on b.id = e.board_id
  left join subjects sub on sub.id = e.subject_id
  left join users u on u.id = e.created_by`;

export const normalise = (r: EventRow): EventRow => ({
  ...r,
  id: Number(r.id),
  created_by: r.created_by === null ? null : Number(r.created_by),
});

/**
 * The events an audience reads: the chains' and schools' calendars whole, each class's whole-school
 * and grade events (a class with a null board takes the grade on every board), and the author's own.
 */
export function audienceCondition(audience: CalendarAudience) {
  const classSchools = audience.classes.map((c) => c.schoolId);
  const classBoards = audience.classes.map((c) => c.boardId);
  const classGrades = audience.classes.map((c) => c.grade);
  return sql`(
        s.chain_id = any(${sql.val(audience.chainIds)}::int[])
        or e.school_id = any(${sql.val(audience.schoolIds)}::int[])
        or e.created_by = ${audience.authorId}
        or exists (
          select 1 from unnest(${sql.val(classSchools)}::int[], ${sql.val(classBoards)}::int[], ${sql.val(classGrades)}::int[]) as c(school_id, board_id, grade)
          where c.school_id = e.school_id
            and (e.grade is null or (e.grade = c.grade and (c.board_id is null or c.board_id = e.board_id)))
        )
      )`;
}

export async function eventById(db: Kysely<DB>, eventId: number, language: Language): Promise<EventRow | undefined> {
  const result = await sql<EventRow>`${eventSelect(language)} where e.id = ${eventId}`.execute(db);
  const row = result.rows[0];
  return row && normalise(row);
}

/** The school's chain, whether it teaches the board and grade (null grade: nothing to check), and whether the subject exists. */
export async function targetFacts(
  db: Kysely<DB>,
  schoolId: number,
  boardId: number | null,
  grade: number | null,
  subjectId: number | null,
): Promise<{ chainId: number | null; classTaught: boolean; subjectExists: boolean } | undefined> {
  const result = await sql<{ chain_id: number | null; class_taught: boolean; subject_exists: boolean }>`
    select s.chain_id,
      (${grade}::int is null or exists (
        select 1 from school_boards sb where sb.school_id = s.id and sb.board_id = ${boardId}::int and ${grade}::int = any(sb.grades)
      )) as class_taught,
      (${subjectId}::int is null or exists (select 1 from subjects where id = ${subjectId}::int)) as subject_exists
    from schools s where s.id = ${schoolId}`.execute(db);
  const row = result.rows[0];
  return row && { chainId: row.chain_id, classTaught: row.class_taught, subjectExists: row.subject_exists };
}
