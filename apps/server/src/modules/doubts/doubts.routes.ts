import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnswerDoubtBodySchema,
  AskDoubtBodySchema,
  DOUBT_PICTURE_MAX_BYTES,
  DOUBT_PICTURE_TYPES,
  DoubtIdParamsSchema,
  DoubtSchema,
  DoubtsPageSchema,
  DoubtsQuerySchema,
  errorResponses,
  MyDoubtsSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { uploadLimits } from '../../lib/multipart-upload';
import {
  answerDoubt,
  askDoubt,
  doubtPicture,
  markDoubtsSeen,
  myDoubts,
  setDoubtPicture,
  staffDoubts,
} from './doubts.service';

const tags = ['doubts'];

export const doubtsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart);

  app.post(
    '/doubts',
    {
      schema: {
        tags,
        summary: 'A student asks a doubt about a topic of their grade',
        body: AskDoubtBodySchema,
        response: { 201: DoubtSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await askDoubt(deps, request.principal, request.body)),
  );

  app.put(
    '/doubts/:id/picture',
    {
      schema: {
        tags,
        summary:
          'The student who asked adds a picture (multipart "file": PNG, JPEG or WebP of at most 2 MB, the type read from its bytes) while no answer is given',
        consumes: ['multipart/form-data'],
        params: DoubtIdParamsSchema,
        response: { 200: DoubtSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    (request) =>
      setDoubtPicture(deps, request.principal, request.params.id, () =>
        request.parts({ limits: uploadLimits(DOUBT_PICTURE_MAX_BYTES) }),
      ),
  );

  app.get(
    '/doubts/:id/picture',
    {
      schema: {
        tags,
        summary: 'A doubt’s picture, to the student who asked and the staff who read the doubt',
        params: DoubtIdParamsSchema,
        produces: [...DOUBT_PICTURE_TYPES],
        response: { 200: z.string().describe('The picture'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await doubtPicture(deps, request.principal, request.params.id);
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(bytes as never);
    },
  );

  app.get(
    '/me/doubts',
    {
      schema: {
        tags,
        summary: 'A student’s doubts with their answers, newest first, and how many answers they have not seen',
        response: { 200: MyDoubtsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => myDoubts(deps, request.principal),
  );

  app.post(
    '/me/doubts/seen',
    {
      schema: {
        tags,
        summary: 'The student has seen the answers to their doubts',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await markDoubtsSeen(deps, request.principal);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/doubts',
    {
      schema: {
        tags,
        summary:
          'Doubts of the caller’s classes (teachers), school (principals) or chain (super-admins), by status, newest first, 30 a page',
        querystring: DoubtsQuerySchema,
        response: { 200: DoubtsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => staffDoubts(deps, request.principal, request.query.status, request.query.before),
  );

  app.post(
    '/doubts/:id/answers',
    {
      schema: {
        tags,
        summary: 'Answer a doubt (a teacher of the student’s class or the school’s principal); the student is told',
        params: DoubtIdParamsSchema,
        body: AnswerDoubtBodySchema,
        response: { 201: DoubtSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await answerDoubt(deps, request.principal, request.params.id, request.body)),
  );
};
