import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookmarkIdParamsSchema,
  BookmarksQuerySchema,
  BookmarksResponseSchema,
  BookmarkStateSchema,
  errorResponses,
  LearnProgressResponseSchema,
  PutTopicRatingBodySchema,
  SubjectBundleSchema,
  SubjectChaptersResponseSchema,
  SubjectSlugParamsSchema,
  TopicIdParamsSchema,
  TopicRatingResponseSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import {
  getTopicRating,
  learnProgress,
  listBookmarks,
  rateTopic,
  setConceptBookmark,
  setQuestionBookmark,
  subjectBundle,
  subjectChapters,
} from './content.service';

const gzipAsync = promisify(gzip);
/** Below this a compressed answer saves too little to be worth the CPU. */
const GZIP_MIN_BYTES = 2048;

export const contentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/learn/subjects/:slug',
    {
      schema: {
        tags: ['learn'],
        summary: 'The signed-in student’s chapters of a subject, with their progress and revise/treasure locks',
        params: SubjectSlugParamsSchema,
        response: { 200: SubjectChaptersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => subjectChapters(deps, request.principal, request.params.slug),
  );

  app.get(
    '/learn/subjects/:slug/bundle',
    {
      schema: {
        tags: ['learn'],
        summary: 'A subject’s published content for offline play (ETag; 304 on If-None-Match), gzip when accepted',
        params: SubjectSlugParamsSchema,
        response: {
          200: SubjectBundleSchema,
          304: z.null().describe('Not modified'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { etag, bundle } = await subjectBundle(
        deps,
        request.principal,
        request.params.slug,
        request.headers['if-none-match'],
      );
      // Private (per student: language, board, grade); revalidated on every use, cheap with the ETag.
      void reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding, cookie');
      if (!bundle) return reply.code(304).send(null);
      const json = JSON.stringify(bundle);
      const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      // Serialised here once (a string or buffer is sent as it is), to compress it.
      if (!accepts || json.length < GZIP_MIN_BYTES)
        return reply.type('application/json; charset=utf-8').send(json as never);
      // A subject is a few hundred kilobytes of JSON and compresses about five times: worth it on 3G.
      return reply
        .type('application/json; charset=utf-8')
        .header('content-encoding', 'gzip')
        .send((await gzipAsync(json)) as never);
    },
  );

  app.get(
    '/learn/progress',
    {
      schema: {
        tags: ['learn'],
        summary: 'The signed-in student’s progress per subject',
        response: { 200: LearnProgressResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => learnProgress(deps, request.principal),
  );

  app.get(
    '/bookmarks',
    {
      schema: {
        tags: ['learn'],
        summary: 'The signed-in student’s bookmarked concepts and questions (optionally of one subject)',
        querystring: BookmarksQuerySchema,
        response: { 200: BookmarksResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listBookmarks(deps, request.principal, request.query.subject),
  );

  for (const [kind, set] of [
    ['concepts', setConceptBookmark],
    ['questions', setQuestionBookmark],
  ] as const) {
    const what = kind === 'concepts' ? 'a concept (by topic id)' : 'a question';
    app.put(
      `/bookmarks/${kind}/:id`,
      {
        schema: {
          tags: ['learn'],
          summary: `Bookmark ${what} (idempotent)`,
          params: BookmarkIdParamsSchema,
          response: { 200: BookmarkStateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => set(deps, request.principal, request.params.id, true),
    );
    app.delete(
      `/bookmarks/${kind}/:id`,
      {
        schema: {
          tags: ['learn'],
          summary: `Remove the bookmark of ${what}`,
          params: BookmarkIdParamsSchema,
          response: { 200: BookmarkStateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => set(deps, request.principal, request.params.id, false),
    );
  }

  app.get(
    '/learn/topics/:id/rating',
    {
      schema: {
        tags: ['learn'],
        summary: 'The signed-in student’s rating of a topic (null when not rated)',
        params: TopicIdParamsSchema,
        response: { 200: TopicRatingResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => getTopicRating(deps, request.principal, request.params.id),
  );

  app.put(
    '/learn/topics/:id/rating',
    {
      schema: {
        tags: ['learn'],
        summary: 'Rate a topic 1 to 5 (one rating per student and topic; rating again replaces it)',
        params: TopicIdParamsSchema,
        body: PutTopicRatingBodySchema,
        response: { 200: TopicRatingResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => rateTopic(deps, request.principal, request.params.id, request.body.rating),
  );
};
