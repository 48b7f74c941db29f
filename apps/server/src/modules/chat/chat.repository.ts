/** SQL of staff chat (migrations/0025_chat.sql): rooms, memberships, messages, colleagues. */
import { sql, type Kysely } from 'kysely';
import type { CallEndReason, CallKind, ChatFileType } from '@ki/contracts';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** A room as one person's rooms list shows it. */
export interface RoomRow {
  id: number;
  kind: 'direct' | 'group';
  name: string | null;
  created_by: number | null;
  favorite: boolean;
  unread: number;
  member_count: number;
  picture_file_id: string | null;
  last_activity_at: Date;
  other_user_id: number | null;
  other_first: string | null;
  other_last: string | null;
  last_sender_first: string | null;
  last_sender_last: string | null;
  last_body: string | null;
  last_file_name: string | null;
  last_sent_at: Date | null;
}

const roomColumns = sql`r.id, r.kind, r.name, r.created_by, m.favorite, m.unread, r.last_activity_at, r.picture_file_id,
  (select count(*) from chat_members c where c.room_id = r.id and c.left_at is null)::int as member_count,
  o.user_id as other_user_id, ou.first_name as other_first, ou.last_name as other_last,
  su.first_name as last_sender_first, su.last_name as last_sender_last, lm.body as last_body,
  (select f.name from chat_files f where f.id = lm.file_id) as last_file_name, lm.created_at as last_sent_at`;
/** The caller's membership `m` of room `r`, the other person of a one-to-one room, the last message. */
const roomJoins = (userId: number) => sql`
  join chat_rooms r on r.id = m.room_id
  left join lateral (
    select c.user_id from chat_members c where c.room_id = r.id and r.kind = 'direct' and c.user_id <> ${userId} limit 1
  ) o on true
  left join users ou on ou.id = o.user_id
  left join chat_messages lm on lm.id = r.last_message_id
  left join users su on su.id = lm.sender_id`;

const numbered = (r: RoomRow): RoomRow => ({
  ...r,
  id: Number(r.id),
  created_by: r.created_by === null ? null : Number(r.created_by),
  other_user_id: r.other_user_id === null ? null : Number(r.other_user_id),
});

/** A page of a person's current rooms, newest activity first, after the keyset position `before`. */
export async function roomsOf(
  db: Db,
  userId: number,
  options: { favorites: boolean; before: { at: Date; id: number } | null; limit: number },
): Promise<RoomRow[]> {
  // The page's rooms first (the person's memberships, sorted and cut), then their details for those
  // only: a person in 500 rooms does not have 500 last messages and names joined to keep 30.
  const { rows } = await sql<RoomRow>`
    with page as (
      select r.id from chat_members pm join chat_rooms r on r.id = pm.room_id
      where pm.user_id = ${userId} and pm.left_at is null
        ${options.favorites ? sql`and pm.favorite` : sql``}
        ${options.before ? sql`and (r.last_activity_at, r.id) < (${options.before.at}, ${options.before.id})` : sql``}
      order by r.last_activity_at desc, r.id desc
      limit ${options.limit}
    )
    select ${roomColumns}
    from page join chat_members m on m.room_id = page.id and m.user_id = ${userId} ${roomJoins(userId)}
    order by r.last_activity_at desc, r.id desc`.execute(db);
  return rows.map(numbered);
}

/** One room as the person's list shows it (a current membership only). */
export async function roomOf(db: Db, userId: number, roomId: number): Promise<RoomRow | undefined> {
  const { rows } = await sql<RoomRow>`
    select ${roomColumns}
    from chat_members m ${roomJoins(userId)}
    where m.user_id = ${userId} and m.room_id = ${roomId} and m.left_at is null`.execute(db);
  return rows.map(numbered)[0];
}

export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  role: 'teacher' | 'principal' | 'superadmin';
  schools: string | null;
}

const personColumns = sql`u.id, u.first_name, u.last_name, u.role,
  (select string_agg(s.name, ', ' order by s.name) from staff_schools ss join schools s on s.id = ss.school_id where ss.user_id = u.id) as schools`;

