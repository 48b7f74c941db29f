import { describe, expect, it } from 'vitest';
import type { IncomingCall } from '@ki/contracts';
import { callReducer, IDLE, ringingOf, type CallAction, type CallEffect, type CallState } from './call-state';

const peer = { id: 8, name: 'Asha Rao' };
const incoming = (callId: string, kind: 'audio' | 'video' = 'video'): IncomingCall => ({
  callId,
  roomId: 3,
  kind,
  from: { id: 9, name: 'Vikram Shah' },
  iceServers: [],
});

/** Runs the actions from `from`; the last state and every effect on the way. */
function run(from: CallState, ...actions: CallAction[]): { state: CallState; effects: CallEffect[] } {
  let state = from;
  const effects: CallEffect[] = [];
  for (const action of actions) {
    const next = callReducer(state, action);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const calling: CallAction[] = [
  { type: 'start', roomId: 3, kind: 'video', peer },
  { type: 'started', callId: 'c1' },
];

describe('the caller', () => {
  it('rings, connects when accepted (making the offer), and ends with the time talked when I hang up', () => {
    const ringing = run(IDLE, ...calling);
    expect(ringing.state).toMatchObject({ phase: 'outgoing', callId: 'c1', kind: 'video', peer });
    const answered = run(ringing.state, { type: 'answered', callId: 'c1', accept: true });
    expect(answered.state).toMatchObject({ phase: 'connecting', role: 'caller' });
    expect(answered.effects).toEqual([{ type: 'offer', callId: 'c1' }]);
    const talking = run(answered.state, { type: 'connected', at: 1_000 });
    expect(talking.state).toMatchObject({ phase: 'connected', since: 1_000 });
    const over = run(talking.state, { type: 'hangUp', at: 66_400 });
    expect(over.state).toMatchObject({ phase: 'ended', reason: 'hungUp', duration: 65, callId: 'c1' });
    expect(over.effects).toEqual([{ type: 'end', callId: 'c1' }, { type: 'release' }]);
  });

  it.each([
    ['declined', 'declined'],
    ['missed', 'missed'],
    ['dropped', 'dropped'],
  ] as const)('ends while ringing when the server says %s', (reason, shown) => {
    const { state, effects } = run(IDLE, ...calling, { type: 'ended', callId: 'c1', reason, at: 5 });
    expect(state).toMatchObject({ phase: 'ended', reason: shown, duration: null });
    expect(effects).toEqual([{ type: 'release' }]);
  });

  it('says the other side left when they hang up, and ignores the echo of my own hang-up', () => {
    const talking = run(
      IDLE,
      ...calling,
      { type: 'answered', callId: 'c1', accept: true },
      { type: 'connected', at: 0 },
    );
    expect(run(talking.state, { type: 'ended', callId: 'c1', reason: 'hangup', at: 3_000 }).state).toMatchObject({
      phase: 'ended',
      reason: 'left',
      duration: 3,
    });
    const mine = run(
      talking.state,
      { type: 'hangUp', at: 1_000 },
      { type: 'ended', callId: 'c1', reason: 'hangup', at: 1_200 },
    );
    expect(mine.state).toMatchObject({ phase: 'ended', reason: 'hungUp' });
  });

  it('ends on the spec’s offline refusal (CALL_USER_OFFLINE) and on a server error', () => {
    const start: CallAction = { type: 'start', roomId: 3, kind: 'audio', peer };
    expect(run(IDLE, start, { type: 'failed', code: 'CALL_USER_OFFLINE' })).toEqual({
      state: {
        phase: 'ended',
        kind: 'audio',
        peer,
        callId: null,
        reason: 'offline',
        code: 'CALL_USER_OFFLINE',
        duration: null,
      },
      effects: [{ type: 'release' }],
    });
    expect(run(IDLE, start, { type: 'failed', code: 'INTERNAL' }).state).toMatchObject({
      phase: 'ended',
      reason: 'failed',
      code: 'INTERNAL',
    });
  });

  it('ends the call the server makes after I cancelled while it was being made', () => {
    const { state, effects } = run(
      IDLE,
      { type: 'start', roomId: 3, kind: 'video', peer },
      { type: 'hangUp', at: 0 },
      { type: 'started', callId: 'late' },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'hungUp' });
    expect(effects).toEqual([{ type: 'release' }, { type: 'end', callId: 'late' }]);
  });

  it('ends when the camera or microphone is blocked, before anyone rings', () => {
    const { state, effects } = run(
      IDLE,
      { type: 'start', roomId: 3, kind: 'video', peer },
      { type: 'mediaError', reason: 'blocked' },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'blocked' });
    expect(effects).toEqual([{ type: 'release' }]);
  });

  it('drops the call when this tab’s connection closes or the media path fails', () => {
    const talking = run(
      IDLE,
      ...calling,
      { type: 'answered', callId: 'c1', accept: true },
      { type: 'connected', at: 0 },
    );
    expect(run(talking.state, { type: 'dropped', at: 2_000 }).state).toMatchObject({
      phase: 'ended',
      reason: 'dropped',
      duration: 2,
    });
  });

  it('ignores events of other calls', () => {
    const ringing = run(IDLE, ...calling).state;
    expect(run(ringing, { type: 'answered', callId: 'other', accept: true }).state).toBe(ringing);
    expect(run(ringing, { type: 'ended', callId: 'other', reason: 'hangup', at: 0 }).state).toBe(ringing);
  });
});

