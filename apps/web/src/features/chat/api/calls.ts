import type { CallKind, CallSignal } from '@ki/contracts';
import { appSocket, emitWithAck } from '../../../lib/socket';

/**
 * One-to-one calls over the tab's one connection (contracts: chat/calls.ts). Each operation waits
 * for the server's acknowledgement and throws an ApiError with its code (CALL_USER_OFFLINE,
 * CALL_NOT_FOUND, INTERNAL, NETWORK...). Only the call session (call-session.ts) uses them.
 */

/** Rings the other person of a one-to-one room: the call's id and this side's ICE servers. */
export const startCall = (roomId: number, kind: CallKind) => emitWithAck(appSocket(), 'call:start', { roomId, kind });

/** Takes (accept) or declines a call that is ringing here. */
export const answerCall = (callId: string, accept: boolean) =>
  emitWithAck(appSocket(), 'call:answer', { callId, accept });

/** Sends the other side an offer, an answer or a network candidate. */
export const sendSignal = (callId: string, signal: CallSignal) =>
  emitWithAck(appSocket(), 'call:signal', { callId, signal });

/** Hangs up (or cancels while it rings). */
export const endCall = (callId: string) => emitWithAck(appSocket(), 'call:end', { callId });

/** Takes this tab's place in an answered call again after its connection dropped and came back. */
export const resumeCall = (callId: string) => emitWithAck(appSocket(), 'call:resume', { callId });
