import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthoringCatalogResponseSchema,
  AuthoringChapterResponseSchema,
  AuthoringChaptersQuerySchema,
  AuthoringChaptersResponseSchema,
  AuthoringTopicResponseSchema,
  ConceptParamsSchema,
  CreateChapterBodySchema,
  CreateQuestionBodySchema,
  CreateSubjectBodySchema,
  CreateTopicBodySchema,
  errorResponses,
  IdParamsSchema,
  PutConceptBodySchema,
  ReorderBodySchema,
  ReorderResponseSchema,
  ReturnBodySchema,
  SavedItemResponseSchema,
  SubmissionDetailResponseSchema,
  SubmissionResponseSchema,
  SubmissionsQuerySchema,
  SubmissionsResponseSchema,
  SubmitBodySchema,
  UpdateChapterBodySchema,
  UpdateQuestionBodySchema,
  UpdateSubjectBodySchema,
  UpdateTopicBodySchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { authorizeReadAuthoring } from '../../policy/policy';
import * as edits from './authoring-edits.service';
import * as review from './authoring-review.service';
import * as submissions from './authoring-submissions.service';
import * as tree from './authoring-tree.service';

const tags = ['authoring'];
const read = errorResponses(400, 401, 403, 404);
const write = { 200: SavedItemResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };

/** Content authoring and approval: content editors write, content approvers decide. */
export const authoringRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Before body validation: anyone but the content roles learns nothing about these routes but 403.
  app.addHook('preValidation', async (request) => {
    authorizeReadAuthoring(request.principal);
  });
  app.get(
    '/authoring/catalog',
    {
      schema: {
        tags,
        summary: 'Boards, grades and subjects to author',
        response: { ...read, 200: AuthoringCatalogResponseSchema },
      },
    },
    (request) => tree.catalog(deps, request.principal),
  );
  app.get(
    '/authoring/chapters',
    {
      schema: {
        tags,
        summary: 'Chapters of a board and grade in every status, with unapproved changes',
        querystring: AuthoringChaptersQuerySchema,
        response: { ...read, 200: AuthoringChaptersResponseSchema },
      },
    },
    (request) => tree.listChapters(deps, request.principal, request.query.boardId, request.query.grade),
  );
  app.get(
    '/authoring/chapters/:id',
    {
      schema: {
        tags,
        summary: 'A chapter with its topics and their readiness',
        params: IdParamsSchema,
        response: { ...read, 200: AuthoringChapterResponseSchema },
      },
    },
    (request) => tree.getChapter(deps, request.principal, request.params.id),
  );
  app.get(
    '/authoring/topics/:id',
    {
      schema: {
        tags,
        summary: 'A topic with its concepts and questions, readiness and language completeness',
        params: IdParamsSchema,
        response: { ...read, 200: AuthoringTopicResponseSchema },
      },
    },
    (request) => tree.getTopic(deps, request.principal, request.params.id),
  );

  app.post(
    '/authoring/subjects',
    { schema: { tags, summary: 'Create a subject (a draft)', body: CreateSubjectBodySchema, response: write } },
    (request) => edits.createSubject(deps, request.principal, request.body),
  );
  app.put(
    '/authoring/subjects/:id',
    {
      schema: {
        tags,
        summary: 'Change a subject’s names',
        params: IdParamsSchema,
        body: UpdateSubjectBodySchema,
        response: write,
      },
    },
    (request) => edits.rename(deps, request.principal, 'subject', request.params.id, request.body),
  );
  app.post(
    '/authoring/chapters',
    {
      schema: {
        tags,
        summary: 'Create a chapter of a subject for a board and grade (a draft)',
        body: CreateChapterBodySchema,
        response: write,
      },
    },
    (request) => edits.createChapter(deps, request.principal, request.body),
  );
  app.put(
    '/authoring/chapters/:id',
    {
      schema: {
        tags,
        summary: 'Change a chapter’s names',
        params: IdParamsSchema,
        body: UpdateChapterBodySchema,
        response: write,
      },
    },
    (request) => edits.rename(deps, request.principal, 'chapter', request.params.id, request.body),
  );
  app.post(
    '/authoring/topics',
    {
      schema: { tags, summary: 'Create a topic in a chapter (a draft)', body: CreateTopicBodySchema, response: write },
    },
    (request) => edits.createTopic(deps, request.principal, request.body),
  );
  app.put(
    '/authoring/topics/:id',
    {
      schema: {
        tags,
        summary: 'Change a topic’s names',
        params: IdParamsSchema,
        body: UpdateTopicBodySchema,
        response: write,
      },
    },
    (request) => edits.rename(deps, request.principal, 'topic', request.params.id, request.body),
  );
  app.put(
    '/authoring/topics/:id/concepts/:language',
    {
      schema: {
        tags,
        summary: 'Write a topic’s concept in one language',
        params: ConceptParamsSchema,
        body: PutConceptBodySchema,
        response: write,
      },
    },
    (request) => edits.putConcept(deps, request.principal, request.params.id, request.params.language, request.body),
  );
  app.post(
    '/authoring/questions',
    {
      schema: {
        tags,
        summary: 'Create a question in a topic (a draft)',
        body: CreateQuestionBodySchema,
        response: write,
      },
    },
    (request) => edits.saveQuestion(deps, request.principal, { topicId: request.body.topicId }, request.body),
  );
  app.put(
    '/authoring/questions/:id',
    {
      schema: {
        tags,
        summary: 'Change a question',
        params: IdParamsSchema,
        body: UpdateQuestionBodySchema,
        response: write,
      },
    },
    (request) => edits.saveQuestion(deps, request.principal, { questionId: request.params.id }, request.body),
  );
  app.put(
    '/authoring/order',
    {
      schema: {
        tags,
        summary: 'Reorder chapters, topics or questions',
        body: ReorderBodySchema,
        response: { 200: ReorderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => edits.reorder(deps, request.principal, request.body),
  );

  app.post(
    '/authoring/submissions',
    {
      schema: {
        tags,
        summary: 'Submit an item, its unapproved subtree and unpublished parents for review',
        body: SubmitBodySchema,
        response: { 200: SubmissionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => review.submit(deps, request.principal, request.body),
  );
  app.get(
    '/authoring/submissions',
    {
      schema: {
        tags,
        summary: 'The review queue (or decided submissions)',
        querystring: SubmissionsQuerySchema,
        response: { ...read, 200: SubmissionsResponseSchema },
      },
    },
    (request) => submissions.listSubmissions(deps, request.principal, request.query.status),
  );
  app.get(
    '/authoring/submissions/:id',
    {
      schema: {
        tags,
        summary: 'A submission to review: every change, as students would see it, and what would stop approval',
        params: IdParamsSchema,
        response: { ...read, 200: SubmissionDetailResponseSchema },
      },
    },
    (request) => submissions.getSubmission(deps, request.principal, request.params.id),
  );
  app.post(
    '/authoring/submissions/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve: publish every change of the submission at once',
        params: IdParamsSchema,
        response: { 200: SubmissionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => review.approve(deps, request.principal, request.params.id),
  );
  app.post(
    '/authoring/submissions/:id/return',
    {
      schema: {
        tags,
        summary: 'Send back to the editors with a comment',
        params: IdParamsSchema,
        body: ReturnBodySchema,
        response: { 200: SubmissionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => review.sendBack(deps, request.principal, request.params.id, request.body.comment),
  );
};
