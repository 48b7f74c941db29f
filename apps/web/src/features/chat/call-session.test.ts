import { describe, expect, it } from 'vitest';
import { CallSession } from './call-session';
import type { Ringer } from './ringer';

/** A ringer that notes what it was told to play. */
function notingRinger() {
  const played: string[] = [];
  const ringer: Ringer = { start: (kind) => played.push(`start ${kind}`), stop: () => played.push('stop') };
  return { ringer, played };
}
const peer = { id: 8, name: 'Asha Rao' };
const incoming = { callId: 'c9', roomId: 3, kind: 'video' as const, from: { id: 8, name: 'Asha Rao' }, iceServers: [] };

describe('a call session’s sound', () => {
  it('rings when a call comes in and stops once, when it ends', () => {
    const { ringer, played } = notingRinger();
    const session = new CallSession(() => 0, ringer);
    session.dispatch({ type: 'incoming', call: incoming });
    // A second ring of the same call (another event) does not start the sound again.
    session.dispatch({ type: 'incoming', call: incoming });
    session.dispatch({ type: 'ended', callId: 'c9', reason: 'hangup', at: 1 });
    expect(played).toEqual(['start incoming', 'stop']);
  });

  it('plays the ringback from the moment the server has the call until the colleague answers or declines', () => {
    const { ringer, played } = notingRinger();
    const session = new CallSession(() => 0, ringer);
    session.dispatch({ type: 'start', roomId: 3, kind: 'audio', peer });
    expect(played).toEqual([]);
    session.dispatch({ type: 'started', callId: 'c1' });
    session.dispatch({ type: 'ended', callId: 'c1', reason: 'declined', at: 1 });
    expect(played).toEqual(['start outgoing', 'stop']);
  });
});
