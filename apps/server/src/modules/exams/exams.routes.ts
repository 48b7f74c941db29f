import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  ExamSiteStandInQuerySchema,
  LaunchExamBodySchema,
  LaunchExamResponseSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { LocalExamSite, STAND_IN_PATH } from '../../providers/exam-site/local-exam-site';
import { examSiteStandIn, launchExam } from './exams.service';

export const examsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/exams/launch',
    {
      schema: {
        tags: ['exams'],
        summary:
          'Open a test on the outside exam site: its address with a signed token for the caller (students and school staff)',
        body: LaunchExamBodySchema,
        response: { 200: LaunchExamResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    (request) => launchExam(deps, request.principal, request.body.type),
  );

  // Development and tests only: the outside site's stand-in page (providers/exam-site/local-exam-site.ts).
  const site = deps.examSite;
  if (deps.config.NODE_ENV !== 'production' && site instanceof LocalExamSite) {
    app.get(
      STAND_IN_PATH.replace(/^\/api\/v1/, ''),
      {
        config: { public: true },
        schema: {
          tags: ['development'],
          summary:
            'Development only: the outside exam site’s stand-in, showing the user and test of a verified launch token',
          querystring: ExamSiteStandInQuerySchema,
          produces: ['text/html'],
          response: { 200: z.string().describe('An HTML page'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        reply.type('text/html; charset=utf-8').send(await examSiteStandIn(deps, site, request.query.token)),
    );
  }
};
