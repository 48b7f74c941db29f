import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallSignal, MeetingJoined, MeetingPeer } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { FakePeer, stubMedia, type FakeTrack } from '../../test-support/fake-media';
import type { MeetingListener, MeetingTransport } from './api/meeting-signals';
import { MeetingSession } from './meeting-session';

/**
 * The mesh of a meeting, with the server played by a fake transport and the browser's camera,
 * microphone and RTCPeerConnection faked: who offers, candidates that come early, a peer leaving,
 * the camera refused, an ICE restart, and joining again after the connection to the server dropped.
 */

const MEETING = '6f1c1f50-3c1e-4d55-9a53-2f3f7d4c2a10';

/** The server: its answers to joins, what it was sent, and its events. */
class FakeTransport implements MeetingTransport {
  connected = true;
  listener: MeetingListener | null = null;
  joins: (() => Promise<MeetingJoined>)[] = [];
  readonly sent: { to: string; signal: CallSignal }[] = [];
  readonly left: string[] = [];
  isConnected = () => this.connected;
  join = () => {
    const next = this.joins.shift();
    return next ? next() : Promise.reject(new Error('no join answer'));
  };
  signal = async (_meetingId: string, to: string, signal: CallSignal) => {
    this.sent.push({ to, signal });
    return null;
  };
  leave = async (meetingId: string) => {
    this.left.push(meetingId);
    return null;
  };
  follow = (listener: MeetingListener) => {
    this.listener = listener;
    return () => {
      this.listener = null;
    };
  };
  answerJoin(peerId: string, peers: MeetingPeer[]) {
    this.joins.push(async () => ({ peerId, peers, iceServers: [{ urls: ['stun:stun.example.org'] }] }));
  }
  /** The server sends an event. */
  push<E extends keyof MeetingListener>(event: E, ...args: Parameters<MeetingListener[E]>) {
    (this.listener![event] as (...a: unknown[]) => void)(...args);
  }
  offersTo(peerId: string) {
    return this.sent.filter((s) => s.to === peerId && s.signal.type === 'offer');
  }
}

const peer = (peerId: string, name: string, userId = 1): MeetingPeer => ({ peerId, userId, name });
const offer: CallSignal = { type: 'offer', sdp: 'their offer' };
const candidate = (n: number): CallSignal => ({
  type: 'candidate',
  candidate: `candidate:${n}`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});

let getUserMedia: ReturnType<typeof stubMedia>['getUserMedia'];
let localTracks: FakeTrack[];
let transport: FakeTransport;

