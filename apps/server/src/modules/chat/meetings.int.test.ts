/**
 * Staff meetings through the real app (issue #25): scheduling with the spec's texts, the lists and
 * 'refresh-meetings' to everyone invited, when a meeting opens and closes, the mesh's joining and
 * relaying between its connections only, one connection per person, a dropped connection that
 * joins again as a new peer, and cancelling.
 */
import {
  GROUP_MEMBERS_REQUIRED,
  MEETING_TITLE_REQUIRED,
  type Meeting,
  type MeetingJoined,
  type MeetingPeer,
} from '@ki/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { arrives, emitAck, listenForSockets, nextEvent, openSocket } from '../../test/socket-client';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
let base: string;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];

const open = (who: string) => openSocket(base, { cookie: cookies[who]! }, sockets);
const inject = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });
const schedule = async (who: string, body: object) => {
  const res = await inject(who, 'POST', '/chat/meetings', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Meeting;
};
const joined = async (s: Socket, meetingId: string) => {
  const ack = await emitAck<MeetingJoined>(s, 'meeting:join', { meetingId });
  if (!ack.ok) throw new Error(`meeting:join refused: ${ack.code}`);
  return ack.value;
};
const inMinutes = (m: number) => new Date(t.now().getTime() + m * 60_000).toISOString();
const offer = { type: 'offer', sdp: 'v=0 fake' } as const;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Meet Trust');
  const other = await createChain(db, 'Other Trust');
  const boardId = await createBoard(db, 'MET');
  const school = await createSchool(db, { chainId: chain, boardId, grades: [7], name: 'Meet School' });
  const far = await createSchool(db, { chainId: other, boardId, grades: [7], name: 'Far School' });
  for (const name of ['asha', 'dev', 'chitra', 'esha'])
    ids[name] = await createStaff(db, 'teacher', { schoolIds: [school] });
  ids.outsider = await createStaff(db, 'teacher', { schoolIds: [far] });
  ids.student = await createStudent(db, { schoolId: school, boardId, grade: 7 });
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
  base = await listenForSockets(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('scheduling meetings', () => {
  it('refuses a meeting without a title or people with the spec’s texts, and outsiders, students and past times', async () => {
    const base = { title: 'Term planning', startsAt: inMinutes(30), durationMinutes: 45, userIds: [ids.dev] };
    const title = await inject('asha', 'POST', '/chat/meetings', { ...base, title: '  ' });
    expect(title.statusCode).toBe(400);
    expect(JSON.stringify(title.json())).toContain(MEETING_TITLE_REQUIRED);
    const people = await inject('asha', 'POST', '/chat/meetings', { ...base, userIds: [] });
    expect(people.statusCode).toBe(400);
    expect(JSON.stringify(people.json())).toContain(GROUP_MEMBERS_REQUIRED);
    expect(
      (
        await inject('asha', 'POST', '/chat/meetings', {
          ...base,
          userIds: [ids.dev, ids.chitra, ids.esha, ids.outsider],
        })
      ).statusCode,
    ).toBe(400);
    expect((await inject('asha', 'POST', '/chat/meetings', { ...base, userIds: [ids.outsider] })).json()).toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect((await inject('asha', 'POST', '/chat/meetings', { ...base, userIds: [ids.student] })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      (await inject('asha', 'POST', '/chat/meetings', { ...base, startsAt: inMinutes(-60) })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This time has passed' });
    expect(
      (await inject('asha', 'POST', '/chat/meetings', { ...base, startsAt: inMinutes(91 * 24 * 60) })).statusCode,
    ).toBe(400);
    expect((await inject('student', 'POST', '/chat/meetings', base)).statusCode).toBe(403);
    expect((await inject('asha', 'GET', '/chat/meetings')).json()).toEqual({ meetings: [] });
  });

  it('lists a meeting to everyone invited, soonest first, tells them live, and hides it from anyone else', async () => {
    const [dev, chitra] = await Promise.all([open('dev'), open('chitra')]);
    const devTold = nextEvent<{ timestamp: string }>(dev, 'refresh-meetings');
    const chitraTold = arrives(chitra, 'refresh-meetings');
    const later = await schedule('asha', {
      title: 'Sports day',
      startsAt: inMinutes(24 * 60),
      durationMinutes: 60,
      userIds: [ids.dev],
    });
    expect(await devTold).toEqual({ timestamp: t.now().toISOString() });
    expect(await chitraTold).toBe(false);
    const sooner = await schedule('asha', {
      title: 'Term planning',
      startsAt: inMinutes(30),
      durationMinutes: 45,
      userIds: [ids.dev, ids.dev],
    });
    expect(sooner).toMatchObject({
      title: 'Term planning',
      isOrganiser: true,
      organiser: { id: ids.asha },
      startsAt: inMinutes(30),
      endsAt: inMinutes(75),
    });
    expect(sooner.people.map((p) => p.id)).toEqual([ids.asha, ids.dev]);
    const devs = (await inject('dev', 'GET', '/chat/meetings')).json() as { meetings: Meeting[] };
    expect(devs.meetings.map((m) => [m.id, m.isOrganiser])).toEqual([
      [sooner.id, false],
      [later.id, false],
    ]);
    expect((await inject('dev', 'GET', `/chat/meetings/${sooner.id}`)).json()).toMatchObject({
      id: sooner.id,
      isOrganiser: false,
    });
    expect((await inject('chitra', 'GET', `/chat/meetings/${sooner.id}`)).statusCode).toBe(404);
    expect((await inject('outsider', 'GET', `/chat/meetings/${sooner.id}`)).statusCode).toBe(404);
    expect((await inject('chitra', 'GET', '/chat/meetings')).json()).toEqual({ meetings: [] });
  });

  it('lets only the organiser cancel; cancelled, it is gone for everyone and whoever is in it is taken out', async () => {
    const m = await schedule('asha', {
      title: 'Cancelled',
      startsAt: inMinutes(5),
      durationMinutes: 30,
      userIds: [ids.dev],
    });
    expect((await inject('dev', 'DELETE', `/chat/meetings/${m.id}`)).statusCode).toBe(403);
    expect((await inject('chitra', 'DELETE', `/chat/meetings/${m.id}`)).statusCode).toBe(404);
    const dev = await open('dev');
    await joined(dev, m.id);
    const closed = nextEvent(dev, 'meeting:closed');
    const told = nextEvent(dev, 'refresh-meetings');
    expect((await inject('asha', 'DELETE', `/chat/meetings/${m.id}`)).statusCode).toBe(204);
    expect(await closed).toEqual({ meetingId: m.id, reason: 'cancelled' });
    await told;
    expect((await inject('dev', 'GET', `/chat/meetings/${m.id}`)).statusCode).toBe(404);
    expect((await inject('asha', 'DELETE', `/chat/meetings/${m.id}`)).statusCode).toBe(404);
    expect(await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: 'anyone', signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('joining meetings', () => {
  it('opens 10 minutes before the start and closes at the end', async () => {
    const m = await schedule('asha', {
      title: 'Later',
      startsAt: inMinutes(11),
      durationMinutes: 15,
      userIds: [ids.dev],
    });
    const asha = await open('asha');
    expect(await emitAck(asha, 'meeting:join', { meetingId: m.id })).toMatchObject({
      ok: false,
      code: 'MEETING_NOT_OPEN',
      message: 'This meeting opens 10 minutes before it starts',
    });
    const start = t.now();
    try {
      t.setNow(new Date(start.getTime() + 60_000));
      expect((await joined(asha, m.id)).peers).toEqual([]);
      t.setNow(new Date(start.getTime() + 26 * 60_000));
      expect(await emitAck(asha, 'meeting:join', { meetingId: m.id })).toMatchObject({
        ok: false,
        code: 'MEETING_NOT_OPEN',
        message: 'This meeting has ended',
      });
      expect((await inject('asha', 'GET', '/chat/meetings')).json().meetings.map((x: Meeting) => x.id)).not.toContain(
        m.id,
      );
    } finally {
      t.setNow(start);
    }
    const chitra = await open('chitra');
    expect(await emitAck(chitra, 'meeting:join', { meetingId: m.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const student = await open('student');
    expect(await emitAck(student, 'meeting:join', { meetingId: m.id })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await emitAck(asha, 'meeting:join', { meetingId: 'not-a-meeting' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
  });

  it('tells the people in it who joins; relays signals between two of its connections only; one connection per person; a dropped one comes back as a new peer', async () => {
    const m = await schedule('asha', {
      title: 'Staff meeting',
      startsAt: inMinutes(0),
      durationMinutes: 60,
      userIds: [ids.dev, ids.chitra],
    });
    const [asha, dev, chitra, esha] = await Promise.all([open('asha'), open('dev'), open('chitra'), open('esha')]);
    const a = await joined(asha, m.id);
    expect(a.peers).toEqual([]);
    const ashaSees = nextEvent<{ meetingId: string; peer: MeetingPeer }>(asha, 'meeting:peer-joined');
    const d = await joined(dev, m.id);
    expect(d.peers).toEqual([{ peerId: a.peerId, userId: ids.asha, name: expect.any(String) }]);
    expect(await ashaSees).toEqual({
      meetingId: m.id,
      peer: { peerId: d.peerId, userId: ids.dev, name: expect.any(String) },
    });
    const c = await joined(chitra, m.id);
    expect(c.peers.map((p) => p.peerId).sort()).toEqual([a.peerId, d.peerId].sort());

    // Dev's offer reaches Asha alone, from Dev's peer id.
    const ashaGets = nextEvent(asha, 'meeting:signal');
    const chitraGets = arrives(chitra, 'meeting:signal');
    expect(await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: a.peerId, signal: offer })).toEqual({
      ok: true,
      value: null,
    });
    expect(await ashaGets).toEqual({ meetingId: m.id, from: d.peerId, signal: offer });
    expect(await chitraGets).toBe(false);
    // Not to oneself, not to a connection outside the meeting, not from one outside it.
    expect(await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: d.peerId, signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: esha.id, signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitAck(esha, 'meeting:signal', { meetingId: m.id, to: a.peerId, signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(
      await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: a.peerId, signal: { type: 'offer', sdp: '' } }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });

    // Dev's second tab takes over: the first is told and out, the others see one peer go and one come.
    const devTab = await open('dev');
    const firstOut = nextEvent(dev, 'meeting:closed');
    const ashaLost = nextEvent<{ peerId: string }>(asha, 'meeting:peer-left');
    const ashaGained = nextEvent<{ peer: MeetingPeer }>(asha, 'meeting:peer-joined');
    const d2 = await joined(devTab, m.id);
    expect(await firstOut).toEqual({ meetingId: m.id, reason: 'elsewhere' });
    expect((await ashaLost).peerId).toBe(d.peerId);
    expect((await ashaGained).peer.peerId).toBe(d2.peerId);
    expect(d2.peers.map((p) => p.peerId).sort()).toEqual([a.peerId, c.peerId].sort());
    expect(await emitAck(dev, 'meeting:signal', { meetingId: m.id, to: a.peerId, signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });

    // Chitra's connection drops: the others are told; joining again on a new connection is a new peer.
    const chitraGone = nextEvent<{ peerId: string }>(asha, 'meeting:peer-left');
    chitra.disconnect();
    expect((await chitraGone).peerId).toBe(c.peerId);
    const back = await joined(await open('chitra'), m.id);
    expect(back.peers.map((p) => p.peerId).sort()).toEqual([a.peerId, d2.peerId].sort());

    // Leaving: the others are told.
    const ashaLeft = nextEvent<{ peerId: string }>(devTab, 'meeting:peer-left');
    expect(await emitAck(asha, 'meeting:leave', { meetingId: m.id })).toEqual({ ok: true, value: null });
    expect((await ashaLeft).peerId).toBe(a.peerId);
    expect(await emitAck(asha, 'meeting:signal', { meetingId: m.id, to: d2.peerId, signal: offer })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});
