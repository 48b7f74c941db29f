import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DecideParentLinkResponseSchema,
  errorResponses,
  LinkParentBodySchema,
  LinkParentResponseSchema,
  ParentChildrenResponseSchema,
  ParentLinkParamsSchema,
  ParentLinkRequestParamsSchema,
  ParentLinkRequestResponseSchema,
  SchoolParentRequestsResponseSchema,
  StudentParentsResponseSchema,
  UnlinkParentResponseSchema,
  StudentDashboardParamsSchema,
  StudentDashboardQuerySchema,
  StudentDashboardResponseSchema,
  StudentProgressSchema,
  StudentSubjectParamsSchema,
  StudentSubjectResponseSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { contentLanguage } from '../../plugins/content-language';
import {
  decideParentLinkRequest,
  linkParent,
  requestParentLink,
  schoolParentRequests,
  studentParents,
  unlinkParent,
} from './parent-links.service';
import { parentChildren, studentDashboard, studentProgress, studentSubject } from './student-dashboard.service';

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
    (request) =>
      studentDashboard(
        deps,
        request.principal,
        request.params.id,
        request.query.filter,
        contentLanguage(request.headers),
      ),
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
    (request) =>
      studentSubject(
        deps,
        request.principal,
        request.params.id,
        request.params.subjectId,
        contentLanguage(request.headers),
      ),
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
  // Parent links (security issue #21; docs/DECISIONS.md "Parent links").
  app.get(
    '/students/:id/parents',
    {
      schema: {
        tags: ['parent links'],
        summary:
          'A student’s linked parents (masked mobile, who linked them, when) and link requests, with what the caller may do (staff over the student)',
        params: StudentDashboardParamsSchema,
        response: { 200: StudentParentsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => studentParents(deps, request.principal, request.params.id),
  );
  app.post(
    '/students/:id/parents',
    {
      schema: {
        tags: ['parent links'],
        summary:
          'Link a parent by mobile number (a new number gets a parent account): the principal of the student’s school or the chain’s super-admin. Existing parents are told by SMS. A number that cannot be linked gets PARENT_LINK_REFUSED, whoever holds it; at most 30 attempts an hour per staff member (PARENT_LINK_RATE_LIMITED)',
        params: StudentDashboardParamsSchema,
        body: LinkParentBodySchema,
        response: { 200: LinkParentResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    (request) => linkParent(deps, request.principal, request.params.id, request.body, request.log),
  );
  app.delete(
    '/students/:id/parents/:linkId',
    {
      schema: {
        tags: ['parent links'],
        summary:
          'Unlink a parent (the principal of the student’s school or the chain’s super-admin); the audit keeps who and when',
        params: ParentLinkParamsSchema,
        response: { 200: UnlinkParentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => unlinkParent(deps, request.principal, request.params.id, request.params.linkId),
  );
  app.post(
    '/students/:id/parent-requests',
    {
      schema: {
        tags: ['parent links'],
        summary:
          'Request a parent link (a teacher over the student); the principal approves or rejects it. Counts towards the same hourly limit as linking',
        params: StudentDashboardParamsSchema,
        body: LinkParentBodySchema,
        response: { 200: ParentLinkRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => requestParentLink(deps, request.principal, request.params.id, request.body),
  );
  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/students/:id/parent-requests/:requestId/${action}`,
      {
        schema: {
          tags: ['parent links'],
          summary: `${action === 'approve' ? 'Approve a link request (links the parent)' : 'Reject a link request'}: the principal of the student’s school or the chain’s super-admin`,
          params: ParentLinkRequestParamsSchema,
          response: { 200: DecideParentLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) =>
        decideParentLinkRequest(
          deps,
          request.principal,
          request.params.id,
          request.params.requestId,
          decision,
          request.log,
        ),
    );
  }
  app.get(
    '/schools/:id/parent-requests',
    {
      schema: {
        tags: ['parent links'],
        summary: 'A school’s pending parent link requests (its principal or the chain’s super-admin)',
        params: StudentDashboardParamsSchema,
        response: { 200: SchoolParentRequestsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => schoolParentRequests(deps, request.principal, request.params.id),
  );
};
