/**
 * Staff chat through the real app, on a listening port with socket.io-client (issue #25): groups
 * and one-to-one rooms, messages stored and delivered live, unread counts that rise and clear on
 * every tab, keyset history, favorites, leaving, the posting limit, and who is turned away.
 */
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_MESSAGES_PAGE,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PICTURE_MAX_BYTES,
  CHAT_ROOMS_PAGE,
  GROUP_MEMBERS_REQUIRED,
  GROUP_NAME_REQUIRED,
  type ChatMessage,
  type ChatRoom,
  type MessagesPage,
  type RoomDetail,
  type RoomsPage,
} from '@ki/contracts';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { multipart, PNG_1X1 } from '../../test/assessment-authoring-fixtures';
import { listenForSockets, nextEvent, openSocket } from '../../test/socket-client';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
let base: string;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];

const open = (who: string) => openSocket(base, { cookie: cookies[who] ?? '' }, sockets);
const next = nextEvent;
async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const say = (who: string, roomId: number, text: string, clientId: string = randomUUID()) =>
  call(who, 'POST', `/chat/rooms/${roomId}/messages`, { text, clientId });
const unread = async (who: string) =>
  (await call(who, 'GET', '/chat/unread')).json() as { total: number; rooms: number };
const roomsOf = async (who: string, query = '') => (await call(who, 'GET', `/chat/rooms${query}`)).json() as RoomsPage;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Chat Trust');
  const otherChain = await createChain(db, 'Other Trust');
  const boardId = await createBoard(db, 'CHT');
  const school = await createSchool(db, { chainId: chain, boardId, grades: [7], name: 'Chat School' });
  const sister = await createSchool(db, { chainId: chain, boardId, grades: [7], name: 'Sister School' });
  const far = await createSchool(db, { chainId: otherChain, boardId, grades: [7], name: 'Far School' });
  ids.asha = await createStaff(db, 'teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 7 }] });
  ids.bala = await createStaff(db, 'teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 7 }] });
  ids.chitra = await createStaff(db, 'principal', { schoolIds: [sister] });
  ids.dev = await createStaff(db, 'superadmin', { chainId: chain });
  ids.far = await createStaff(db, 'teacher', { schoolIds: [far] });
  ids.student = await createStudent(db, { schoolId: school, boardId, grade: 7 });
  ids.parent = await createUser(db, 'parent');
  ids.editor = await createUser(db, 'content_editor');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
  base = await listenForSockets(t.app);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('staff chat', () => {
  it('turns away everyone who is not school staff', async () => {
    for (const who of ['student', 'parent', 'editor'])
      expect((await call(who, 'GET', '/chat/rooms')).statusCode, who).toBe(403);
    expect((await call('nobody', 'GET', '/chat/rooms')).statusCode).toBe(401);
    expect((await call('asha', 'GET', '/chat/rooms')).json()).toEqual({ rooms: [], next: null });
  });

  it('refuses a group without a name or without people, with the spec’s texts', async () => {
    const noName = await call('asha', 'POST', '/chat/groups', { name: '  ', memberIds: [ids.bala] });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json())).toContain(GROUP_NAME_REQUIRED);
    const noPeople = await call('asha', 'POST', '/chat/groups', { name: 'Grade 7', memberIds: [] });
    expect(noPeople.statusCode).toBe(400);
    expect(JSON.stringify(noPeople.json())).toContain(GROUP_MEMBERS_REQUIRED);
  });

  it('puts only colleagues of the chain in a room: another chain’s staff, a student, or oneself is no colleague', async () => {
    for (const id of [ids.far, ids.student, ids.parent, ids.asha, 987654])
      expect(
        (await call('asha', 'POST', '/chat/groups', { name: 'Mixed', memberIds: [ids.bala, id] })).statusCode,
        String(id),
      ).toBe(404);
    expect((await call('asha', 'POST', '/chat/rooms/direct', { userId: ids.far })).statusCode).toBe(404);
    const found = (await call('asha', 'GET', '/chat/colleagues')).json() as {
      colleagues: { id: number; schools: string }[];
    };
    expect(found.colleagues.map((c) => c.id).sort()).toEqual([ids.bala, ids.chitra, ids.dev].sort());
    const searched = (await call('asha', 'GET', '/chat/colleagues?q=principal')).json() as {
      colleagues: { id: number }[];
    };
    expect(searched.colleagues.map((c) => c.id)).toEqual([ids.chitra]);
    // Nothing was written by the refusals.
    expect(await t.database.db.selectFrom('chat_rooms').select('id').execute()).toEqual([]);
  });

  it('delivers a group’s messages live; unread counts rise for the others, clear on reading on every tab', async () => {
    const [balaTab, balaPhone, ashaTab] = await Promise.all([open('bala'), open('bala'), open('asha')]);
    const told = next(balaTab, 'chat:rooms');
    const created = await call('asha', 'POST', '/chat/groups', {
      name: 'Grade 7 teachers',
      memberIds: [ids.bala, ids.chitra],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json() as ChatRoom;
    expect(group).toMatchObject({
      kind: 'group',
      name: 'Grade 7 teachers',
      isCreator: true,
      memberCount: 3,
      unread: 0,
      lastMessage: null,
    });
    await told;

    const arrives = next<ChatMessage>(balaTab, 'chat:message');
    const echo = next<ChatMessage>(ashaTab, 'chat:message');
    const sent = await say('asha', group.id, 'Unit test papers are <b>ready</b>');
    expect(sent.statusCode).toBe(201);
    const message = sent.json() as ChatMessage;
    expect(await arrives).toEqual(message);
    expect(await echo).toEqual(message);
    expect(message).toMatchObject({ roomId: group.id, senderId: ids.asha, text: 'Unit test papers are <b>ready</b>' });

    expect(await unread('bala')).toEqual({ total: 1, rooms: 1 });
    expect(await unread('chitra')).toEqual({ total: 1, rooms: 1 });
    expect(await unread('asha')).toEqual({ total: 0, rooms: 0 });
    const balaRooms = await roomsOf('bala');
    expect(balaRooms.rooms[0]).toMatchObject({
      id: group.id,
      unread: 1,
      isCreator: false,
      lastMessage: { text: 'Unit test papers are <b>ready</b>' },
    });

    // A retry of the same message posts nothing new and raises no count.
    const retry = await say('asha', group.id, 'Unit test papers are <b>ready</b>', message.clientId);
    expect(retry.json()).toEqual(message);
    expect(await unread('bala')).toEqual({ total: 1, rooms: 1 });

    const cleared = next<{ roomId: number }>(balaPhone, 'chat:read');
    expect((await call('bala', 'POST', `/chat/rooms/${group.id}/read`)).statusCode).toBe(204);
    expect(await cleared).toEqual({ roomId: group.id });
    expect(await unread('bala')).toEqual({ total: 0, rooms: 0 });
    expect(await unread('chitra')).toEqual({ total: 1, rooms: 1 });
  });

  it('keeps one one-to-one room per pair, whoever opens it', async () => {
    const first = await call('asha', 'POST', '/chat/rooms/direct', { userId: ids.dev });
    expect(first.statusCode).toBe(201);
    const again = await call('dev', 'POST', '/chat/rooms/direct', { userId: ids.asha });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ChatRoom).id).toBe((first.json() as ChatRoom).id);
    expect(first.json()).toMatchObject({ kind: 'direct', otherUserId: ids.dev, memberCount: 2 });
    expect((again.json() as ChatRoom).otherUserId).toBe(ids.asha);
  });

  it('pages history by keyset and the rooms list 30 at a time, newest first', async () => {
    const room = (await (await call('bala', 'POST', '/chat/rooms/direct', { userId: ids.chitra })).json()) as ChatRoom;
    for (let i = 1; i <= CHAT_MESSAGES_PAGE + 5; i++) {
      t.setNow(new Date(Date.UTC(2026, 10, 20, 11, 0, i)));
      expect((await say(i % 2 ? 'bala' : 'chitra', room.id, `m${i}`)).statusCode).toBe(201);
    }
    const newest = (await call('bala', 'GET', `/chat/rooms/${room.id}/messages`)).json() as MessagesPage;
    expect(newest.messages).toHaveLength(CHAT_MESSAGES_PAGE);
    expect(newest.messages.at(-1)!.text).toBe(`m${CHAT_MESSAGES_PAGE + 5}`);
    expect(newest.messages[0]!.text).toBe('m6');
    const older = (
      await call('bala', 'GET', `/chat/rooms/${room.id}/messages?before=${newest.next}`)
    ).json() as MessagesPage;
    expect(older.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.next).toBeNull();

    // 31 more groups of Dev's: the list's first page holds 30, the second the rest.
    for (let i = 0; i < CHAT_ROOMS_PAGE + 1; i++) {
      t.setNow(new Date(Date.UTC(2026, 10, 20, 12, 0, i)));
      expect(
        (await call('dev', 'POST', '/chat/groups', { name: `Group ${i}`, memberIds: [ids.chitra] })).statusCode,
      ).toBe(201);
    }
    const page1 = await roomsOf('dev');
    expect(page1.rooms).toHaveLength(CHAT_ROOMS_PAGE);
    expect(page1.rooms[0]!.name).toBe(`Group ${CHAT_ROOMS_PAGE}`);
    const page2 = await roomsOf('dev', `?before=${page1.next}`);
    // Group 0, then the one-to-one room with Asha, opened before any group.
    expect(page2.rooms.map((r) => [r.kind, r.kind === 'group' ? r.name : r.otherUserId])).toEqual([
      ['group', 'Group 0'],
      ['direct', ids.asha],
    ]);
    expect(page2.next).toBeNull();
    expect(new Set([...page1.rooms, ...page2.rooms].map((r) => r.id)).size).toBe(CHAT_ROOMS_PAGE + 2);

    // Favorites are the caller's own.
    expect((await call('dev', 'PUT', `/chat/rooms/${page2.rooms[0]!.id}/favorite`, { favorite: true })).json()).toEqual(
      { favorite: true },
    );
    expect((await roomsOf('dev', '?favorites=true')).rooms.map((r) => r.name)).toEqual(['Group 0']);
    expect((await roomsOf('chitra', '?favorites=true')).rooms).toEqual([]);
  });

  it('lets only the creator change a group; a member who leaves reads and posts no more; outsiders see no room', async () => {
    t.setNow(new Date('2026-11-20T13:00:00Z'));
    const group = (
      await call('asha', 'POST', '/chat/groups', { name: 'Sports day', memberIds: [ids.bala] })
    ).json() as ChatRoom;
    expect((await call('bala', 'PUT', `/chat/groups/${group.id}/name`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('bala', 'POST', `/chat/groups/${group.id}/members`, { userIds: [ids.chitra] })).statusCode).toBe(
      403,
    );
    expect((await call('bala', 'DELETE', `/chat/groups/${group.id}/members/${ids.asha}`)).statusCode).toBe(403);
    for (const who of ['chitra', 'dev', 'far']) {
      expect((await call(who, 'GET', `/chat/rooms/${group.id}/messages`)).statusCode, who).toBe(404);
      expect((await say(who, group.id, 'hello')).statusCode, who).toBe(404);
    }
    const renamed = (
      await call('asha', 'PUT', `/chat/groups/${group.id}/name`, { name: 'Sports day 2026' })
    ).json() as RoomDetail;
    expect(renamed.room.name).toBe('Sports day 2026');
    const added = (
      await call('asha', 'POST', `/chat/groups/${group.id}/members`, { userIds: [ids.chitra] })
    ).json() as RoomDetail;
    expect(added.members.map((m) => m.id).sort()).toEqual([ids.asha, ids.bala, ids.chitra].sort());

    expect((await call('bala', 'DELETE', `/chat/groups/${group.id}/members/${ids.bala}`)).statusCode).toBe(204);
    const refused = await say('bala', group.id, 'still here?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CHAT_ROOM_LEFT' });
    expect((await call('bala', 'GET', `/chat/rooms/${group.id}/messages`)).statusCode).toBe(404);
    expect((await roomsOf('bala')).rooms.map((r) => r.id)).not.toContain(group.id);
    const before = await unread('bala');
    expect((await say('chitra', group.id, 'Welcome')).statusCode).toBe(201);
    expect(await unread('bala')).toEqual(before);

    // The creator leaving hands the group to the longest-standing member.
    expect((await call('asha', 'DELETE', `/chat/groups/${group.id}/members/${ids.asha}`)).statusCode).toBe(204);
    expect(((await call('chitra', 'GET', `/chat/rooms/${group.id}`)).json() as RoomDetail).room.isCreator).toBe(true);
  });

  it('limits posting to 30 messages a minute a person', async () => {
    t.setNow(new Date('2026-11-20T14:00:00Z'));
    const room = (await call('dev', 'POST', '/chat/rooms/direct', { userId: ids.bala })).json() as ChatRoom;
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++)
      expect((await say('dev', room.id, `n${i}`)).statusCode).toBe(201);
    const limited = await say('dev', room.id, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
    t.setNow(new Date('2026-11-20T14:01:01Z'));
    expect((await say('dev', room.id, 'a minute later')).statusCode).toBe(201);
  });

  it('tells colleagues who came online, and lists them online', async () => {
    const watcher = await open('dev');
    const seen = new Promise<void>((resolve) => {
      watcher.on('chat:presence', (p: { online: number[] }) => {
        if (p.online.includes(ids.chitra!)) resolve();
      });
    });
    await open('chitra');
    await seen;
    const list = (await call('dev', 'GET', '/chat/colleagues')).json() as {
      colleagues: { id: number; online: boolean }[];
    };
    expect(list.colleagues.find((c) => c.id === ids.chitra)?.online).toBe(true);
    expect(list.colleagues.find((c) => c.id === ids.asha)?.online).toBe(true);
    // The one-to-one rooms list says whether the other person is online: Asha is (an earlier test's tab); a colleague who never connected is not.
    const first = await roomsOf('dev');
    const rooms = [...first.rooms, ...(await roomsOf('dev', `?before=${first.next}`)).rooms].filter(
      (r) => r.kind === 'direct',
    );
    expect(rooms.find((r) => r.otherUserId === ids.asha)?.otherOnline).toBe(true);
    const never = await createStaff(t.database.db, 'principal', {
      chainId: null,
      schoolIds: [
        (
          await t.database.db
            .selectFrom('schools')
            .select('id')
            .where('name', '=', 'Chat School')
            .executeTakeFirstOrThrow()
        ).id,
      ],
    });
    const withNever = (await call('dev', 'POST', '/chat/rooms/direct', { userId: never })).json() as ChatRoom;
    expect(withNever).toMatchObject({ otherUserId: never, otherOnline: false });
  }, 10_000);

  it('closes a connection when its session expires, so an open tab stops receiving messages', async () => {
    const db = t.database.db;
    const short = await createStaff(db, 'teacher', { schoolIds: [] });
    cookies.balaShort = await sessionCookie(db, short, t.now());
    // This session ends 300 ms after the (fixed) clock's now.
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(t.now().getTime() + 300) })
      .where('user_id', '=', short)
      .execute();
    const s = await open('balaShort');
    const closed = await new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    expect(closed).toBe('io server disconnect');
  });

  it('attaches pictures and documents, read from their bytes, fetched by the room’s members only', async () => {
    t.setNow(new Date('2026-11-20T15:00:00Z'));
    const room = (
      await call('asha', 'POST', '/chat/groups', { name: 'Files', memberIds: [ids.bala] })
    ).json() as ChatRoom;
    const upload = (who: string, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/chat/rooms/${room.id}/files`,
        headers: { cookie: cookies[who]!, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const files = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('chat_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const clientId = randomUUID();
    const picture = [
      { name: 'clientId', data: clientId },
      { name: 'text', data: 'Seating plan' },
      // A name with folders, markup and a control character: shown and saved cleaned.
      { name: 'file', filename: '../../plan<script>\u0007.png', contentType: 'text/plain', data: PNG_1X1 },
    ];
    const sent = await upload('asha', picture);
    expect(sent.statusCode).toBe(201);
    const message = sent.json() as ChatMessage;
    expect(message).toMatchObject({
      text: 'Seating plan',
      file: { name: 'planscript.png', contentType: 'image/png', byteSize: PNG_1X1.length },
    });
    // The retry answers the stored message and stores nothing more.
    expect((await upload('asha', picture)).json()).toEqual(message);
    expect(await files()).toBe(1);

    const fetched = await call('bala', 'GET', `/chat/files/${message.file!.id}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.headers['content-disposition']).toBe("inline; filename*=UTF-8''planscript.png");
    expect(fetched.rawPayload.equals(PNG_1X1)).toBe(true);
    for (const who of ['chitra', 'far'])
      expect((await call(who, 'GET', `/chat/files/${message.file!.id}`)).statusCode, who).toBe(404);
    expect((await call('student', 'GET', `/chat/files/${message.file!.id}`)).statusCode).toBe(403);

    const pdf = await upload('bala', [
      { name: 'clientId', data: randomUUID() },
      {
        name: 'file',
        filename: 'Circular 12.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      },
    ]);
    expect(pdf.statusCode).toBe(201);
    const doc = pdf.json() as ChatMessage;
    expect(doc).toMatchObject({ text: '', file: { name: 'Circular 12.pdf', contentType: 'application/pdf' } });
    expect((await call('asha', 'GET', `/chat/files/${doc.file!.id}`)).headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Circular%2012.pdf",
    );
    expect((await roomsOf('asha')).rooms.find((r) => r.id === room.id)?.lastMessage).toMatchObject({
      text: '',
      fileName: 'Circular 12.pdf',
    });

    // A caption of 2,000 characters in Devanagari (6,000 bytes) is stored whole.
    const hindi = 'अ'.repeat(2000);
    const captioned = await upload('asha', [
      { name: 'clientId', data: randomUUID() },
      { name: 'text', data: hindi },
      { name: 'file', filename: 'p.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    expect(captioned.statusCode).toBe(201);
    expect((captioned.json() as ChatMessage).text).toBe(hindi);

    // Refused: a type that is not allowed (whatever the browser says), too large, no client id, a
    // field longer than the reader takes (never stored cut short); nothing is stored.
    const before = await files();
    const script = await upload('asha', [
      { name: 'clientId', data: randomUUID() },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect([script.statusCode, script.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await upload('asha', [
      { name: 'clientId', data: randomUUID() },
      {
        name: 'file',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG_1X1, Buffer.alloc(CHAT_FILE_MAX_BYTES)]),
      },
    ]);
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const anonymousFile = await upload('asha', [
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    expect([anonymousFile.statusCode, anonymousFile.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const overlong = await upload('asha', [
      { name: 'clientId', data: randomUUID() },
      { name: 'text', data: 'a'.repeat(20_000) },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    expect([overlong.statusCode, overlong.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await upload('chitra', picture)).statusCode).toBe(404);
    expect(await files()).toBe(before);
  });

  it('lets a group’s creator set and take away its picture, which its members fetch and the others get live', async () => {
    const room = (
      await call('asha', 'POST', '/chat/groups', { name: 'Pictured', memberIds: [ids.bala] })
    ).json() as ChatRoom;
    expect(room.pictureId).toBeNull();
    const put = (who: string, file: { filename: string; contentType: string; data: Buffer }) => {
      const body = multipart([{ name: 'file', ...file }]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/chat/groups/${room.id}/picture`,
        headers: { cookie: cookies[who]!, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const bala = await open('bala');
    const changed = next(bala, 'chat:rooms');
    const set = await put('asha', { filename: 'staff.png', contentType: 'image/png', data: PNG_1X1 });
    expect(set.statusCode, set.body).toBe(200);
    const pictureId = (set.json() as RoomDetail).room.pictureId!;
    expect(pictureId).toMatch(/^[0-9a-f-]{36}$/);
    await changed;
    expect((await roomsOf('bala')).rooms.find((r) => r.id === room.id)?.pictureId).toBe(pictureId);
    const fetched = await call('bala', 'GET', `/chat/files/${pictureId}`);
    expect([fetched.statusCode, fetched.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await call('chitra', 'GET', `/chat/files/${pictureId}`)).statusCode).toBe(404);

    // Only its creator; only a picture (by its bytes), of at most 2 MB; nothing changes when refused.
    expect((await put('bala', { filename: 'b.png', contentType: 'image/png', data: PNG_1X1 })).statusCode).toBe(403);
    expect((await put('chitra', { filename: 'c.png', contentType: 'image/png', data: PNG_1X1 })).statusCode).toBe(404);
    expect((await put('student', { filename: 'd.png', contentType: 'image/png', data: PNG_1X1 })).statusCode).toBe(403);
    const pdf = await put('asha', {
      filename: 'a.png',
      contentType: 'image/png',
      data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    expect([pdf.statusCode, pdf.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await put('asha', {
      filename: 'big.png',
      contentType: 'image/png',
      data: Buffer.concat([PNG_1X1, Buffer.alloc(CHAT_PICTURE_MAX_BYTES)]),
    });
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await roomsOf('asha')).rooms.find((r) => r.id === room.id)?.pictureId).toBe(pictureId);
    // A one-to-one room has no picture to set.
    const direct = (await call('asha', 'POST', '/chat/rooms/direct', { userId: ids.bala })).json() as ChatRoom;
    const body = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: PNG_1X1 }]);
    const onDirect = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chat/groups/${direct.id}/picture`,
      headers: { cookie: cookies.asha!, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(onDirect.statusCode).toBe(404);

    expect((await call('bala', 'DELETE', `/chat/groups/${room.id}/picture`)).statusCode).toBe(403);
    const removed = await call('asha', 'DELETE', `/chat/groups/${room.id}/picture`);
    expect([removed.statusCode, (removed.json() as RoomDetail).room.pictureId]).toEqual([200, null]);
  });
});
