/**
 * A Socket.IO event answered through its acknowledgement, for every realtime module (the live
 * challenge, calls): the payload checked with its zod schema, the work run, and the answer sent as
 * `{ok: true, value}` or a stable `{ok: false, code, message}`, never a thrown error. A payload that
 * fails its schema answers VALIDATION_FAILED with the first problem; an event sent without an
 * acknowledgement is ignored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type { Ack } from '@ki/contracts';
import { AppError } from '../errors';

/** An error as an acknowledgement: an AppError's code and message; anything else is logged and answered INTERNAL with `internalMessage`. */
export function failureAck(error: unknown, log: FastifyBaseLogger, internalMessage: string): Ack<never> {
  if (error instanceof AppError)
    return {
      ok: false,
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  log.error({ err: error }, 'socket event failed');
  return { ok: false, code: 'INTERNAL', message: internalMessage };
}

export function onAck<S extends z.ZodType, T>(
  socket: unknown,
  event: string,
  schema: S,
  o: { log: FastifyBaseLogger; internalMessage: string },
  run: (input: z.infer<S>) => T | Promise<T>,
): void {
  (socket as Socket).on(event, async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      ack({
        ok: false,
        code: 'VALIDATION_FAILED',
        message: parsed.error.issues[0]?.message ?? 'The request is not valid',
      });
      return;
    }
    try {
      ack({ ok: true, value: await run(parsed.data) });
    } catch (error) {
      ack(failureAck(error, o.log, o.internalMessage));
    }
  });
}
