import type { CallEndReason, CallKind, IncomingCall } from '@ki/contracts';

/**
 * A tab's one call, as a pure state machine (access-and-app-shell.md 4.8: call and answer events
 * update call state; leaving resets it). call-session.ts feeds it the user's actions, the socket's
 * call events and the peer connection's changes, and carries out the effects it returns; the call
 * screen and the incoming-call dialog only render it.
 *
 *   idle -> outgoing (ringing there) -> connecting -> connected -> ended -> idle
 *   idle -> incoming (ringing here)  -> connecting -> connected -> ended -> idle
 *
 * One call at a time: a call that comes in while this tab is in one is declined at once.
 */

export interface CallPeer {
  /** The colleague's user id, when known. */
  id: number | null;
  name: string;
}

/** Why a call ended, as this tab tells it. */
export type EndedReason =
  /** I hung up (or cancelled while it rang). */
  | 'hungUp'
  /** The other side hung up. */
  | 'left'
  | 'declined'
  /** Nobody answered in time. */
  | 'missed'
  /** A side's connection dropped (theirs, mine, or the media path between us). */
  | 'dropped'
  /** The server refused to start it: the colleague has no connection open (spec 6). */
  | 'offline'
  /** The camera or microphone is blocked (the browser's permission). */
  | 'blocked'
  /** No camera or microphone, or it could not be started. */
  | 'noDevice'
  /** The server could not start or answer it: `code` says why. */
  | 'failed';

interface CallBase {
  kind: CallKind;
  peer: CallPeer;
}

export type CallState =
  | { phase: 'idle' }
  /** Calling: waiting for the server's call id (null), then for the colleague to answer. */
  | (CallBase & { phase: 'outgoing'; roomId: number; callId: string | null })
  /** A colleague is calling this tab (every tab of mine rings). */
  | (CallBase & { phase: 'incoming'; call: IncomingCall })
  | (CallBase & { phase: 'connecting'; callId: string; role: 'caller' | 'callee' })
  | (CallBase & { phase: 'connected'; callId: string; role: 'caller' | 'callee'; since: number })
  | (CallBase & { phase: 'ended'; callId: string | null; reason: EndedReason; code?: string; duration: number | null });

export type CallAction =
  | { type: 'start'; roomId: number; kind: CallKind; peer: CallPeer }
  | { type: 'started'; callId: string }
  /** The server refused to start or answer: its error code. */
  | { type: 'failed'; code: string }
  | { type: 'incoming'; call: IncomingCall }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'answered'; callId: string; accept: boolean }
  | { type: 'connected'; at: number }
  | { type: 'ended'; callId: string; reason: CallEndReason; at: number }
  | { type: 'hangUp'; at: number }
  /** The camera or microphone could not be had. */
  | { type: 'mediaError'; reason: 'blocked' | 'noDevice' }
  /** This tab's connection to the server, or the media path to the colleague, was lost. */
  | { type: 'dropped'; at: number }
  /** The ended call's message was read. */
  | { type: 'dismiss' };

/** What the session must do besides showing the new state. */
export type CallEffect =
  /** Decline a call that came in while this tab is busy. */
  | { type: 'decline'; callId: string }
  /** The colleague accepted: the caller makes the offer. */
  | { type: 'offer'; callId: string }
  /** Tell the server the call is over (my hang-up, or a call id that came after I cancelled). */
  | { type: 'end'; callId: string }
  /** Stop the camera, microphone and screen, and close the peer connection. */
  | { type: 'release' };

export interface CallStep {
  state: CallState;
  effects: CallEffect[];
}

export const IDLE: CallState = { phase: 'idle' };

const SERVER_REASONS: Record<CallEndReason, EndedReason> = {
  hangup: 'left',
  declined: 'declined',
  missed: 'missed',
  dropped: 'dropped',
};

/** The id of the call the state is about, if the server gave one. */
export function callIdOf(state: CallState): string | null {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'incoming':
      return state.call.callId;
    default:
      return state.callId;
  }
}

/**
 * What this tab plays: the ring of a call coming in, the ringback while the colleague's phone rings
 * (once the server has the call), or nothing.
 */
export function ringingOf(state: CallState): 'incoming' | 'outgoing' | null {
  if (state.phase === 'incoming') return 'incoming';
  if (state.phase === 'outgoing' && state.callId !== null) return 'outgoing';
  return null;
}