describe('the callee', () => {
  it('rings, accepts, connects and hears that the caller hung up', () => {
    const ringing = run(IDLE, { type: 'incoming', call: incoming('c2') });
    expect(ringing.state).toMatchObject({ phase: 'incoming', kind: 'video', peer: { id: 9, name: 'Vikram Shah' } });
    const { state } = run(
      ringing.state,
      { type: 'accept' },
      { type: 'connected', at: 0 },
      { type: 'ended', callId: 'c2', reason: 'hangup', at: 9_000 },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'left', duration: 9, callId: 'c2' });
  });

  it('declines', () => {
    expect(run(IDLE, { type: 'incoming', call: incoming('c2') }, { type: 'decline' }).state).toBe(IDLE);
  });

  it('stops ringing when another of my tabs answers, when the caller gives up, or it rings out', () => {
    const ringing = run(IDLE, { type: 'incoming', call: incoming('c2') }).state;
    expect(run(ringing, { type: 'answered', callId: 'c2', accept: true }).state).toBe(IDLE);
    expect(run(ringing, { type: 'ended', callId: 'c2', reason: 'hangup', at: 0 }).state).toBe(IDLE);
    expect(run(ringing, { type: 'ended', callId: 'c2', reason: 'missed', at: 0 }).state).toBe(IDLE);
  });

  it('declines a call that comes while this tab is in one, and keeps the call it has', () => {
    const talking = run(
      IDLE,
      ...calling,
      { type: 'answered', callId: 'c1', accept: true },
      { type: 'connected', at: 0 },
    ).state;
    const next = run(talking, { type: 'incoming', call: incoming('c3') });
    expect(next.state).toBe(talking);
    expect(next.effects).toEqual([{ type: 'decline', callId: 'c3' }]);
    // Ringing here already: a second caller is declined too.
    const ringing = run(IDLE, { type: 'incoming', call: incoming('c2') }).state;
    expect(run(ringing, { type: 'incoming', call: incoming('c4') }).effects).toEqual([
      { type: 'decline', callId: 'c4' },
    ]);
  });

  it('declines when the camera or microphone is blocked, and says so', () => {
    const { state, effects } = run(
      IDLE,
      { type: 'incoming', call: incoming('c2') },
      { type: 'mediaError', reason: 'blocked' },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'blocked' });
    expect(effects).toEqual([{ type: 'decline', callId: 'c2' }, { type: 'release' }]);
  });

  it('says the call is gone when answering it fails, and a read message goes back to idle', () => {
    const { state } = run(
      IDLE,
      { type: 'incoming', call: incoming('c2') },
      { type: 'accept' },
      { type: 'failed', code: 'CALL_NOT_FOUND' },
    );
    expect(state).toMatchObject({ phase: 'ended', reason: 'failed', code: 'CALL_NOT_FOUND' });
    expect(run(state, { type: 'dismiss' }).state).toBe(IDLE);
  });
});

describe('the call’s sound', () => {
  it('rings while a call comes in, plays the ringback once the server has the call, and is silent otherwise', () => {
    expect(ringingOf(IDLE)).toBeNull();
    expect(ringingOf(run(IDLE, { type: 'incoming', call: incoming('c9') }).state)).toBe('incoming');
    // Calling: silent until the server answers with the call's id, then the ringback.
    expect(ringingOf(run(IDLE, calling[0]!).state)).toBeNull();
    expect(ringingOf(run(IDLE, ...calling).state)).toBe('outgoing');
    // Answered, declined or ended: silent.
    expect(ringingOf(run(IDLE, ...calling, { type: 'answered', callId: 'c1', accept: true }).state)).toBeNull();
    expect(ringingOf(run(IDLE, { type: 'incoming', call: incoming('c9') }, { type: 'accept' }).state)).toBeNull();
    expect(
      ringingOf(run(IDLE, ...calling, { type: 'ended', callId: 'c1', reason: 'declined', at: 1 }).state),
    ).toBeNull();
  });
});
