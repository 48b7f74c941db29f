/**
 * The chain `npm run bench:chat` (bench/chat.ts) runs on, written directly to the database in batches
 * as the app writes it: one chain of `schools` schools, `staff` staff (a principal a school, the rest
 * teachers, each teaching a grade and with a session: the token's SHA-256 in the row, the token in
 * the cookie, as sessions/session-store.ts createSession does), `rooms` rooms (`directRooms`
 * one-to-one, the rest groups of 3-8 people) with `history` messages each. Person 0, the first
 * school's principal ("the busy person"), is in every room; the others are taken in a seeded order,
 * so the rooms reach as many people as they hold. Each room's last message and last activity and
 * every member's unread count are what posting those messages through the app leaves
 * (chat.repository.ts postMessage); the busy person has read every other room (markRead).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../apps/server/src/sessions/session-store';
import { createBoard, createChain, createSchool } from '../apps/server/src/test/factories';
import { random } from './stats';

/** The busy person's index in the staff list: in every room, never a sender. */
export const BUSY = 0;
/** A group's people, its creator included. */
export const GROUP_SIZE: [number, number] = [3, 8];

export interface Room {
  id: number;
  kind: 'direct' | 'group';
  /** Indexes into the staff list; the busy person (0) is in every room. */
  members: number[];
}

export interface Seeded {
  userIds: number[];
  cookies: string[];
  rooms: Room[];
  historyMessages: number;
}

/** The seeded order of `items`, shuffled (Fisher-Yates). */
function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const FILLER =
  'Please share the unit test marks by Friday. The grade 7 science lab moves to room 12 this week; bring the worksheets. Staff meeting after the assembly, tea in the staff room. ';
/** A message's text: a number and 10-200 characters of filler. */
export const textOf = (n: number, rand: () => number) =>
  `#${n} ${FILLER.repeat(2)
    .slice(0, 10 + Math.floor(rand() * 190))
    .trim()}`;

