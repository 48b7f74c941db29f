/** SQL of staff meetings (migrations/0038_chat_meetings.sql): the meetings and who is invited. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface MeetingRow {
  id: string;
  title: string;
  starts_at: Date;
  ends_at: Date;
  organiser_id: number | null;
  /** Everyone invited, the organiser first, then by name. */
  people: { id: number; first_name: string; last_name: string }[];
}

const meetingColumns = sql`m.id, m.title, m.starts_at, m.ends_at, m.organiser_id,
  (select coalesce(json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)
                            order by u.id = m.organiser_id desc, u.first_name, u.last_name, u.id), '[]'::json)
   from chat_meeting_people p join users u on u.id = p.user_id where p.meeting_id = m.id) as people`;

const numbered = (r: MeetingRow): MeetingRow => ({
  ...r,
  organiser_id: r.organiser_id === null ? null : Number(r.organiser_id),
  people: r.people.map((p) => ({ ...p, id: Number(p.id) })),
});

/** A new meeting and its people (the organiser among them), in one statement. */
export async function insertMeeting(
  db: Db,
  m: { id: string; chainId: number; title: string; startsAt: Date; endsAt: Date; organiserId: number; at: Date },
  userIds: readonly number[],
): Promise<void> {
  await sql`
    with meeting as (
      insert into chat_meetings (id, chain_id, title, starts_at, ends_at, organiser_id, created_at)
      values (${m.id}, ${m.chainId}, ${m.title}, ${m.startsAt}, ${m.endsAt}, ${m.organiserId}, ${m.at})
      returning id
    )
    insert into chat_meeting_people (meeting_id, user_id)
    select meeting.id, u.id from meeting, unnest(${sql.val([...userIds])}::bigint[]) as u(id)`.execute(db);
}

/** A person's meetings not cancelled and not over at `now`, soonest first. */
export async function meetingsOf(db: Db, userId: number, now: Date, limit: number): Promise<MeetingRow[]> {
  const { rows } = await sql<MeetingRow>`
    select ${meetingColumns}
    from chat_meeting_people mine join chat_meetings m on m.id = mine.meeting_id
    where mine.user_id = ${userId} and m.cancelled_at is null and m.ends_at > ${now}
    order by m.starts_at, m.id
    limit ${limit}`.execute(db);
  return rows.map(numbered);
}

export async function meetingById(db: Db, meetingId: string): Promise<MeetingRow | undefined> {
  const { rows } =
    await sql<MeetingRow>`select ${meetingColumns} from chat_meetings m where m.id = ${meetingId}`.execute(db);
  return rows[0] && numbered(rows[0]);
}

/** Cancels a meeting not cancelled yet; its people's ids, or undefined when it was already. */
export async function cancelMeeting(db: Db, meetingId: string, at: Date): Promise<number[] | undefined> {
  const { rows } = await sql<{ user_id: number }>`
    with cancelled as (
      update chat_meetings set cancelled_at = ${at} where id = ${meetingId} and cancelled_at is null returning id
    )
    select p.user_id from cancelled join chat_meeting_people p on p.meeting_id = cancelled.id`.execute(db);
  return rows.length === 0 ? undefined : rows.map((r) => Number(r.user_id));
}
