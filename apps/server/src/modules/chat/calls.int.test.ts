/**
 * One-to-one calls through the real app (issue #25): ringing every tab of the callee, the first
 * tab to answer taking the call, the relay between the two answering connections only, hang-up,
 * decline and a dropped side, the spec's text for an offline callee, and nobody else in a call.
 */
import { CALL_SIGNAL_RATE } from './calls';
import {
  CALL_OFFLINE_TEXT,
  CALL_RECONNECT_SECONDS,
  type CallStarted,
  type ChatRoom,
  type IncomingCall,
} from '@ki/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { arrives, emitAck, listenForSockets, nextEvent, openSocket } from '../../test/socket-client';
import { createBoard, createChain, createSchool, createStaff, sessionCookie } from '../../test/factories';

let t: TestApp;
let base: string;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];
let direct: ChatRoom;

const open = (who: string) => openSocket(base, { cookie: cookies[who]! }, sockets);
const emit = emitAck;
const next = nextEvent;
const started = async (s: Socket, roomId: number, kind = 'video') => {
  const ack = await emit<CallStarted>(s, 'call:start', { roomId, kind });
  if (!ack.ok) throw new Error(`call:start refused: ${ack.code}`);
  return ack.value.callId;
};

beforeAll(async () => {
  t = await buildTestApp({}, { callReconnectMs: 300 });
  const db = t.database.db;
  const chain = await createChain(db, 'Call Trust');
  const boardId = await createBoard(db, 'CAL');
  const school = await createSchool(db, { chainId: chain, boardId, grades: [7], name: 'Call School' });
  for (const name of ['asha', 'dev', 'chitra']) ids[name] = await createStaff(db, 'teacher', { schoolIds: [school] });
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
  base = await listenForSockets(t.app);
  direct = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/rooms/direct',
      headers: { cookie: cookies.asha! },
      payload: { userId: ids.dev },
    })
  ).json() as ChatRoom;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('calls', () => {
  it('refuses to call someone with no connection open, with the spec’s text, and calls in a group', async () => {
    const asha = await open('asha');
    expect(await emit(asha, 'call:start', { roomId: direct.id, kind: 'audio' })).toEqual({
      ok: false,
      code: 'CALL_USER_OFFLINE',
      message: CALL_OFFLINE_TEXT,
    });
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/groups',
        headers: { cookie: cookies.asha! },
        payload: { name: 'Call group', memberIds: [ids.dev] },
      })
    ).json() as ChatRoom;
    expect(await emit(asha, 'call:start', { roomId: group.id, kind: 'audio' })).toMatchObject({
      ok: false,
      code: 'CALL_GROUP_ROOM',
    });
    const chitra = await open('chitra');
    expect(await emit(chitra, 'call:start', { roomId: direct.id, kind: 'audio' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emit(asha, 'call:start', { roomId: direct.id, kind: 'hologram' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
  });

  it('rings every tab; the first to answer takes the call; the two sides alone exchange signals; hang-up ends it for both', async () => {
    const [asha, devLaptop, devPhone, chitra] = await Promise.all([
      open('asha'),
      open('dev'),
      open('dev'),
      open('chitra'),
    ]);
    const ringLaptop = next<IncomingCall>(devLaptop, 'call:incoming');
    const ringPhone = next<IncomingCall>(devPhone, 'call:incoming');
    const callId = await started(asha, direct.id);
    const incoming = await ringLaptop;
    expect(incoming).toMatchObject({
      callId,
      roomId: direct.id,
      kind: 'video',
      from: { id: ids.asha },
      iceServers: [],
    });
    expect((await ringPhone).callId).toBe(callId);

    // Nobody else can take part.
    expect(await emit(chitra, 'call:signal', { callId, signal: { type: 'offer', sdp: 'v=0' } })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });
    expect(await emit(chitra, 'call:answer', { callId, accept: true })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });
    expect(await emit(chitra, 'call:end', { callId })).toMatchObject({ ok: false, code: 'CALL_NOT_FOUND' });
    expect(await emit(asha, 'call:answer', { callId, accept: true })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });

    const answered = next<{ callId: string; accept: boolean }>(asha, 'call:answered');
    const phoneStops = next<{ callId: string }>(devPhone, 'call:answered');
    expect(await emit(devLaptop, 'call:answer', { callId, accept: true })).toEqual({
      ok: true,
      value: { iceServers: [] },
    });
    expect(await answered).toEqual({ callId, accept: true });
    expect((await phoneStops).callId).toBe(callId);
    expect(await emit(devPhone, 'call:answer', { callId, accept: true })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });

    const offer = next<{ signal: { type: string; sdp: string } }>(devLaptop, 'call:signal');
    const phoneHears = arrives(devPhone, 'call:signal');
    expect(await emit(asha, 'call:signal', { callId, signal: { type: 'offer', sdp: 'v=0 offer' } })).toEqual({
      ok: true,
      value: null,
    });
    expect((await offer).signal).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(await phoneHears).toBe(false);
    // A long offer (a video offer with many codecs and candidates runs to kilobytes) passes whole.
    const long = `v=0 ${'a'.repeat(20_000)}`;
    const longOffer = next<{ signal: { sdp: string } }>(devLaptop, 'call:signal');
    expect(await emit(asha, 'call:signal', { callId, signal: { type: 'offer', sdp: long } })).toEqual({
      ok: true,
      value: null,
    });
    expect((await longOffer).signal.sdp).toBe(long);
    const answer = next<{ signal: { type: string } }>(asha, 'call:signal');
    await emit(devLaptop, 'call:signal', {
      callId,
      signal: {
        type: 'candidate',
        candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    });
    expect((await answer).signal.type).toBe('candidate');
    expect(await emit(devPhone, 'call:signal', { callId, signal: { type: 'offer', sdp: 'v=0' } })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });
    // A flood of signals at the other side is cut off; a second later the call's signals pass again.
    const candidate = {
      type: 'candidate',
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    } as const;
    const flood = await Promise.all(
      Array.from({ length: CALL_SIGNAL_RATE.capacity }, () => emit(asha, 'call:signal', { callId, signal: candidate })),
    );
    expect(flood.filter((a) => !a.ok).map((a) => (a as { code: string }).code)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    t.setNow(new Date(t.now().getTime() + 1000));
    expect(await emit(asha, 'call:signal', { callId, signal: candidate })).toEqual({ ok: true, value: null });

    const ended = next<{ reason: string }>(asha, 'call:ended');
    const endedThere = next<{ reason: string }>(devLaptop, 'call:ended');
    expect(await emit(devLaptop, 'call:end', { callId })).toEqual({ ok: true, value: null });
    expect(await ended).toEqual({ callId, reason: 'hangup' });
    expect((await endedThere).reason).toBe('hangup');
    expect(await emit(asha, 'call:signal', { callId, signal: { type: 'offer', sdp: 'v=0' } })).toMatchObject({
      ok: false,
      code: 'CALL_NOT_FOUND',
    });
    const row = await t.database.db
      .selectFrom('chat_calls')
      .selectAll()
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'video', end_reason: 'hangup' });
    expect(row.answered_at).not.toBeNull();
    for (const s of [asha, devLaptop, devPhone, chitra]) s.disconnect();
  });

  it('tells the caller a call was declined, and the callee a caller who dropped', async () => {
    const [asha, dev] = await Promise.all([open('asha'), open('dev')]);
    let ring = next<IncomingCall>(dev, 'call:incoming');
    const declined = next<{ reason: string }>(asha, 'call:ended');
    let callId = await started(asha, direct.id, 'audio');
    await ring;
    expect(await emit(dev, 'call:answer', { callId, accept: false })).toEqual({ ok: true, value: null });
    expect(await declined).toEqual({ callId, reason: 'declined' });

    ring = next<IncomingCall>(dev, 'call:incoming');
    callId = await started(asha, direct.id, 'audio');
    await ring;
    const dropped = next<{ reason: string }>(dev, 'call:ended');
    asha.disconnect();
    expect(await dropped).toEqual({ callId, reason: 'dropped' });
  });

  it('keeps an answered call through a side’s dropped connection: the other side is told, the side comes back on a new connection and the caller restarts; not back in time, the call ends as dropped', async () => {
    expect(CALL_RECONNECT_SECONDS).toBe(20);
    const [asha, dev] = await Promise.all([open('asha'), open('dev')]);
    const ring = next<IncomingCall>(dev, 'call:incoming');
    const callId = await started(asha, direct.id);
    await ring;
    expect(await emit(dev, 'call:answer', { callId, accept: true })).toMatchObject({ ok: true });

    // Dev's connection drops; Asha hears that Dev is away, not that the call ended.
    const away = next<{ callId: string }>(asha, 'call:away');
    const endedEarly = arrives(asha, 'call:ended', 600);
    dev.disconnect();
    expect(await away).toEqual({ callId });
    // Dev comes back within the wait (shortened to 300 ms here) on a new connection.
    const devBack = await open('dev');
    const resumed = next<{ callId: string }>(asha, 'call:resumed');
    expect(await emit(devBack, 'call:resume', { callId })).toEqual({ ok: true, value: { iceServers: [] } });
    expect(await resumed).toEqual({ callId });
    expect(await endedEarly).toBe(false);
    const offer = next<{ signal: { type: string } }>(devBack, 'call:signal');
    expect(await emit(asha, 'call:signal', { callId, signal: { type: 'offer', sdp: 'v=0 restart' } })).toEqual({
      ok: true,
      value: null,
    });
    expect((await offer).signal.type).toBe('offer');
    // Nobody else resumes it.
    const chitra = await open('chitra');
    expect(await emit(chitra, 'call:resume', { callId })).toMatchObject({ ok: false, code: 'CALL_NOT_FOUND' });

    // Asha drops and does not come back: the call ends as dropped.
    const ended = next<{ callId: string; reason: string }>(devBack, 'call:ended');
    asha.disconnect();
    expect(await ended).toEqual({ callId, reason: 'dropped' });
    expect(await emit(devBack, 'call:resume', { callId })).toMatchObject({ ok: false, code: 'CALL_NOT_FOUND' });
  });
});
