/**
 * One-to-one calls (issue #25; contracts: chat/calls.ts). The server rings the callee's every tab,
 * relays the two browsers' WebRTC offer, answer and network candidates, and keeps the call's trace;
 * audio, video and screen sharing flow between the browsers. The two connections of a call share a
 * Socket.IO room (`call:<id>`), joined once the policy has let them in (start, accept), so a relay
 * needs no lookup and reaches the other side on whichever process holds it. A call nobody answers
 * ends after CALL_RING_SECONDS (missed). A side whose connection drops while it rings ends it
 * (dropped); once answered, the other side is told (`call:away`) and the call waits
 * CALL_RECONNECT_SECONDS for the side to come back on a new connection (`call:resume`, after which
 * the caller restarts ICE), and ends as dropped if it does not.
 */
import { randomUUID } from 'node:crypto';
import {
  AnswerCallSchema,
  CALL_FAILED_TEXT,
  CALL_OFFLINE_TEXT,
  CALL_RECONNECT_SECONDS,
  CALL_RING_SECONDS,
  CallRefSchema,
  SendSignalSchema,
  StartCallSchema,
  type CallClientEvents,
  type CallEndReason,
  type CallServerEvents,
} from '@ki/contracts';
import { personName } from '@ki/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { onAck } from '../../lib/socket-ack';
import { TokenBucket } from '../../lib/token-bucket';
import type { RealtimeServer, SocketData } from '../../plugins/realtime';
import { authorizeAnswerCall, authorizeCallParty, authorizeStartCall } from '../../policy/chat';
import { loadCallFacts, loadChatRoomFacts } from '../../policy/facts';
import { createIceServers } from '../../providers/ice/ice-servers';
import * as repo from './chat.repository';
import type { ChatDelivery } from './chat.service';

type CallIo = Server<CallClientEvents, CallServerEvents, Record<string, never>, SocketData>;
type CallSocket = Socket<CallClientEvents, CallServerEvents, Record<string, never>, SocketData>;

/**
 * Signals one connection may relay: a call's offer, answer and ICE candidates (a few dozen, more
 * after a network change restarts ICE) fit in the burst; a flood at the other side does not.
 */
export const CALL_SIGNAL_RATE = { capacity: 200, refillPerSecond: 5 } as const;

const userRoom = (userId: number) => `user:${userId}`;
const callRoom = (callId: string) => `call:${callId}`;

/** Registers one event: validated, run, acknowledged (lib/socket-ack.ts); an unexpected failure says the spec's 'Server error. Unable to initiate call.' */
function on<S extends z.ZodType, T>(
  socket: CallSocket,
  event: keyof CallClientEvents,
  schema: S,
  log: FastifyBaseLogger,
  run: (input: z.infer<S>) => Promise<T>,
): void {
  onAck(socket, event, schema, { log, internalMessage: CALL_FAILED_TEXT }, run);
}