/** A room's current people, by name. */
export async function membersOf(db: Db, roomId: number): Promise<PersonRow[]> {
  const { rows } = await sql<PersonRow>`
    select ${personColumns}
    from chat_members m join users u on u.id = m.user_id
    where m.room_id = ${roomId} and m.left_at is null
    order by u.first_name, u.last_name, u.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The ids of a room's current people. */
export async function memberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chat_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('left_at', 'is', null)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/**
 * Staff of the chains (teachers, principals, super-admins), but the caller, whose name holds the
 * search; at most `limit`, by name.
 */
export async function colleagues(
  db: Db,
  chainIds: readonly number[],
  exceptUserId: number,
  search: string,
  limit: number,
): Promise<PersonRow[]> {
  if (chainIds.length === 0) return [];
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<PersonRow>`
    select ${personColumns}
    from users u
    where u.role in ('teacher', 'principal', 'superadmin') and u.id <> ${exceptUserId}
      and (u.chain_id in (${sql.join(chainIds)})
        or exists (select 1 from staff_schools ss join schools s on s.id = ss.school_id
                   where ss.user_id = u.id and s.chain_id in (${sql.join(chainIds)})))
      ${search ? sql`and lower(u.first_name || ' ' || u.last_name) like ${pattern}` : sql``}
    order by u.first_name, u.last_name, u.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** People of these ids, by name (whose online state or name a page needs). */
export async function people(db: Db, userIds: readonly number[]): Promise<PersonRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<PersonRow>`
    select ${personColumns} from users u where u.id in (${sql.join([...userIds])}) order by u.first_name, u.last_name, u.id`.execute(
    db,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function findDirectRoom(db: Db, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('chat_rooms').select('id').where('direct_key', '=', key).executeTakeFirst();
  return row && Number(row.id);
}

/** A new room with its people (the creator among them); its id. A one-to-one room that exists already (a race) answers undefined. */
export async function createRoom(
  db: Db,
  room: {
    chainId: number;
    kind: 'direct' | 'group';
    name: string | null;
    directKey: string | null;
    createdBy: number;
    at: Date;
  },
  userIds: readonly number[],
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('chat_rooms')
      .values({
        chain_id: room.chainId,
        kind: room.kind,
        name: room.name,
        direct_key: room.directKey,
        created_by: room.createdBy,
        created_at: room.at,
        last_activity_at: room.at,
      })
      .onConflict((oc) => oc.column('direct_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) return undefined;
    const id = Number(created.id);
    await trx
      .insertInto('chat_members')
      .values(userIds.map((userId) => ({ room_id: id, user_id: userId, joined_at: room.at })))
      .execute();
    return id;
  });
}

export async function renameRoom(db: Db, roomId: number, name: string, at: Date): Promise<void> {
  await db.updateTable('chat_rooms').set({ name, last_activity_at: at }).where('id', '=', roomId).execute();
}

/** Puts people in a room: new members, or members who had left coming back (their unread count starts at 0). */
export async function addMembers(db: Db, roomId: number, userIds: readonly number[], at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chat_members')
      .values(userIds.map((userId) => ({ room_id: roomId, user_id: userId, joined_at: at })))
      .onConflict((oc) =>
        oc
          .columns(['room_id', 'user_id'])
          .doUpdateSet({ left_at: null, joined_at: at, unread: 0 })
          .where('chat_members.left_at', 'is not', null),
      )
      .execute();
    await trx.updateTable('chat_rooms').set({ last_activity_at: at }).where('id', '=', roomId).execute();
  });
}

/**
 * Takes a person out of a room (they keep no unread count). When the group's creator leaves, the
 * longest-standing member who stays becomes its creator, so the group can still be changed.
 */
export async function removeMember(db: Db, roomId: number, userId: number, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chat_members')
      .set({ left_at: at, unread: 0 })
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('left_at', 'is', null)
      .execute();
    await sql`
      update chat_rooms r set created_by = (
        select m.user_id from chat_members m where m.room_id = r.id and m.left_at is null order by m.joined_at, m.user_id limit 1)
      where r.id = ${roomId} and r.created_by = ${userId}`.execute(trx);
  });
}

export async function setFavorite(db: Db, roomId: number, userId: number, favorite: boolean): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({ favorite })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
}

