import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeclineErasureBodySchema,
  ErasureRequestBodySchema,
  ErasureRequestParamsSchema,
  ErasureRequestSchema,
  GiveConsentBodySchema,
  SchoolErasureRequestsSchema,
  StudentPrivacySchema,
  SchoolIdParamsSchema,
  EraseStudentBodySchema,
  EraseStudentResponseSchema,
  errorResponses,
  StudentIdParamsSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import {
  declineErasure,
  eraseStudent,
  giveConsent,
  requestErasure,
  schoolErasureRequests,
  studentPrivacy,
  withdrawConsent,
} from './privacy.service';

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

  app.get(
    '/students/:id/privacy',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'What the caller may do with a student’s data (export, ask for erasure, erase) and the erasure requests they may see',
        params: StudentIdParamsSchema,
        response: { 200: StudentPrivacySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => studentPrivacy(deps, request.principal, request.params.id),
  );

  app.post(
    '/students/:id/erasure-requests',
    {
      schema: {
        tags: ['privacy'],
        summary: 'A linked parent asks the school to erase their child’s data (one request waits at a time)',
        params: StudentIdParamsSchema,
        body: ErasureRequestBodySchema,
        response: { 201: ErasureRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestErasure(deps, request.principal, request.params.id, request.body)),
  );

  app.post(
    '/students/:id/erasure-requests/:requestId/decline',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Decline a parent’s erasure request, saying why (the school’s principal or its chain’s super-admin); the parent is told',
        params: ErasureRequestParamsSchema,
        body: DeclineErasureBodySchema,
        response: { 200: ErasureRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => declineErasure(deps, request.principal, request.params.id, request.params.requestId, request.body),
  );

  app.get(
    '/schools/:id/erasure-requests',
    {
      schema: {
        tags: ['privacy'],
        summary: 'A school’s waiting erasure requests, oldest first (its principal or the chain’s super-admin)',
        params: SchoolIdParamsSchema,
        response: { 200: SchoolErasureRequestsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => schoolErasureRequests(deps, request.principal, request.params.id),
  );

  app.post(
    '/students/:id/consent/withdraw',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'A linked parent withdraws consent for an account the family made: the child is signed out and cannot sign in or play',
        params: StudentIdParamsSchema,
        response: { 200: StudentPrivacySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { privacy, endedSessions } = await withdrawConsent(deps, request.principal, request.params.id);
      for (const sessionId of endedSessions) app.realtime.endSession(sessionId);
      return privacy;
    },
  );

  app.post(
    '/students/:id/consent',
    {
      schema: {
        tags: ['privacy'],
        summary: 'A linked parent gives consent again (to the current consent text) after withdrawing it',
        params: StudentIdParamsSchema,
        body: GiveConsentBodySchema,
        response: { 200: StudentPrivacySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => giveConsent(deps, request.principal, request.params.id, request.body),
  );
};
