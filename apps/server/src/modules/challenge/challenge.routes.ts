import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateGameSchema, errorResponses, GameInfoSchema, GamePathSchema } from '@ki/contracts';
import type { ChallengeHub } from './challenge.service';

const tags = ['challenge'];

/** Creating a live game and looking a code up; play itself is on the socket (challenge.socket.ts). */
export const challengeRoutes: FastifyPluginAsyncZod<{ hub: ChallengeHub }> = async (app, { hub }) => {
  app.post(
    '/challenge/games',
    {
      schema: {
        tags,
        summary:
          'Create a live game: a student’s challenge from their subject’s question bank, or a teacher’s published quiz; answers its 6-digit code',
        body: CreateGameSchema,
        response: { 201: GameInfoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await hub.create(request.principal, request.body)),
  );
  app.get(
    '/challenge/games/:code',
    {
      schema: {
        tags,
        summary:
          'A game of the caller’s class by its code, for the join page; wrong codes are limited per student and address',
        params: GamePathSchema,
        response: { 200: GameInfoSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    (request) => hub.lookUp(request.principal, request.params.code, request.ip),
  );
};
