import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EraseStudentBodySchema,
  EraseStudentResponseSchema,
  errorResponses,
  StudentIdParamsSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { eraseStudent } from './privacy.service';

export const privacyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/students/:id/erasure',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Erase all of a student’s data on request (the school’s principal or its chain’s super-admin); irreversible',
        params: StudentIdParamsSchema,
        body: EraseStudentBodySchema,
        response: { 200: EraseStudentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => eraseStudent(deps, request.principal, request.params.id, request.body),
  );
};
