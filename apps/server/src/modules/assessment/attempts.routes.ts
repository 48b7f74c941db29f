import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerSchema,
  AssessmentHomeSchema,
  AssessmentIdPathSchema,
  AssignmentIdParamsSchema,
  AttemptIdParamsSchema,
  AttemptQuestionParamsSchema,
  AttemptSchema,
  errorResponses,
  FinishAttemptSchema,
  JoinInfoSchema,
  QuestionFlagsSchema,
  StartPracticeSchema,
  UsePowerUpSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import {
  answerQuestion,
  assessmentHome,
  finishAttempt,
  flagQuestion,
  joinInfo,
  readAttempt,
  startAssigned,
  startPractice,
  usePowerUp,
  viewQuestion,
} from './attempts.service';

/** The student's side of assessment (access-and-app-shell.md 2.8, 4.9): practice, assigned quizzes, attempts. */
export const attemptsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['assessment: student'];

  app.get(
    '/assessment/home',
    {
      schema: {
        tags,
        summary:
          'The quizzes home: subjects with their practice banks, the class’s assigned quizzes and tests, the open attempt, recent results',
        response: { 200: AssessmentHomeSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => assessmentHome(deps, request.principal),
  );

  app.post(
    '/assessment/practice',
    {
      schema: {
        tags,
        summary:
          'Start a practice quiz or test of one of the student’s subjects (questions drawn from the published bank)',
        body: StartPracticeSchema,
        response: { 201: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await startPractice(deps, request.principal, request.body)),
  );

  app.get(
    '/assessment/join/:assessmentId',
    {
      schema: {
        tags,
        summary: 'A shared quiz’s join page: what it is and its assignment to the student’s class (null when none)',
        params: AssessmentIdPathSchema,
        response: { 200: JoinInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => joinInfo(deps, request.principal, request.params.assessmentId),
  );

  app.post(
    '/assessment/assignments/:id/attempt',
    {
      schema: {
        tags,
        summary:
          'Start an assigned quiz or test (201), or answer the student’s attempt of it (200: resume, or its result)',
        params: AssignmentIdParamsSchema,
        response: { 200: AttemptSchema, 201: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { attempt, created } = await startAssigned(deps, request.principal, request.params.id);
      return reply.code(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/assessment/attempts/:id',
    {
      schema: {
        tags,
        summary: 'The student’s own attempt, whole, with the server’s clock (finished as time_up when its time is up)',
        params: AttemptIdParamsSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => readAttempt(deps, request.principal, request.params.id),
  );

  app.post(
    '/assessment/attempts/:id/questions/:position/view',
    {
      schema: {
        tags,
        summary: 'A question is shown: its first view starts its clock',
        params: AttemptQuestionParamsSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => viewQuestion(deps, request.principal, request.params.id, request.params.position),
  );

  app.put(
    '/assessment/attempts/:id/questions/:position/answer',
    {
      schema: {
        tags,
        summary:
          'Answer a question (a quiz answer is final and marked at once; a test answer may change until submission)',
        params: AttemptQuestionParamsSchema,
        body: AnswerSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => answerQuestion(deps, request.principal, request.params.id, request.params.position, request.body),
  );

  app.patch(
    '/assessment/attempts/:id/questions/:position',
    {
      schema: {
        tags,
        summary: 'Flag a question to be reviewed, or bookmark it',
        params: AttemptQuestionParamsSchema,
        body: QuestionFlagsSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => flagQuestion(deps, request.principal, request.params.id, request.params.position, request.body),
  );

  app.post(
    '/assessment/attempts/:id/power-ups',
    {
      schema: {
        tags,
        summary: 'Use Timer or 50-50 on a question (each once per attempt)',
        params: AttemptIdParamsSchema,
        body: UsePowerUpSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => usePowerUp(deps, request.principal, request.params.id, request.body),
  );

  app.post(
    '/assessment/attempts/:id/finish',
    {
      schema: {
        tags,
        summary:
          'Submit, abort, or submit on leaving full screen (once; marks and the learning record are written then)',
        params: AttemptIdParamsSchema,
        body: FinishAttemptSchema,
        response: { 200: AttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => finishAttempt(deps, request.principal, request.params.id, request.body.reason),
  );
};
