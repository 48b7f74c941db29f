/**
 * The live challenge's socket events (contracts: challenge/challenge.ts). Each event's payload is
 * checked with its zod schema and answered through its acknowledgement: `{ok: true, value}` or a
 * stable `{ok: false, code, message}`, never a thrown error. Access is the service's (the policy's).
 */
import {
  AnswerGameSchema,
  GameCodeEventSchema,
  JoinGameSchema,
  type AnswerAck,
  type ChallengeClientEvents,
  type GameSnapshot,
  type ChallengeServerEvents,
} from '@ki/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { requireActivePlan } from '../../policy/plans';
import { onAck } from '../../lib/socket-ack';
import type { RealtimeServer, SocketData } from '../../plugins/realtime';
import type { ChallengeHub } from './challenge.service';

type ChallengeSocket = Socket<ChallengeClientEvents, ChallengeServerEvents, Record<string, never>, SocketData>;

/** Registers one event: validated, run, acknowledged (lib/socket-ack.ts). */
function on<S extends z.ZodType, T>(
  socket: ChallengeSocket,
  event: keyof ChallengeClientEvents,
  schema: S,
  log: FastifyBaseLogger,
  run: (input: z.infer<S>) => T | Promise<T>,
): void {
  onAck(socket, event, schema, { log, internalMessage: 'Something went wrong. Please try again.' }, run);
}

export function registerChallengeSocket(
  io: RealtimeServer,
  hub: ChallengeHub,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): void {
  (io as unknown as { on(e: 'connection', fn: (s: ChallengeSocket) => void): void }).on('connection', (socket) => {
    /** The codes of the games this connection joined. */
    const joined = new Set<string>();
    const principal = socket.data.principal;
    const joinedFirst = (code: string): void => {
      if (!joined.has(code)) throw new AppError('CHALLENGE_NOT_JOINED', 'Join the game first');
    };

    on(socket, 'challenge:join', JoinGameSchema, log, async (input) => {
      // A live game is one of the learner's protected screens (policy/plans.ts), as its routes are.
      requireActivePlan(principal, clock());
      const { room, snapshot } = (await hub.run({
        op: 'join',
        principal,
        code: input.code,
        address: socket.data.address,
        connectionId: socket.id,
        name: input.name,
      })) as { room: string; snapshot: GameSnapshot };
      await socket.join(room);
      joined.add(input.code);
      return snapshot;
    });
    for (const op of ['start', 'next', 'end'] as const)
      on(socket, `challenge:${op}`, GameCodeEventSchema, log, async (input) => {
        joinedFirst(input.code);
        return (await hub.run({ op, principal, code: input.code })) as null;
      });
    on(socket, 'challenge:leave', GameCodeEventSchema, log, async (input) => {
      joinedFirst(input.code);
      await hub.run({ op: 'leave', principal, code: input.code });
      joined.delete(input.code);
      for (const room of socket.rooms) if (room.startsWith('challenge:')) await socket.leave(room);
      return null;
    });
    on(socket, 'challenge:answer', AnswerGameSchema, log, async (input) => {
      joinedFirst(input.code);
      return (await hub.run({
        op: 'answer',
        principal,
        code: input.code,
        index: input.index,
        choice: input.choice,
      })) as AnswerAck;
    });

    socket.on('disconnect', () => {
      for (const code of joined)
        hub
          .run({ op: 'disconnected', code, connectionId: socket.id })
          .catch((error: unknown) => log.warn({ err: error }, 'challenge disconnect not delivered'));
      joined.clear();
    });
  });
}
