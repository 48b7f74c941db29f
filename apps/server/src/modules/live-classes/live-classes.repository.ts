/**
 * SQL of live classes and educational TV (issue #26): the calendar's events that are live classes
 * (a room) or programmes, for an audience; one class by its room; scheduling; the register. Typed
 * rows, no rules: who reads and writes what is policy/live-classes.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { CalendarProvider } from '@ki/contracts';
import type { DB } from '../../db/schema';
import type { CalendarAudience } from '../../policy/calendar';
import { audienceCondition, eventSelect, normalise, type EventRow } from '../../db/calendar-events';

export type LiveKind = 'class' | 'programme';

/** Whether the school has the product (schools.activated_products). */
export async function schoolHasProduct(db: Kysely<DB>, schoolId: number, product: string): Promise<boolean> {
  const row = await db
    .selectFrom('schools')
    .select(sql<boolean>`${product} = any(activated_products)`.as('has'))
    .where('id', '=', schoolId)
    .executeTakeFirst();
  return row?.has === true;
}

/**
 * The audience's live classes (kind 'class') or programmes overlapping [from, to), by start, at most
 * `limit`; `newestFirst` orders by start descending (the recent list).
 */
export async function liveEventsOf(
  db: Kysely<DB>,
  audience: CalendarAudience,
  kind: LiveKind,
  window: { from: Date; to: Date },
  limit: number,
  language: Language,
  newestFirst = false,
): Promise<EventRow[]> {
  const which = kind === 'class' ? sql`e.live_room is not null` : sql`e.type = 'programme'`;
  const result = await sql<EventRow>`
    ${eventSelect(language)}
    where e.starts_at < ${window.to} and e.ends_at > ${window.from} and ${which} and ${audienceCondition(audience)}
    order by e.starts_at ${newestFirst ? sql`desc` : sql`asc`}, e.id
    limit ${limit}`.execute(db);
  return result.rows.map(normalise);
}

/** A live class by its school and room. */
export async function liveClassByRoom(
  db: Kysely<DB>,
  schoolId: number,
  room: string,
  language: Language,
): Promise<EventRow | undefined> {
  const result =
    await sql<EventRow>`${eventSelect(language)} where e.school_id = ${schoolId} and e.live_room = ${room}`.execute(db);
  const row = result.rows[0];
  return row && normalise(row);
}

/** How many students joined each of these classes. */
export async function attendanceCounts(db: Kysely<DB>, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('live_class_attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.event_id', sql<number>`count(*)::int`.as('n')])
    .where('a.event_id', 'in', eventIds)
    .where('u.role', '=', 'student')
    .groupBy('a.event_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.event_id), r.n]));
}

export interface LiveClassWrite {
  schoolId: number;
  boardId: number;
  grade: number;
  subjectId: number | null;
  name: string;
  description: string;
  start: Date;
  end: Date;
  provider: CalendarProvider;
  room: string;
}

/** A live class: one calendar event of type class with its room (one statement). */
export async function insertLiveClass(db: Kysely<DB>, c: LiveClassWrite, authorId: number, now: Date): Promise<number> {
  const row = await db
    .insertInto('calendar_events')
    .values({
      school_id: c.schoolId,
      board_id: c.boardId,
      grade: c.grade,
      subject_id: c.subjectId,
      name: c.name,
      description: c.description,
      starts_at: c.start,
      ends_at: c.end,
      default_duration_minutes: Math.max(5, Math.round((c.end.getTime() - c.start.getTime()) / 60_000)),
      type: 'class',
      join_url: null,
      service_name: c.provider,
      live_room: c.room,
      live_provider: c.provider,
      created_by: authorId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Records a join: the first join's time stays, the name and last join follow the latest. */
export async function recordJoin(
  db: Kysely<DB>,
  eventId: number,
  userId: number,
  displayName: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('live_class_attendance')
    .values({
      event_id: eventId,
      user_id: userId,
      display_name: displayName,
      first_joined_at: now,
      last_joined_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'user_id']).doUpdateSet({
        display_name: displayName,
        last_joined_at: now,
        joins: sql`live_class_attendance.joins + 1`,
      }),
    )
    .execute();
}

export interface RegisterRow {
  id: number;
  first_name: string;
  last_name: string;
  joined_as: string | null;
  first_joined_at: Date | null;
}

/**
 * The class's register: the students enrolled now in the class's school, board and grade, and any
 * other student who joined (moved class since), with their joins; by name.
 */
export async function classRegister(db: Kysely<DB>, eventId: number): Promise<RegisterRow[]> {
  const result = await sql<RegisterRow>`
    with ev as (select id, school_id, board_id, grade from calendar_events where id = ${eventId}),
    members as (
      select en.student_id as user_id from student_enrolments en, ev
      where en.school_id = ev.school_id and en.board_id = ev.board_id and en.grade = ev.grade
      union
      select a.user_id from live_class_attendance a join users u on u.id = a.user_id
      where a.event_id = ${eventId} and u.role = 'student'
    )
    select u.id, u.first_name, u.last_name, a.display_name as joined_as, a.first_joined_at
    from members m
    join users u on u.id = m.user_id
    left join live_class_attendance a on a.event_id = ${eventId} and a.user_id = m.user_id
    order by lower(u.first_name), lower(u.last_name), u.id`.execute(db);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
