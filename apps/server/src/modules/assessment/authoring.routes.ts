import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentClassesResponseSchema,
  AssessmentDetailSchema,
  AssessmentIdParamsSchema,
  AssessmentInputSchema,
  AssessmentListQuerySchema,
  AssessmentListResponseSchema,
  AssignmentInputSchema,
  errorResponses,
  IdParamSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { contentLanguage } from '../../plugins/content-language';
import * as authoring from './authoring.service';
import { listClasses } from './classes.service';

const tags = ['assessment'];
const errors = errorResponses(400, 401, 403, 404);
const errorsWith409 = errorResponses(400, 401, 403, 404, 409);

/** Teachers' quizzes and tests (/quiz-listing, /create-quiz, /quiz-detail, /assessment-quiz). */
export const assessmentAuthoringRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/assessments',
    {
      schema: {
        tags,
        summary:
          'Quizzes and tests the caller may see: a teacher’s own and their classes’, a principal’s schools’, a super-admin’s chain’s',
        querystring: AssessmentListQuerySchema,
        response: { 200: AssessmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => authoring.listAssessments(deps, request.principal, request.query, contentLanguage(request.headers)),
  );
  app.get(
    '/assessments/classes',
    {
      schema: {
        tags,
        summary:
          'Classes the caller may write quizzes for, assign them to and report on: school, board, grade, sections, the subjects a teacher covers',
        response: { 200: AssessmentClassesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listClasses(deps, request.principal, contentLanguage(request.headers)),
  );
  app.post(
    '/assessments',
    {
      schema: {
        tags,
        summary: 'A new draft quiz or test with its questions in order (teachers of its grade and subject)',
        body: AssessmentInputSchema,
        response: { 201: AssessmentDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await authoring.createAssessment(deps, request.principal, request.body, contentLanguage(request.headers)),
        ),
  );
  app.get(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'A quiz with its questions, answer keys and assignments (staff who may see it)',
        params: AssessmentIdParamsSchema,
        response: { 200: AssessmentDetailSchema, ...errors },
      },
    },
    (request) => authoring.getAssessment(deps, request.principal, request.params.id, contentLanguage(request.headers)),
  );
  app.put(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary:
          'Replaces the whole quiz (its teacher); refused once a student has started it (ASSESSMENT_HAS_ATTEMPTS)',
        params: AssessmentIdParamsSchema,
        body: AssessmentInputSchema,
        response: { 200: AssessmentDetailSchema, ...errorsWith409 },
      },
    },
    (request) =>
      authoring.updateAssessment(
        deps,
        request.principal,
        request.params.id,
        request.body,
        contentLanguage(request.headers),
      ),
  );
  app.delete(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a quiz (its teacher): it leaves the lists; attempts and reports stay',
        params: AssessmentIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await authoring.deleteAssessment(deps, request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/assessments/:id/publish',
    {
      schema: {
        tags,
        summary:
          'Publishes a quiz (its teacher): at least 4 questions (NOT_ENOUGH_QUESTIONS, "Add Atleast 4 Questions")',
        params: AssessmentIdParamsSchema,
        response: { 200: AssessmentDetailSchema, ...errorsWith409 },
      },
    },
    (request) =>
      authoring.publishAssessment(deps, request.principal, request.params.id, contentLanguage(request.headers)),
  );
  app.post(
    '/assessments/:id/assignments',
    {
      schema: {
        tags,
        summary:
          'Sets a published quiz for a class of its school and grade between two instants (ASSESSMENT_NOT_PUBLISHED before publishing)',
        params: AssessmentIdParamsSchema,
        body: AssignmentInputSchema,
        response: { 200: AssessmentDetailSchema, ...errorsWith409 },
      },
    },
    (request) =>
      authoring.assignAssessment(
        deps,
        request.principal,
        request.params.id,
        request.body,
        contentLanguage(request.headers),
      ),
  );
  app.delete(
    '/assessments/:id/assignments/:assignmentId',
    {
      schema: {
        tags,
        summary: 'Takes a quiz back from a class, only before any student has started it (ASSESSMENT_HAS_ATTEMPTS)',
        params: z.object({ id: IdParamSchema, assignmentId: IdParamSchema }),
        response: { 204: z.null(), ...errorsWith409 },
      },
    },
    async (request, reply) => {
      await authoring.unassignAssessment(deps, request.principal, request.params.id, request.params.assignmentId);
      return reply.status(204).send(null);
    },
  );
};
