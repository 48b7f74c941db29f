import { z } from 'zod';
import { IdSchema } from '../common/ids';
import type { Ack } from '../challenge/challenge';

/**
 * One-to-one calls between colleagues (issue #25; access-and-app-shell.md 4.8 call states, 6 'Calls
 * to offline users are refused', 7 the socket's call, answer, close events, 8 'Can't call user because
 * user is offline' and 'Server error. Unable to initiate call.'). Audio, video and screen sharing
 * flow between the two browsers (WebRTC); the server only rings, relays the two sides' offers,
 * answers and network candidates on the app's one Socket.IO connection, and keeps each call's trace.
 * Calls of more than two are meetings (chat/meetings.ts).
 */

export const CALL_KINDS = ['audio', 'video'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
/** A call nobody answers stops ringing after this long (missed). */
export const CALL_RING_SECONDS = 45;
/** The spec's texts (8). */
export const CALL_OFFLINE_TEXT = 'Can’t call user because user is offline';
export const CALL_FAILED_TEXT = 'Server error. Unable to initiate call.';
/**
 * A side of an answered call whose connection drops has this long to come back (`call:resume`)
 * before the call ends as dropped: the media may flow on between the browsers meanwhile.
 */
export const CALL_RECONNECT_SECONDS = 20;
export const CALL_END_REASONS = ['hangup', 'declined', 'missed', 'dropped'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

export const CallIdSchema = z.uuid();
export const StartCallSchema = z.object({ roomId: IdSchema, kind: z.enum(CALL_KINDS) });
export const CallRefSchema = z.object({ callId: CallIdSchema });
export const AnswerCallSchema = z.object({ callId: CallIdSchema, accept: z.boolean() });

const Sdp = z.string().min(1).max(30_000);
/** What one side of a call sends the other (WebRTC's offer, answer and network candidates). */
export const CallSignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: Sdp }),
  z.object({ type: z.literal('answer'), sdp: Sdp }),
  z.object({
    type: z.literal('candidate'),
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullable(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
  }),
]);
export type CallSignal = z.infer<typeof CallSignalSchema>;
export const SendSignalSchema = z.object({ callId: CallIdSchema, signal: CallSignalSchema });

/** A STUN or TURN server for the browsers (RTCIceServer). */
export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

export interface CallStarted {
  callId: string;
  iceServers: IceServer[];
}
export interface IncomingCall {
  callId: string;
  roomId: number;
  kind: CallKind;
  from: { id: number; name: string };
  iceServers: IceServer[];
}

/** Server -> client call events. */
export interface CallServerEvents {
  /** A colleague is calling (sent to every tab of the callee; the first to answer takes it). */
  'call:incoming': (c: IncomingCall) => void;
  /** The callee answered (accepted on one of their tabs: the others stop ringing). */
  'call:answered': (a: { callId: string; accept: boolean }) => void;
  /** The other side's offer, answer or network candidate. */
  'call:signal': (s: { callId: string; signal: CallSignal }) => void;
  /** The other side's connection dropped; the call waits CALL_RECONNECT_SECONDS for it. */
  'call:away': (a: { callId: string }) => void;
  /** A side came back (`call:resume`): the caller restarts the connection's network paths (ICE restart). */
  'call:resumed': (r: { callId: string }) => void;
  /** The call ended: hung up, declined, not answered in time, or a side's connection dropped and did not come back. */
  'call:ended': (e: { callId: string; reason: CallEndReason }) => void;
}

/** Client -> server call events; each answers through its acknowledgement. */
export interface CallClientEvents {
  'call:start': (input: z.input<typeof StartCallSchema>, ack: (a: Ack<CallStarted>) => void) => void;
  'call:answer': (
    input: z.input<typeof AnswerCallSchema>,
    ack: (a: Ack<{ iceServers: IceServer[] } | null>) => void,
  ) => void;
  'call:signal': (input: z.input<typeof SendSignalSchema>, ack: (a: Ack<null>) => void) => void;
  'call:end': (input: z.input<typeof CallRefSchema>, ack: (a: Ack<null>) => void) => void;
  /** A side's new connection takes its place in an answered call after a drop. */
  'call:resume': (input: z.input<typeof CallRefSchema>, ack: (a: Ack<{ iceServers: IceServer[] }>) => void) => void;
}
