import { useSyncExternalStore } from 'react';
import type { CallKind, CallServerEvents } from '@ki/contracts';
import type * as CallsModule from './call-session';
import type { CallPeer } from './call-state';

/**
 * The small way into calls that every staff page carries (with the navigation's count, and in the
 * chat page's room header): the socket's call events and the call buttons load the call's code
 * (call-session.ts, the call screen) only when a call starts or rings, so no page's first load
 * carries WebRTC. Events keep their order while the code downloads.
 */
type Calls = typeof CallsModule;

let calls: Promise<Calls> | null = null;
const listeners = new Set<() => void>();

function loadCalls(): Promise<Calls> {
  if (!calls) {
    calls = import('./call-session');
    for (const listener of listeners) listener();
  }
  return calls;
}

/** Runs `fn` on the session once its code is here; before any call, events of other calls are dropped. */
function withSession(fn: (m: Calls) => void, load: boolean) {
  const ready = load ? loadCalls() : calls;
  ready?.then(fn).catch(() => undefined);
}

/** The socket's call events, for chat-events.ts to listen to. */
export const callEvents: CallServerEvents = {
  'call:incoming': (call) => withSession((m) => m.callSession.incoming(call), true),
  'call:answered': (answer) => withSession((m) => m.callSession.answered(answer), false),
  'call:signal': (signal) => withSession((m) => m.callSession.signal(signal), false),
  'call:ended': (end) => withSession((m) => m.callSession.ended(end), false),
  'call:away': (away) => withSession((m) => m.callSession.away(away), false),
  'call:resumed': (resumed) => withSession((m) => m.callSession.resumed(resumed), false),
};

/**
 * The tab's connection closed: a ringing call has ended; an answered one waits for the connection
 * to come back (the server waits CALL_RECONNECT_SECONDS), unless the tab signed out (`final`).
 */
export const callsDisconnected = (final = false) => withSession((m) => m.callSession.disconnected(final), false);

/** The tab's connection is back: an answered call takes its place again. */
export const callsReconnected = () => withSession((m) => m.callSession.reconnected(), false);

/** Calls the other person of a one-to-one room. */
export const placeCall = (roomId: number, kind: CallKind, peer: CallPeer) =>
  withSession((m) => void m.callSession.start(roomId, kind, peer), true);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether this tab has had a call yet: the call screen's code is wanted from then on. */
export const useCallsWanted = () => useSyncExternalStore(subscribe, () => calls !== null);
