import type { FastifyInstance } from 'fastify';

/** The API's answers: behind a session, and most of them about children. */
const API_PATH = /^\/api\/v1(?:[/?]|$)/;

/**
 * No browser or proxy keeps an API answer unless its route says how (Cache-Control: no-store by
 * default). Schools and families share devices: a cached dashboard, profile or CSV stays readable
 * after sign-out. A route that relies on revalidation sets its own header (the learner content
 * bundle: `private, no-cache` with an ETag, so a 304 saves the download). An error answer is never
 * kept, whatever the route had set before it failed.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!API_PATH.test(request.url)) return;
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
