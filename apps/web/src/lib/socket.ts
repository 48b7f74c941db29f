import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  CallClientEvents,
  CallServerEvents,
  ChallengeClientEvents,
  ChallengeServerEvents,
  ChatServerEvents,
  ErrorCode,
  MeetingClientEvents,
  MeetingServerEvents,
} from '@ki/contracts';
import { ApiError } from './api-client';

/**
 * The tab's one Socket.IO connection (docs/ARCHITECTURE.md "The second half"): same origin, path
 * /socket.io, authenticated by the session cookie the server reads at the handshake. Only lazy
 * chunks import this module (the live game's pages; staff chat's page and navigation count), so
 * socket.io-client is never in the app's first load; the connection opens when such a part first
 * asks for it, and reconnects by itself. The server sends chat's, calls' and meetings' events on
 * staff connections only.
 */
export type AppClientEvents = ChallengeClientEvents & CallClientEvents & MeetingClientEvents;
export type AppSocket = Socket<
  ChallengeServerEvents & ChatServerEvents & CallServerEvents & MeetingServerEvents,
  AppClientEvents
>;

/** How long an acknowledgement may take before the call counts as lost (NETWORK). */
export const ACK_TIMEOUT_MS = 8_000;

let socket: AppSocket | null = null;

/**
 * The connection, opened on first use. After `disconnect()` (a page that played has closed) or a
 * handshake the server refused, asking again opens it again.
 */
export function appSocket(): AppSocket {
  socket ??= io({ path: '/socket.io', withCredentials: true, autoConnect: false });
  // `active`: connected, connecting or waiting to reconnect; false once closed or refused.
  if (!socket.active) socket.connect();
  return socket;
}

/** The value an event's acknowledgement carries when it is ok. */
export type AckValue<E extends keyof AppClientEvents> =
  Parameters<Parameters<AppClientEvents[E]>[1]>[0] extends Ack<infer T> ? T : never;

/**
 * Emits an event and waits for its acknowledgement: its value, or an ApiError with the server's
 * code (status 0: there is no HTTP status), NETWORK when the connection is down or no answer came
 * in time. Nothing is queued while disconnected: after a reconnect the page joins again first.
 */
export async function emitWithAck<E extends keyof AppClientEvents>(
  connection: AppSocket,
  event: E,
  input: Parameters<AppClientEvents[E]>[0],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<AckValue<E>> {
  if (!connection.connected) throw new ApiError(0, 'NETWORK', 'Not connected to the server');
  let answer: Ack<AckValue<E>>;
  try {
    // socket.io's types cannot name a timed acknowledgement's answer for a generic event.
    const timed = connection.timeout(timeoutMs) as unknown as {
      emitWithAck(event: E, payload: typeof input): Promise<Ack<AckValue<E>>>;
    };
    answer = await timed.emitWithAck(event, input);
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server did not answer in time');
  }
  if (!answer.ok) throw new ApiError(0, answer.code as ErrorCode, answer.message, answer.details);
  return answer.value;
}
