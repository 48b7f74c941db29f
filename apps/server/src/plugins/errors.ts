import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@ki/contracts';
import { AppError } from '../errors';
import { SESSION_COOKIE } from '../sessions/session-store';
import type { LinkHeaderFor } from './preload-hints';

/**
 * One error format for every 4xx/5xx answer: {code, message, details}. Stack traces and internal
 * messages are logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      const retryAfter = retryAfterSeconds(error.details);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        in: error.validationContext ?? 'body',
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'invalid',
      }));
      return send(400, { code: 'VALIDATION_FAILED', message: 'The request is not valid', details: { issues } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return send(500, { code: 'INTERNAL', message: 'Something went wrong on our side' });
    }
    // Text PostgreSQL cannot store (a NUL character in text or JSON) is the client's error on any
    // route, not a 500; the statement failed, so its transaction wrote nothing.
    const dbCode = (error as { code?: unknown }).code;
    if (dbCode === '22021' || dbCode === '22P05') {
      return send(400, { code: 'VALIDATION_FAILED', message: 'The request contains characters that cannot be stored' });
    }
    // Two requests racing for the same row (two link requests for one new number at the same
    // moment): the loser's transaction wrote nothing, and trying again settles it.
    if (dbCode === '23505' || dbCode === '40001' || dbCode === '40P01') {
      request.log.warn({ err: error }, 'concurrent change refused by the database');
      return send(409, { code: 'CONFLICT', message: 'Someone changed this at the same moment. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code: ErrorCode =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
      // Fastify's own messages for malformed JSON and the like are safe and useful to clients.
      return send(status, { code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: 'Something went wrong on our side' });
  });
}

/** A throttled answer's wait, which clients that ignore the body still read from Retry-After. */
function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return undefined;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * Unknown API paths get a NOT_FOUND error body. When the web app is served, other GET paths get its
 * index.html so the client router can show the page (or its own not-found page).
 */
export function registerNotFound(
  app: FastifyInstance,
  { spaFallback, preloadsFor = () => undefined }: { spaFallback: boolean; preloadsFor?: LinkHeaderFor },
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Files (hashed assets, icons) that do not exist are 404s, never the app page: a browser
    // loading a stale chunk must fail clearly rather than parse HTML as JavaScript.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(path);
    if (
      spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !isFile
    ) {
      const preloads = preloadsFor(path, { signedIn: Boolean(request.cookies?.[SESSION_COOKIE]) });
      if (preloads) reply.header('link', preloads);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` };
    return reply.status(404).send(body);
  });
}
