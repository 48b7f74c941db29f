/**
 * The live challenge's socket events (contracts: challenge/challenge.ts). Each event's payload is
 * checked with its zod schema and answered through its acknowledgement: `{ok: true, value}` or a
 * stable `{ok: false, code, message}`, never a thrown error. Access is the service's (the policy's).
 */
import {
  AnswerGameSchema,
  GameCodeEventSchema,
  JoinGameSchema,
  type Ack,
  type ChallengeClientEvents,
  type ChallengeServerEvents,
} from '@ki/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { RealtimeServer, SocketData } from '../../plugins/realtime';
import { ChallengeHub } from './challenge.service';
import type { LiveGame } from './live-game';

type ChallengeSocket = Socket<ChallengeClientEvents, ChallengeServerEvents, Record<string, never>, SocketData>;

function failure(error: unknown, log: FastifyBaseLogger): Ack<never> {
  if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
  log.error({ err: error }, 'challenge event failed');
  return { ok: false, code: 'INTERNAL', message: 'Something went wrong. Please try again.' };
}

/**
 * Registers one event: validates, runs, acknowledges. A payload that fails its schema answers
 * VALIDATION_FAILED with the first problem; an event sent without an acknowledgement is ignored.
 */
function on<S extends z.ZodType, T>(
  socket: ChallengeSocket,
  event: keyof ChallengeClientEvents,
  schema: S,
  log: FastifyBaseLogger,
  run: (input: z.infer<S>) => T | Promise<T>,
): void {
  (socket as unknown as Socket).on(event, async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, code: 'VALIDATION_FAILED', message: parsed.error.issues[0]?.message ?? 'The request is not valid' });
      return;
    }
    try {
      ack({ ok: true, value: await run(parsed.data) });
    } catch (error) {
      ack(failure(error, log));
    }
  });
}

export function registerChallengeSocket(io: RealtimeServer, hub: ChallengeHub, log: FastifyBaseLogger): void {
  (io as unknown as { on(e: 'connection', fn: (s: ChallengeSocket) => void): void }).on('connection', (socket) => {
    /** The games this connection joined, by code. */
    const joined = new Map<string, LiveGame>();
    const principal = socket.data.principal;

    const gameOf = (code: string): LiveGame => {
      const game = joined.get(code);
      if (!game) throw new AppError('CHALLENGE_WRONG_STATE', 'Join the game first');
      return game;
    };

    on(socket, 'challenge:join', JoinGameSchema, log, async (input) => {
      const { game, joiner } = hub.find(principal, input.code, socket.data.address);
      const userId = joiner.principal.userId;
      const face = joiner.kind === 'player' || game.definition.hostPlays ? await hub.face(userId, input.name) : undefined;
      const replaced = joiner.kind === 'host' ? game.joinHost(socket.id, face) : game.joinPlayer(userId, socket.id, face!);
      const room = ChallengeHub.room(game.definition.id);
      if (replaced) {
        io.to(replaced).emit('challenge:replaced' as never);
        io.in(replaced).socketsLeave(room);
      }
      await socket.join(room);
      joined.set(game.code, game);
      return game.snapshot(userId);
    });

    on(socket, 'challenge:start', GameCodeEventSchema, log, (input) => {
      gameOf(input.code).start(principal.userId);
      return null;
    });
    on(socket, 'challenge:next', GameCodeEventSchema, log, (input) => {
      gameOf(input.code).next(principal.userId);
      return null;
    });
    on(socket, 'challenge:end', GameCodeEventSchema, log, (input) => {
      gameOf(input.code).end(principal.userId);
      return null;
    });
    on(socket, 'challenge:leave', GameCodeEventSchema, log, async (input) => {
      const game = gameOf(input.code);
      game.leave(principal.userId);
      joined.delete(input.code);
      await socket.leave(ChallengeHub.room(game.definition.id));
      return null;
    });
    on(socket, 'challenge:answer', AnswerGameSchema, log, (input) => gameOf(input.code).answer(principal.userId, input.index, input.choice));

    socket.on('disconnect', () => {
      for (const game of joined.values()) game.disconnected(socket.id);
      joined.clear();
    });
  });
}
