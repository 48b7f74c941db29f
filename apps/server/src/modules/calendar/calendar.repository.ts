/**
 * SQL of the school calendar (issue #26): the events of an audience in a window, one event, writing
 * events, the facts a write is checked against, and private calendar links. Typed rows, no rules:
 * who reads and writes what is policy/calendar.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { CalendarEventType, CalendarProvider } from '@ki/contracts';
import { nameIn } from '../../db/content-names';
import type { DB } from '../../db/schema';
import type { CalendarAudience } from '../../policy/calendar';

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

/** What an event row holds as written (one school; null grade = the whole school). */
export interface EventWrite {
  schoolId: number;
  boardId: number | null;
  grade: number | null;
  subjectId: number | null;
  name: string;
  description: string;
  start: Date;
  end: Date;
  defaultDuration: number;
  type: CalendarEventType;
  joinUrl: string | null;
  serviceName: CalendarProvider | null;
  hostName: string | null;
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

/**
 * The audience's events overlapping [from, to), earliest first, at most `limit`. One statement:
 * the chains' and schools' calendars whole, each class's whole-school and grade events (a class
 * with a null board takes the grade on every board), and the author's own.
 */
export async function eventsOf(
  db: Kysely<DB>,
  audience: CalendarAudience,
  from: Date,
  to: Date,
  limit: number,
  language: Language,
): Promise<EventRow[]> {
  const result = await sql<EventRow>`
    ${eventSelect(language)}
    where e.starts_at < ${to} and e.ends_at > ${from} and ${audienceCondition(audience)}
    order by e.starts_at, e.id
    limit ${limit}`.execute(db);
  return result.rows.map(normalise);
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

const columns = (e: EventWrite) => ({
  school_id: e.schoolId,
  board_id: e.boardId,
  grade: e.grade,
  subject_id: e.subjectId,
  name: e.name,
  description: e.description,
  starts_at: e.start,
  ends_at: e.end,
  default_duration_minutes: e.defaultDuration,
  type: e.type,
  join_url: e.joinUrl,
  service_name: e.serviceName,
  host_name: e.hostName,
});

export async function insertEvent(db: Kysely<DB>, e: EventWrite, authorId: number, now: Date): Promise<number> {
  const row = await db
    .insertInto('calendar_events')
    .values({ ...columns(e), created_by: authorId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEvent(db: Kysely<DB>, eventId: number, e: EventWrite, now: Date): Promise<void> {
  await db
    .updateTable('calendar_events')
    .set({ ...columns(e), updated_at: now })
    .where('id', '=', eventId)
    .execute();
}

export async function deleteEvent(db: Kysely<DB>, eventId: number): Promise<void> {
  await db.deleteFrom('calendar_events').where('id', '=', eventId).execute();
}

/** Makes (or replaces) the caller's private calendar link. */
export async function saveFeed(db: Kysely<DB>, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now }))
    .execute();
}

export async function feedOf(db: Kysely<DB>, userId: number): Promise<{ created_at: Date } | undefined> {
  return db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteFeed(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** Whose link this secret's hash opens. */
export async function feedOwner(db: Kysely<DB>, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && Number(row.user_id);
}