export interface MessageRow {
  id: number;
  room_id: number;
  sender_id: number | null;
  first_name: string | null;
  last_name: string | null;
  body: string;
  client_id: string;
  created_at: Date;
  file_id: string | null;
  file_name: string | null;
  file_type: ChatFileType | null;
  file_size: number | null;
}

const messageColumns = sql`c.id, c.room_id, c.sender_id, u.first_name, u.last_name, c.body, c.client_id, c.created_at,
  f.id as file_id, f.name as file_name, f.content_type as file_type, f.byte_size as file_size`;
const messageJoins = sql`left join users u on u.id = c.sender_id left join chat_files f on f.id = c.file_id`;
const numberedMessage = (r: MessageRow): MessageRow => ({
  ...r,
  id: Number(r.id),
  room_id: Number(r.room_id),
  sender_id: r.sender_id === null ? null : Number(r.sender_id),
});

/** A room's messages older than `before` (the newest when null), newest first; at most `limit`. */
export async function history(db: Db, roomId: number, before: number | null, limit: number): Promise<MessageRow[]> {
  const { rows } = await sql<MessageRow>`
    select ${messageColumns} from chat_messages c ${messageJoins}
    where c.room_id = ${roomId} ${before === null ? sql`` : sql`and c.id < ${before}`}
    order by c.id desc limit ${limit}`.execute(db);
  return rows.map(numberedMessage);
}

/** How many messages the person posted since `since` (the posting limit). */
export async function postedSince(db: Db, senderId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender_id', '=', senderId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a message in one statement (one round trip, atomic): unless the sender has posted `limit`
 * messages since `since`, or has a message under this client id already (a retry), it stores the
 * file's row (if any) and the message, makes it the room's latest and raises every other current
 * member's unread count. Answers which of the three happened; a new message comes with the ids of
 * the room's other current people.
 */
export async function postMessage(
  db: Db,
  m: {
    roomId: number;
    senderId: number;
    body: string;
    clientId: string;
    at: Date;
    file?: NewChatFile;
    since: Date;
    limit: number;
  },
): Promise<
  | { kind: 'created'; id: number; otherMemberIds: number[] }
  | { kind: 'retry'; message: MessageRow }
  | { kind: 'limited' }
> {
  const f = m.file;
  const { rows } = await sql<{
    new_id: string | null;
    prior_id: string | null;
    recent: number;
    others: (string | number)[];
  }>`
    with recent as (
      select count(*)::int as n from chat_messages where sender_id = ${m.senderId} and created_at > ${m.since}
    ), prior as (
      select id from chat_messages where sender_id = ${m.senderId} and client_id = ${m.clientId}::uuid
    ), go as (
      select 1 where (select n from recent) < ${m.limit} and not exists (select 1 from prior)
    ), f as (
      insert into chat_files (id, room_id, uploaded_by, name, content_type, byte_size, storage_key, created_at)
      select ${f?.id ?? null}::uuid, ${m.roomId}, ${m.senderId}, ${f?.name ?? null}, ${f?.contentType ?? null}, ${f?.byteSize ?? null}::int, ${f?.storageKey ?? null}, ${m.at}
      where ${f !== undefined} and exists (select 1 from go)
      returning id
    ), ins as (
      insert into chat_messages (room_id, sender_id, body, client_id, created_at, file_id)
      select ${m.roomId}, ${m.senderId}, ${m.body}, ${m.clientId}::uuid, ${m.at}, (select id from f)
      where exists (select 1 from go)
      on conflict (sender_id, client_id) do nothing
      returning id
    ), latest as (
      -- A data-modifying CTE runs whether or not it is read.
      update chat_rooms set last_activity_at = ${m.at}, last_message_id = (select id from ins)
      where id = ${m.roomId} and exists (select 1 from ins)
      returning id
    ), others as (
      update chat_members set unread = unread + 1
      where room_id = ${m.roomId} and user_id <> ${m.senderId} and left_at is null and exists (select 1 from ins)
      returning user_id
    )
    select (select id from ins) as new_id, (select id from prior) as prior_id, (select n from recent) as recent,
      coalesce((select array_agg(user_id) from others), '{}') as others`.execute(db);
  const r = rows[0]!;
  if (r.new_id !== null) return { kind: 'created', id: Number(r.new_id), otherMemberIds: r.others.map(Number) };
  const stored = await messageByClientId(db, m.senderId, m.clientId);
  // A retry, or a twin sent at the same moment (the unique index kept one): the stored message.
  if (stored) return { kind: 'retry', message: stored };
  return { kind: 'limited' };
}

/** A file to attach to a new message: its bytes are in the file store under `storageKey` already. */
export interface NewChatFile {
  id: string;
  name: string;
  contentType: ChatFileType;
  byteSize: number;
  storageKey: string;
}

/** A stored file, with the room whose members may fetch it. */
export async function chatFile(db: Db, fileId: string) {
  return db
    .selectFrom('chat_files')
    .select(['room_id', 'name', 'content_type', 'storage_key'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** The message a person sent under a client id, if any (a retry of an upload). */
export async function messageByClientId(db: Db, senderId: number, clientId: string): Promise<MessageRow | undefined> {
  const { rows } = await sql<MessageRow>`
    select ${messageColumns} from chat_messages c ${messageJoins}
    where c.sender_id = ${senderId} and c.client_id = ${clientId}`.execute(db);
  return rows.map(numberedMessage)[0];
}

/** Clears a person's unread count of a room. */
export async function markRead(db: Db, roomId: number, userId: number): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({ unread: 0 })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('unread', '>', 0)
    .execute();
}

/** A person's unread messages over their current rooms, and how many rooms hold them. */
export async function unreadTotals(db: Db, userId: number): Promise<{ total: number; rooms: number }> {
  const row = await db
    .selectFrom('chat_members')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('unread'), eb.lit(0)).as('total'),
      eb.fn.count<number>('room_id').filterWhere('unread', '>', 0).as('rooms'),
    ])
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), rooms: Number(row.rooms) };
}