async function inBatches<T>(rows: readonly T[], size: number, insert: (batch: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface ChatShape {
  staff: number;
  schools: number;
  rooms: number;
  /** One-to-one rooms (the busy person and one colleague each); the rest are groups of GROUP_SIZE. */
  directRooms: number;
  /** Messages of history a room. */
  history: number;
  /** The server's CLOCK_START: sessions start then, the history ends an hour before. */
  clockStart: string;
}

export async function seed(database: Database, shape: ChatShape): Promise<Seeded> {
  const {
    staff: STAFF,
    schools: SCHOOLS,
    rooms: ROOMS,
    directRooms: DIRECT_ROOMS,
    history: HISTORY,
    clockStart: CLOCK_START,
  } = shape;
  const db = database.db;
  const rand = random(2025);
  const at = new Date(CLOCK_START);
  const chainId = await createChain(db, 'Chat Bench Trust');
  const boardId = await createBoard(db, 'CHAT');
  const schools: number[] = [];
  for (let s = 0; s < SCHOOLS; s++)
    schools.push(await createSchool(db, { chainId, boardId, grades: [6, 7, 8], name: `Chat Bench School ${s + 1}` }));

  // Staff: person i works in school i % SCHOOLS; the first of each school is its principal (the
  // first of all is the busy person), the rest teach grade 6, 7 or 8 there.
  const schoolOf = (i: number) => schools[i % schools.length]!;
  const isPrincipal = (i: number) => i < schools.length;
  const userIds: number[] = [];
  const cookies: string[] = [];
  const people = Array.from({ length: STAFF }, (_, i) => i);
  await inBatches(people, 1000, async (batch) => {
    const users = await db
      .insertInto('users')
      .values(
        batch.map((i) => ({
          role: isPrincipal(i) ? ('principal' as const) : ('teacher' as const),
          first_name: i === BUSY ? 'Busy' : `Staff${i + 1}`,
          last_name: i === BUSY ? 'Principal' : 'Chat',
          is_qa: false,
          chain_id: null,
          mobile: null,
          email: null,
          password_hash: null,
          login_code: null,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => Number(u.id));
    await db
      .insertInto('staff_schools')
      .values(batch.map((i, k) => ({ user_id: ids[k]!, school_id: schoolOf(i) })))
      .execute();
    const teachers = batch.map((i, k) => ({ i, id: ids[k]! })).filter(({ i }) => !isPrincipal(i));
    if (teachers.length > 0)
      await db
        .insertInto('teacher_assignments')
        .values(
          teachers.map(({ i, id }) => ({
            teacher_id: id,
            school_id: schoolOf(i),
            grade: 6 + (i % 3),
            subject_id: null,
          })),
        )
        .execute();
    // As sessions/session-store.ts createSession: the random token in the cookie, its SHA-256 in the row.
    const tokens = ids.map(() => randomBytes(32).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(
        ids.map((id, k) => ({
          id: createHash('sha256').update(tokens[k]!).digest('hex'),
          user_id: id,
          created_at: at,
          expires_at: new Date(at.getTime() + SESSION_TTL_MS),
          user_agent: 'bench:chat',
        })),
      )
      .execute();
    userIds.push(...ids);
    cookies.push(...tokens.map((token) => `${SESSION_COOKIE}=${token}`));
  });

  // Rooms: everyone but the busy person in a seeded order, taken in turn, so the rooms reach as many
  // people as they hold (at 2,000 staff and 500 rooms, almost everyone is in one room).
  const others = shuffled(
    people.filter((i) => i !== BUSY),
    rand,
  );
  let cursor = 0;
  const nextPerson = (taken: readonly number[]) => {
    for (;;) {
      const person = others[cursor++ % others.length]!;
      if (!taken.includes(person)) return person;
    }
  };
  const plans: {
    kind: 'direct' | 'group';
    members: number[];
    createdBy: number;
    name: string | null;
    createdAt: Date;
  }[] = [];
  const TOPICS = [
    'Grade 7 science',
    'Sports day',
    'Exam duty',
    'Parents meeting',
    'Maths department',
    'Library week',
    'Annual day',
    'Bus duty',
  ];
  const monthAgo = at.getTime() - 30 * 86_400_000;
  for (let r = 0; r < ROOMS; r++) {
    const createdAt = new Date(monthAgo + r * 60_000);
    if (r < DIRECT_ROOMS) {
      const members = [BUSY, nextPerson([BUSY])];
      plans.push({ kind: 'direct', members, createdBy: members[Math.floor(rand() * 2)]!, name: null, createdAt });
    } else {
      const size = GROUP_SIZE[0] + Math.floor(rand() * (GROUP_SIZE[1] - GROUP_SIZE[0] + 1));
      const members = [BUSY];
      while (members.length < Math.min(size, STAFF)) members.push(nextPerson(members));
      plans.push({
        kind: 'group',
        members,
        createdBy: members[Math.floor(rand() * members.length)]!,
        name: `${TOPICS[r % TOPICS.length]} ${r + 1}`,
        createdAt,
      });
    }
  }
  const roomIds: number[] = [];
  await inBatches(plans, 500, async (batch) => {
    const rows = await db
      .insertInto('chat_rooms')
      .values(
        batch.map((p) => {
          const [a, b] = p.members.map((m) => userIds[m]!).sort((x, y) => x - y);
          return {
            chain_id: chainId,
            kind: p.kind,
            name: p.name,
            direct_key: p.kind === 'direct' ? `${a}:${b}` : null,
            created_by: userIds[p.createdBy]!,
            created_at: p.createdAt,
            last_activity_at: p.createdAt,
          };
        }),
      )
      .returning('id')
      .execute();
    roomIds.push(...rows.map((r) => Number(r.id)));
  });
  const memberships = plans.flatMap((p, r) =>
    p.members.map((m) => ({ room_id: roomIds[r]!, user_id: userIds[m]!, joined_at: p.createdAt })),
  );
  await inBatches(memberships, 2000, async (batch) => {
    await db.insertInto('chat_members').values(batch).execute();
  });

  // History: HISTORY messages a room between its creation and an hour before the clock starts (none
  // within the posting limit's minute), each room's last at a different moment, so the rooms list's
  // order is the last activity's. Inserted room by room, oldest first: ids rise with time in a room.
  const messages: { room_id: number; sender_id: number; body: string; client_id: string; created_at: Date }[] = [];
  let n = 0;
  for (const [r, p] of plans.entries()) {
    const from = p.createdAt.getTime();
    const span = (at.getTime() - 3_600_000 - from) * (0.3 + 0.7 * rand());
    for (let h = 0; h < HISTORY; h++)
      messages.push({
        room_id: roomIds[r]!,
        sender_id: userIds[p.members[Math.floor(rand() * p.members.length)]!]!,
        body: textOf(++n, rand),
        client_id: randomUUID(),
        created_at: new Date(from + ((h + 1) * span) / HISTORY),
      });
  }
  await inBatches(messages, 1000, async (batch) => {
    await db.insertInto('chat_messages').values(batch).execute();
  });
  // What chat.repository.ts postMessage leaves: the room's last message and activity, and each
  // member's unread count raised by every message of someone else's since they joined (all here).
  await sql`
    update chat_rooms r set last_message_id = m.id, last_activity_at = m.created_at
    from (select distinct on (room_id) id, room_id, created_at from chat_messages order by room_id, id desc) m
    where m.room_id = r.id`.execute(db);
  await sql`
    update chat_members cm set unread = (
      select count(*) from chat_messages c where c.room_id = cm.room_id and c.sender_id <> cm.user_id)`.execute(db);
  // The busy person opened every other room (markRead: unread 0).
  const read = roomIds.filter((_, r) => r % 2 === 1);
  if (read.length > 0)
    await db
      .updateTable('chat_members')
      .set({ unread: 0 })
      .where('user_id', '=', userIds[BUSY]!)
      .where('room_id', 'in', read)
      .execute();

  return {
    userIds,
    cookies,
    rooms: plans.map((p, r) => ({ id: roomIds[r]!, kind: p.kind, members: p.members })),
    historyMessages: messages.length,
  };
}
