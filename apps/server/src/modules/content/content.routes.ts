import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SubjectChaptersResponseSchema, SubjectSlugParamsSchema } from '@ki/contracts';
import type { AppDeps } from '../../app';
import { subjectChapters } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/learn/subjects/:slug',
    {
      schema: {
        tags: ['learn'],
        summary: 'The signed-in student’s chapters of a subject, with topics completed',
        params: SubjectSlugParamsSchema,
        response: { 200: SubjectChaptersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => subjectChapters(deps, request.principal, request.params.slug),
  );
};
