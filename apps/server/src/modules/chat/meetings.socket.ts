/**
 * Joining staff meetings and relaying their signalling (issue #25; contracts: chat/meetings.ts).
 *
 * A meeting is a mesh: every two browsers in it hold one WebRTC connection, and the server relays
 * their offers, answers and network candidates, one connection to one other, inside a Socket.IO room
 * (`meeting:<id>`) that only connections the policy let in join. A peer is one connection (its socket
 * id), so a reload or a dropped connection that comes back is a new peer: its earlier connection is
 * taken out ('elsewhere', one connection per person) and the others are told it left. The newcomer
 * sends the offers, so two sides never offer to each other at once.
 */
import {
  CALL_FAILED_TEXT,
  MEETING_MAX_PEOPLE,
  MeetingRefSchema,
  MeetingSignalSchema,
  type MeetingClientEvents,
  type MeetingPeer,
  type MeetingServerEvents,
} from '@ki/contracts';
import { personName } from '@ki/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import { onAck } from '../../lib/socket-ack';
import { TokenBucket } from '../../lib/token-bucket';
import type { RealtimeServer, SocketData } from '../../plugins/realtime';
import { authorizeJoinMeeting } from '../../policy/chat';
import { loadMeetingFacts } from '../../policy/facts';
import { createIceServers } from '../../providers/ice/ice-servers';
import { CALL_SIGNAL_RATE } from './calls';
import type { MeetingDelivery } from './meetings.service';

type MeetingIo = Server<MeetingClientEvents, MeetingServerEvents, Record<string, never>, SocketData>;
type MeetingSocket = Socket<MeetingClientEvents, MeetingServerEvents, Record<string, never>, SocketData>;

const userRoom = (userId: number) => `user:${userId}`;
const meetingRoom = (meetingId: string) => `meeting:${meetingId}`;
const notIn = () => notFound('Meeting');

function on<S extends z.ZodType, T>(
  socket: MeetingSocket,
  event: keyof MeetingClientEvents,
  schema: S,
  log: FastifyBaseLogger,
  run: (input: z.infer<S>) => Promise<T>,
): void {
  onAck(socket, event, schema, { log, internalMessage: CALL_FAILED_TEXT }, run);
}

export function registerMeetingSocket(server: RealtimeServer, deps: AppDeps, log: FastifyBaseLogger): MeetingDelivery {
  const io = server as unknown as MeetingIo;
  const db = deps.database.db;
  const ice = createIceServers(deps.config);

  const left = (meetingId: string, peerId: string) =>
    io.to(meetingRoom(meetingId)).emit('meeting:peer-left', { meetingId, peerId });

  (io as unknown as { on(e: 'connection', fn: (s: MeetingSocket) => void): void }).on('connection', (socket) => {
    const principal = socket.data.principal;
    /** The meetings this connection is in. */
    const mine = new Set<string>();
    const signals = new TokenBucket(CALL_SIGNAL_RATE, deps.clock);

    const leave = async (meetingId: string) => {
      mine.delete(meetingId);
      await socket.leave(meetingRoom(meetingId));
      left(meetingId, socket.id);
    };

    on(socket, 'meeting:join', MeetingRefSchema, log, async ({ meetingId }) => {
      const now = deps.clock();
      const p = authorizeJoinMeeting(
        principal,
        principal ? await loadMeetingFacts(db, principal, meetingId) : undefined,
        now,
      );
      if (mine.has(meetingId)) await leave(meetingId);
      const room = meetingRoom(meetingId);
      const inside = await io.in(room).fetchSockets();
      // One connection per person: an earlier one of theirs (another tab, or a connection that dropped
      // and has not timed out yet) is taken out, and the others stop sending to it.
      for (const earlier of inside.filter((s) => s.data.principal.userId === p.userId)) {
        earlier.emit('meeting:closed', { meetingId, reason: 'elsewhere' });
        earlier.leave(room);
        left(meetingId, earlier.id);
      }
      const others = inside.filter((s) => s.data.principal.userId !== p.userId);
      if (new Set(others.map((s) => s.data.principal.userId)).size >= MEETING_MAX_PEOPLE) {
        throw new AppError('MEETING_FULL', `A meeting holds at most ${MEETING_MAX_PEOPLE} people`);
      }
      await socket.join(room);
      mine.add(meetingId);
      const me: MeetingPeer = { peerId: socket.id, userId: p.userId, name: personName(p.firstName, p.lastName) };
      socket.to(room).emit('meeting:peer-joined', { meetingId, peer: me });
      return {
        peerId: socket.id,
        peers: others.map((s) => ({
          peerId: s.id,
          userId: s.data.principal.userId,
          name: personName(s.data.principal.firstName, s.data.principal.lastName),
        })),
        iceServers: ice.forUser(p.userId, now),
      };
    });

    // A relay from one connection in the meeting to one other in it, and to nobody else.
    on(socket, 'meeting:signal', MeetingSignalSchema, log, async ({ meetingId, to, signal }) => {
      if (!mine.has(meetingId) || !socket.rooms.has(meetingRoom(meetingId))) throw notIn();
      if (!signals.take())
        throw new AppError('RATE_LIMITED', 'Too many call signals. Please wait a moment.', { retryAfterSeconds: 1 });
      const inside = await io.in(meetingRoom(meetingId)).fetchSockets();
      if (to === socket.id || !inside.some((s) => s.id === to)) throw notFound('Peer');
      io.to(to).emit('meeting:signal', { meetingId, from: socket.id, signal });
      return null;
    });

    on(socket, 'meeting:leave', MeetingRefSchema, log, async ({ meetingId }) => {
      if (mine.has(meetingId)) await leave(meetingId);
      return null;
    });

    socket.on('disconnect', () => {
      for (const meetingId of mine) left(meetingId, socket.id);
      mine.clear();
    });
  });

  return {
    meetingsChanged: (userIds, cancelled) => {
      if (userIds.length > 0)
        io.to(userIds.map(userRoom)).emit('refresh-meetings', { timestamp: deps.clock().toISOString() });
      if (cancelled !== undefined) {
        io.to(meetingRoom(cancelled)).emit('meeting:closed', { meetingId: cancelled, reason: 'cancelled' });
        io.in(meetingRoom(cancelled)).socketsLeave(meetingRoom(cancelled));
      }
    },
  };
}