// Calls (migrations/0027_chat_calls.sql) -----------------------------------------------------------

export async function insertCall(
  db: Db,
  call: { id: string; roomId: number; callerId: number; calleeId: number; kind: CallKind; at: Date },
): Promise<void> {
  await db
    .insertInto('chat_calls')
    .values({
      id: call.id,
      room_id: call.roomId,
      caller_id: call.callerId,
      callee_id: call.calleeId,
      kind: call.kind,
      started_at: call.at,
    })
    .execute();
}

/** Marks a ringing call answered; false when it was answered (on another tab) or ended already. */
export async function markCallAnswered(db: Db, callId: string, at: Date): Promise<boolean> {
  const res = await db
    .updateTable('chat_calls')
    .set({ answered_at: at })
    .where('id', '=', callId)
    .where('answered_at', 'is', null)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends a call; the two sides, or undefined when it had ended already (only one end is told). */
export async function endCall(
  db: Db,
  callId: string,
  reason: CallEndReason,
  at: Date,
): Promise<{ callerId: number | null; calleeId: number | null } | undefined> {
  const row = await db
    .updateTable('chat_calls')
    .set({ ended_at: at, end_reason: reason })
    .where('id', '=', callId)
    .where('ended_at', 'is', null)
    .returning(['caller_id', 'callee_id'])
    .executeTakeFirst();
  return (
    row && {
      callerId: row.caller_id === null ? null : Number(row.caller_id),
      calleeId: row.callee_id === null ? null : Number(row.callee_id),
    }
  );
}

/** Stores a group's new picture as a file of the room and points the room at it. */
export async function setRoomPicture(
  db: Kysely<DB>,
  roomId: number,
  file: NewChatFile,
  uploadedBy: number,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chat_files')
      .values({
        id: file.id,
        room_id: roomId,
        uploaded_by: uploadedBy,
        name: file.name,
        content_type: file.contentType,
        byte_size: file.byteSize,
        storage_key: file.storageKey,
        created_at: at,
      })
      .execute();
    await trx.updateTable('chat_rooms').set({ picture_file_id: file.id }).where('id', '=', roomId).execute();
  });
}

export async function clearRoomPicture(db: Kysely<DB>, roomId: number): Promise<void> {
  await db.updateTable('chat_rooms').set({ picture_file_id: null }).where('id', '=', roomId).execute();
}