beforeEach(() => {
  ({ getUserMedia, tracks: localTracks } = stubMedia());
  FakePeer.bytesReceived = 500;
  transport = new FakeTransport();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function joined(peers: MeetingPeer[] = [], peerId = 'me-1') {
  transport.answerJoin(peerId, peers);
  const session = new MeetingSession(MEETING, transport);
  await session.start();
  await vi.waitFor(() => expect(session.phase).toBe('joined'));
  return session;
}

describe('a meeting’s mesh', () => {
  it('the newcomer offers to everyone already in, with its camera and microphone on each connection', async () => {
    const session = await joined([peer('p-asha', 'Asha Rao'), peer('p-vikram', 'Vikram Shah', 2)]);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    await vi.waitFor(() => expect(transport.sent.filter((s) => s.signal.type === 'offer')).toHaveLength(2));
    expect(transport.offersTo('p-asha')).toEqual([{ to: 'p-asha', signal: { type: 'offer', sdp: 'v=0 offer' } }]);
    expect(transport.offersTo('p-vikram')).toHaveLength(1);
    expect(FakePeer.all).toHaveLength(2);
    expect(FakePeer.all[0]!.config).toEqual({ iceServers: [{ urls: ['stun:stun.example.org'] }] });
    for (const pc of FakePeer.all) expect(pc.transceivers.map((t) => t.sender.track?.kind)).toEqual(['audio', 'video']);
    expect(session.getSnapshot().peers.map((p) => p.name)).toEqual(['Asha Rao', 'Vikram Shah']);

    // Their answer, then media: the tile gets the stream and is connected.
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-asha', signal: { type: 'answer', sdp: 'answer' } });
    await vi.waitFor(() => expect(FakePeer.all[0]!.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' }));
    FakePeer.all[0]!.reach();
    const asha = session.getSnapshot().peers[0]!;
    expect(asha.state).toBe('connected');
    expect(asha.stream?.getTracks()).toHaveLength(2);
    expect(await session.traffic()).toEqual({
      'p-asha': { received: 500, sent: 0 },
      'p-vikram': { received: 500, sent: 0 },
    });
  });

  it('those already in wait for the newcomer’s offer, keep candidates that come before it, and answer', async () => {
    const session = await joined();
    transport.push('meeting:peer-joined', { meetingId: MEETING, peer: peer('p-new', 'Meera Iyer', 3) });
    expect(session.getSnapshot().peers).toMatchObject([{ peerId: 'p-new', name: 'Meera Iyer', state: 'new' }]);
    const pc = FakePeer.all[0]!;

    // A candidate before the offer waits for it; the offer is answered; later candidates go straight in.
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-new', signal: candidate(1) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pc.candidates).toEqual([]);
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-new', signal: offer });
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-new', signal: candidate(2) });
    await vi.waitFor(() => expect(pc.candidates).toHaveLength(2));
    expect(pc.candidates.map((c) => (c as { candidate: string }).candidate)).toEqual(['candidate:1', 'candidate:2']);
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'their offer' });
    expect(transport.sent).toEqual([{ to: 'p-new', signal: { type: 'answer', sdp: 'v=0 answer' } }]);
    expect(pc.offers).toEqual([]);
    // Another meeting's events are not this one's.
    transport.push('meeting:peer-joined', { meetingId: 'another', peer: peer('p-x', 'X') });
    expect(session.getSnapshot().peers).toHaveLength(1);
  });

  it('closes the connection of someone who leaves and takes their tile away', async () => {
    const session = await joined([peer('p-asha', 'Asha Rao'), peer('p-vikram', 'Vikram Shah', 2)]);
    transport.push('meeting:peer-left', { meetingId: MEETING, peerId: 'p-asha' });
    expect(FakePeer.all[0]!.closed).toBe(true);
    expect(FakePeer.all[1]!.closed).toBe(false);
    expect(session.getSnapshot().peers.map((p) => p.peerId)).toEqual(['p-vikram']);
    // A late signal of theirs makes nothing.
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-asha', signal: candidate(3) });
    expect(FakePeer.all).toHaveLength(2);
  });

  it('after the connection to the server drops, joins again by itself as a new peer with the same camera', async () => {
    const session = await joined([peer('p-asha', 'Asha Rao')]);
    const [audio, video] = localTracks;
    transport.connected = false;
    transport.push('disconnect');
    expect(session.phase).toBe('reconnecting');
    expect(session.getSnapshot().peers).toEqual([]);
    expect(FakePeer.all[0]!.closed).toBe(true);
    expect(localTracks.some((t) => t.stopped)).toBe(false);

    transport.answerJoin('me-2', [peer('p-asha', 'Asha Rao')]);
    transport.connected = true;
    transport.push('connect');
    await vi.waitFor(() => expect(session.phase).toBe('joined'));
    await vi.waitFor(() => expect(transport.offersTo('p-asha')).toHaveLength(2));
    const again = FakePeer.all[1]!;
    expect(again.transceivers.map((t) => t.sender.track)).toEqual([audio, video]);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().peers.map((p) => p.name)).toEqual(['Asha Rao']);
  });

  it('joins once the connection opens when it is not open yet, and says when the server refuses', async () => {
    transport.connected = false;
    const session = new MeetingSession(MEETING, transport);
    await session.start();
    expect(session.phase).toBe('joining');
    transport.joins.push(() => Promise.reject(new ApiError(0, 'MEETING_FULL', 'A meeting holds at most 4 people')));
    transport.connected = true;
    transport.push('connect');
    await vi.waitFor(() => expect(session.phase).toBe('refused'));
    expect(session.getSnapshot().error).toEqual({ code: 'MEETING_FULL', message: 'A meeting holds at most 4 people' });
    expect(localTracks.every((t) => t.stopped)).toBe(true);
    expect(transport.listener).toBeNull();
  });

  it('the side that offered restarts a failed network path with a new offer; the other side waits', async () => {
    await joined([peer('p-asha', 'Asha Rao')]);
    transport.push('meeting:peer-joined', { meetingId: MEETING, peer: peer('p-new', 'Meera Iyer', 3) });
    const [mine, theirs] = FakePeer.all;
    await vi.waitFor(() => expect(mine!.offers).toHaveLength(1));
    mine!.fail();
    theirs!.fail();
    await vi.waitFor(() => expect(transport.offersTo('p-asha')).toHaveLength(2));
    expect(mine!.offers).toEqual([undefined, { iceRestart: true }]);
    expect(theirs!.offers).toEqual([]);
  });

  it('joins with the microphone alone when the camera is refused, and still receives video', async () => {
    getUserMedia.mockImplementationOnce(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const session = await joined([peer('p-asha', 'Asha Rao')]);
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
    expect(session.getSnapshot().sending).toEqual({ audio: true, video: false, problem: 'blocked' });
    const pc = FakePeer.all[0]!;
    await vi.waitFor(() => expect(pc.offers).toHaveLength(1));
    // A video line with nothing on it yet: theirs comes in, and a screen could go out.
    expect(pc.transceivers.map((t) => [t.receiver.track.kind, t.sender.track?.kind ?? null, t.direction])).toEqual([
      ['audio', 'audio', 'sendrecv'],
      ['video', null, 'sendrecv'],
    ]);
  });

  it('answers as able to send video on a line it has no camera for', async () => {
    getUserMedia.mockRejectedValue(new DOMException('No device', 'NotFoundError'));
    const session = await joined();
    expect(session.getSnapshot().sending).toEqual({ audio: false, video: false, problem: 'noDevice' });
    transport.push('meeting:peer-joined', { meetingId: MEETING, peer: peer('p-new', 'Meera Iyer', 3) });
    transport.push('meeting:signal', { meetingId: MEETING, from: 'p-new', signal: offer });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1));
    expect(FakePeer.all[0]!.transceivers.map((t) => t.direction)).toEqual(['sendrecv']);
  });

  it('ends when the organiser cancels, releasing the camera; Leave tells the server', async () => {
    const cancelled = await joined([peer('p-asha', 'Asha Rao')]);
    transport.push('meeting:closed', { meetingId: MEETING, reason: 'cancelled' });
    expect(cancelled.getSnapshot()).toMatchObject({ phase: 'closed', closedReason: 'cancelled', peers: [] });
    expect(localTracks.every((t) => t.stopped)).toBe(true);
    expect(FakePeer.all[0]!.closed).toBe(true);
    expect(transport.left).toEqual([]);

    const leaving = await joined();
    leaving.leave();
    expect(leaving.phase).toBe('left');
    expect(transport.left).toEqual([MEETING]);
  });
});
