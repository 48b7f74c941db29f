import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BROADCAST_PICTURE_MAX_BYTES,
  BROADCAST_PICTURE_TYPES,
  BroadcastIdParamsSchema,
  CreateBroadcastBodySchema,
  errorResponses,
  MyBroadcastsSchema,
  SchoolBroadcastsSchema,
  SchoolIdParamsSchema,
  StaffBroadcastSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { uploadLimits } from '../../lib/multipart-upload';
import {
  broadcastPicture,
  deleteBroadcast,
  markBroadcastRead,
  myBroadcasts,
  postBroadcast,
  schoolBroadcasts,
  setBroadcastPicture,
} from './broadcasts.service';

export const broadcastsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart);

  app.get(
    '/schools/:id/broadcasts',
    {
      schema: {
        tags: ['broadcasts'],
        summary:
          'A school’s notices with read counts, and the grades the caller may post to (its principal, super-admin and teachers)',
        params: SchoolIdParamsSchema,
        response: { 200: SchoolBroadcastsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => schoolBroadcasts(deps, request.principal, request.params.id),
  );

  app.post(
    '/schools/:id/broadcasts',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'Post a notice to grades of the school (a teacher to the grades they teach)',
        params: SchoolIdParamsSchema,
        body: CreateBroadcastBodySchema,
        response: { 201: StaffBroadcastSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await postBroadcast(deps, request.principal, request.params.id, request.body)),
  );

  app.delete(
    '/broadcasts/:id',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'Delete a notice (its author, the school’s principal or the chain’s super-admin)',
        params: BroadcastIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteBroadcast(deps, request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/broadcasts/:id/picture',
    {
      schema: {
        tags: ['broadcasts'],
        summary:
          'Add or replace a notice’s picture (its author, the school’s principal or the chain’s super-admin): multipart "file", PNG, JPEG or WebP of at most 2 MB, the type read from its bytes',
        consumes: ['multipart/form-data'],
        params: BroadcastIdParamsSchema,
        response: { 200: StaffBroadcastSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    (request) =>
      setBroadcastPicture(deps, request.principal, request.params.id, () =>
        request.parts({ limits: uploadLimits(BROADCAST_PICTURE_MAX_BYTES) }),
      ),
  );

  app.get(
    '/broadcasts/:id/picture',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'A notice’s picture, to the staff who see the notice and the students and parents it is for',
        params: BroadcastIdParamsSchema,
        produces: [...BROADCAST_PICTURE_TYPES],
        response: { 200: z.string().describe('The picture'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await broadcastPicture(deps, request.principal, request.params.id);
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(bytes as never);
    },
  );

  app.get(
    '/me/broadcasts',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'The notices for a student’s grade, or for a parent’s children, newest first',
        response: { 200: MyBroadcastsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => myBroadcasts(deps, request.principal),
  );

  app.post(
    '/broadcasts/:id/read',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'Mark a notice read (a student or parent it is for)',
        params: BroadcastIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await markBroadcastRead(deps, request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
