import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  LinkParentBodySchema,
  LinkParentResponseSchema,
  ParentChildrenResponseSchema,
  StudentDashboardParamsSchema,
  StudentDashboardQuerySchema,
  StudentDashboardResponseSchema,
  StudentProgressSchema,
  StudentSubjectParamsSchema,
  StudentSubjectResponseSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app';
import { contentLanguage } from '../../plugins/content-language';
import {
  linkParent,
  parentChildren,
  studentDashboard,
  studentProgress,
  studentSubject,
} from './student-dashboard.service';

export const studentDashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/students/:id/dashboard',
    {
      schema: {
        tags: ['student dashboard'],
        summary:
          'A student’s dashboard: cards, profile, recently played, concepts to relearn, subjects, progress (the student, linked parents, staff in scope)',
        params: StudentDashboardParamsSchema,
        querystring: StudentDashboardQuerySchema,
        response: { 200: StudentDashboardResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => studentDashboard(deps, request.principal, request.params.id, request.query.filter, contentLanguage(request.headers)),
  );
  app.get(
    '/students/:id/progress',
    {
      schema: {
        tags: ['student dashboard'],
        summary: 'A student’s learning and knowledge currency per day, week or month',
        params: StudentDashboardParamsSchema,
        querystring: StudentDashboardQuerySchema,
        response: { 200: StudentProgressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => studentProgress(deps, request.principal, request.params.id, request.query.filter),
  );
  app.get(
    '/students/:id/subjects/:subjectId',
    {
      schema: {
        tags: ['student dashboard'],
        summary:
          'A student’s analysis of one subject: efficiencies, accuracy against the global average, chapters and topics, best and fastest',
        params: StudentSubjectParamsSchema,
        response: { 200: StudentSubjectResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => studentSubject(deps, request.principal, request.params.id, request.params.subjectId, contentLanguage(request.headers)),
  );
  app.get(
    '/me/children',
    {
      schema: {
        tags: ['student dashboard'],
        summary: 'The signed-in parent’s linked children',
        response: { 200: ParentChildrenResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => parentChildren(deps, request.principal),
  );
  app.post(
    '/students/:id/parents',
    {
      schema: {
        tags: ['student dashboard'],
        summary:
          'Link a parent (by mobile number; a new number gets a parent account) to a student (staff over the student)',
        params: StudentDashboardParamsSchema,
        body: LinkParentBodySchema,
        response: { 200: LinkParentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => linkParent(deps, request.principal, request.params.id, request.body),
  );
};
