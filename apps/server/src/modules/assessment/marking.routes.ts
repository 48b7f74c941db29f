import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, MarkAnswerParamsSchema, MarkAnswerSchema, MarkingQueueSchema } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import * as marking from './marking.service';

const tags = ['assessment'];

/** The marking queue of open-ended answers (/assessments). */
export const assessmentMarkingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/assessment/marking',
    {
      schema: {
        tags,
        summary:
          'Open-ended answers of the caller’s classes (teacher) or schools (principal) waiting for marks, oldest first',
        response: { 200: MarkingQueueSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => marking.markingQueue(deps, request.principal),
  );
  app.put(
    '/assessment/marking/:attemptId/:position',
    {
      schema: {
        tags,
        summary: 'Marks one open-ended answer 0-200 with a comment; marking again replaces the mark',
        params: MarkAnswerParamsSchema,
        body: MarkAnswerSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await marking.markAnswer(deps, request.principal, request.params, request.body);
      return reply.status(204).send(null);
    },
  );
};
