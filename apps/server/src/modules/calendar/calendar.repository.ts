/**
 * SQL of the school calendar (issue #26): the events of an audience in a window, one event, writing
 * events, the facts a write is checked against, and private calendar links. Typed rows, no rules:
 * who reads and writes what is policy/calendar.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { CalendarEventType, CalendarProvider } from '@ki/contracts';
import type { DB } from '../../db/schema';
import type { CalendarAudience } from '../../policy/calendar';
import { audienceCondition, eventSelect, normalise, type EventRow } from '../../db/calendar-events';

export { eventById, targetFacts, type EventRow } from '../../db/calendar-events';

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