export function registerCallSocket(
  server: RealtimeServer,
  deps: AppDeps,
  delivery: ChatDelivery,
  log: FastifyBaseLogger,
  reconnectMs = CALL_RECONNECT_SECONDS * 1000,
): { close(): void } {
  const io = server as unknown as CallIo;
  const db = deps.database.db;
  const ice = createIceServers(deps.config);
  /** Ring timers of the calls this process started. */
  const ringing = new Map<string, NodeJS.Timeout>();
  /** Timers of answered calls whose side dropped on this process, until it comes back. */
  const waiting = new Set<NodeJS.Timeout>();

  const end = async (callId: string, reason: CallEndReason) => {
    clearTimeout(ringing.get(callId));
    ringing.delete(callId);
    const sides = await repo.endCall(db, callId, reason, deps.clock());
    if (!sides) return;
    const rooms = [sides.callerId, sides.calleeId].filter((id): id is number => id !== null).map(userRoom);
    io.to([...rooms, callRoom(callId)]).emit('call:ended', { callId, reason });
    io.in(callRoom(callId)).socketsLeave(callRoom(callId));
  };

  (io as unknown as { on(e: 'connection', fn: (s: CallSocket) => void): void }).on('connection', (socket) => {
    const principal = socket.data.principal;
    /** The calls this connection is a side of. */
    const mine = new Set<string>();
    const signals = new TokenBucket(CALL_SIGNAL_RATE, deps.clock);

    on(socket, 'call:start', StartCallSchema, log, async (input) => {
      const room = await loadChatRoomFacts(db, principal, input.roomId);
      const p = authorizeStartCall(principal, room);
      const other = (await repo.memberIds(db, input.roomId)).find((id) => id !== p.userId);
      if (other === undefined || (await delivery.online([other])).size === 0)
        throw new AppError('CALL_USER_OFFLINE', CALL_OFFLINE_TEXT);
      const callId = randomUUID();
      const now = deps.clock();
      await repo.insertCall(db, {
        id: callId,
        roomId: input.roomId,
        callerId: p.userId,
        calleeId: other,
        kind: input.kind,
        at: now,
      });
      await socket.join(callRoom(callId));
      mine.add(callId);
      ringing.set(
        callId,
        setTimeout(
          () => void end(callId, 'missed').catch((error: unknown) => log.warn({ err: error }, 'missed call not ended')),
          CALL_RING_SECONDS * 1000,
        ),
      );
      io.to(userRoom(other)).emit('call:incoming', {
        callId,
        roomId: input.roomId,
        kind: input.kind,
        from: { id: p.userId, name: personName(p.firstName, p.lastName) },
        iceServers: ice.forUser(other, now),
      });
      return { callId, iceServers: ice.forUser(p.userId, now) };
    });

    on(socket, 'call:answer', AnswerCallSchema, log, async (input) => {
      const facts = await loadCallFacts(db, input.callId);
      const p = authorizeAnswerCall(principal, facts);
      if (!input.accept) {
        await end(input.callId, 'declined');
        return null;
      }
      if (!(await repo.markCallAnswered(db, input.callId, deps.clock())))
        throw new AppError('CALL_NOT_FOUND', 'This call has ended');
      clearTimeout(ringing.get(input.callId));
      ringing.delete(input.callId);
      await socket.join(callRoom(input.callId));
      mine.add(input.callId);
      // The caller starts the offer; the callee's other tabs stop ringing.
      io.to([userRoom(facts!.callerId!), userRoom(p.userId)]).emit('call:answered', {
        callId: input.callId,
        accept: true,
      });
      return { iceServers: ice.forUser(p.userId, deps.clock()) };
    });

    // A relay only between the two connections the policy let into the call (its room).
    on(socket, 'call:signal', SendSignalSchema, log, async (input) => {
      if (!socket.rooms.has(callRoom(input.callId))) throw new AppError('CALL_NOT_FOUND', 'This call has ended');
      if (!signals.take())
        throw new AppError('RATE_LIMITED', 'Too many call signals. Please wait a moment.', { retryAfterSeconds: 1 });
      socket.to(callRoom(input.callId)).emit('call:signal', { callId: input.callId, signal: input.signal });
      return null;
    });

    on(socket, 'call:end', CallRefSchema, log, async (input) => {
      authorizeCallParty(principal, await loadCallFacts(db, input.callId));
      await end(input.callId, 'hangup');
      mine.delete(input.callId);
      return null;
    });

    on(socket, 'call:resume', CallRefSchema, log, async (input) => {
      const facts = await loadCallFacts(db, input.callId);
      const p = authorizeCallParty(principal, facts);
      if (!facts!.answered) throw new AppError('CALL_NOT_FOUND', 'This call has ended');
      await socket.join(callRoom(input.callId));
      mine.add(input.callId);
      io.to(callRoom(input.callId)).emit('call:resumed', { callId: input.callId });
      return { iceServers: ice.forUser(p.userId, deps.clock()) };
    });

    socket.on('disconnect', () => {
      for (const callId of mine)
        dropped(callId).catch((error: unknown) => log.warn({ err: error }, 'dropped call not ended'));
      mine.clear();
    });

    /** A ringing call ends at once; an answered one waits for this side to come back on any connection, on any process. */
    const dropped = async (callId: string) => {
      const facts = await loadCallFacts(db, callId);
      if (!facts || facts.ended) return;
      if (!facts.answered) return end(callId, 'dropped');
      const back = async () =>
        (await io.in(callRoom(callId)).fetchSockets()).some((s) => s.data.principal.userId === principal.userId);
      // Its new connection may have come back before the server noticed the old one was gone.
      if (await back()) return;
      io.to(callRoom(callId)).emit('call:away', { callId });
      const timer = setTimeout(() => {
        waiting.delete(timer);
        back()
          .then((yes) => (yes ? undefined : end(callId, 'dropped')))
          .catch((error: unknown) => log.warn({ err: error }, 'dropped call not ended'));
      }, reconnectMs);
      waiting.add(timer);
    };
  });

  return {
    close: () => {
      for (const timer of [...ringing.values(), ...waiting]) clearTimeout(timer);
      ringing.clear();
      waiting.clear();
    },
  };
}