/** Whether this tab is taken by a call (ringing here or there, connecting or connected). */
export const isBusy = (state: CallState) => state.phase !== 'idle' && state.phase !== 'ended';

function ended(
  state: CallState & CallBase,
  reason: EndedReason,
  at: number | null,
  extra: { code?: string } = {},
): CallState {
  return {
    phase: 'ended',
    kind: state.kind,
    peer: state.peer,
    callId: callIdOf(state),
    reason,
    duration: state.phase === 'connected' && at !== null ? Math.max(0, Math.round((at - state.since) / 1000)) : null,
    ...extra,
  };
}

const step = (state: CallState, ...effects: CallEffect[]): CallStep => ({ state, effects });

export function callReducer(state: CallState, action: CallAction): CallStep {
  switch (action.type) {
    case 'start':
      if (isBusy(state)) return step(state);
      return step({ phase: 'outgoing', roomId: action.roomId, kind: action.kind, peer: action.peer, callId: null });

    case 'started':
      if (state.phase === 'outgoing' && state.callId === null) return step({ ...state, callId: action.callId });
      // Cancelled (or refused its media) before the server answered: end the call it made.
      return step(state, { type: 'end', callId: action.callId });

    case 'failed':
      if (state.phase === 'outgoing' || state.phase === 'connecting')
        return step(
          ended(state, action.code === 'CALL_USER_OFFLINE' ? 'offline' : 'failed', null, { code: action.code }),
          { type: 'release' },
        );
      return step(state);

    case 'incoming':
      if (callIdOf(state) === action.call.callId) return step(state);
      if (isBusy(state)) return step(state, { type: 'decline', callId: action.call.callId });
      return step({
        phase: 'incoming',
        call: action.call,
        kind: action.call.kind,
        peer: { id: action.call.from.id, name: action.call.from.name },
      });

    case 'accept':
      if (state.phase !== 'incoming') return step(state);
      return step({
        phase: 'connecting',
        callId: state.call.callId,
        kind: state.kind,
        peer: state.peer,
        role: 'callee',
      });

    case 'decline':
      return state.phase === 'incoming' ? step(IDLE) : step(state);

    case 'answered':
      if (callIdOf(state) !== action.callId) return step(state);
      // My other tab took (or declined) the call: this one stops ringing.
      if (state.phase === 'incoming') return step(IDLE);
      if (state.phase === 'outgoing' && action.accept)
        return step(
          { phase: 'connecting', callId: action.callId, kind: state.kind, peer: state.peer, role: 'caller' },
          { type: 'offer', callId: action.callId },
        );
      return step(state);

    case 'connected':
      if (state.phase !== 'connecting') return step(state);
      return step({ ...state, phase: 'connected', since: action.at });

    case 'ended':
      if (callIdOf(state) !== action.callId || !isBusy(state)) return step(state);
      // Ringing here and the caller gave up, or it rang out: nothing to tell.
      if (state.phase === 'incoming') return step(IDLE);
      return step(ended(state as CallState & CallBase, SERVER_REASONS[action.reason], action.at), { type: 'release' });

    case 'hangUp': {
      if (state.phase === 'idle' || state.phase === 'ended' || state.phase === 'incoming') return step(state);
      const id = callIdOf(state);
      return step(ended(state, 'hungUp', action.at), ...(id ? [{ type: 'end', callId: id } as const] : []), {
        type: 'release',
      });
    }

    case 'mediaError': {
      // Answering without a camera or microphone: the caller hears it was declined.
      if (state.phase === 'incoming')
        return step(
          ended(state, action.reason, null),
          { type: 'decline', callId: state.call.callId },
          { type: 'release' },
        );
      if (state.phase !== 'outgoing' && state.phase !== 'connecting') return step(state);
      const id = callIdOf(state);
      return step(ended(state, action.reason, null), ...(id ? [{ type: 'end', callId: id } as const] : []), {
        type: 'release',
      });
    }

    case 'dropped':
      if (state.phase === 'incoming') return step(IDLE);
      if (!isBusy(state)) return step(state);
      return step(ended(state as CallState & CallBase, 'dropped', action.at), { type: 'release' });

    case 'dismiss':
      return state.phase === 'ended' ? step(IDLE) : step(state);
  }
}
