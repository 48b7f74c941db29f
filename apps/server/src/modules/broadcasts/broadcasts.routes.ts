import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BroadcastIdParamsSchema,
  CreateBroadcastBodySchema,
  errorResponses,
  MyBroadcastsSchema,
  SchoolBroadcastsSchema,
  SchoolIdParamsSchema,
  StaffBroadcastSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { deleteBroadcast, markBroadcastRead, myBroadcasts, postBroadcast, schoolBroadcasts } from './broadcasts.service';

export const broadcastsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/schools/:id/broadcasts',
    {
      schema: {
        tags: ['broadcasts'],
        summary: 'A school’s notices with read counts, and the grades the caller may post to (its principal, super-admin and teachers)',
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
    async (request, reply) => reply.status(201).send(await postBroadcast(deps, request.principal, request.params.id, request.body)),
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
