import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChapterReportQuerySchema,
  errorResponses,
  GradeQuerySchema,
  GradeResponseSchema,
  InsightsResponseSchema,
  OverviewResponseSchema,
  ScopeQuerySchema,
  StudentsQuerySchema,
  StudentsResponseSchema,
  SubjectQuerySchema,
  SubjectStudentsQuerySchema,
  SubjectStudentsResponseSchema,
  SubjectSummarySchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { contentLanguage } from '../../plugins/content-language';
import * as analytics from './analytics.service';
import * as subjects from './subject.service';

const errors = errorResponses(400, 401, 403);
const errorsWith404 = errorResponses(400, 401, 403, 404);

export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/analytics/overview',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Registered, active and inactive students; per grade with average score',
        querystring: ScopeQuerySchema,
        response: { 200: OverviewResponseSchema, ...errors },
      },
    },
    (request) => analytics.overview(deps, request.principal, request.query),
  );
  app.get(
    '/analytics/grade',
    {
      schema: {
        tags: ['analytics'],
        summary: 'One grade: students, score distribution, subjects',
        querystring: GradeQuerySchema,
        response: { 200: GradeResponseSchema, ...errors },
      },
    },
    (request) => analytics.gradeDetail(deps, request.principal, request.query),
  );
  app.get(
    '/analytics/students',
    {
      schema: {
        tags: ['analytics'],
        summary: 'A page of students by category, band or name search',
        querystring: StudentsQuerySchema,
        response: { 200: StudentsResponseSchema, ...errors },
      },
    },
    (request) => analytics.students(deps, request.principal, request.query, contentLanguage(request.headers)),
  );
  app.get(
    '/analytics/students.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The same students as CSV (UTF-8 with BOM), streamed',
        querystring: StudentsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...errors },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await analytics.studentsCsv(
        deps,
        request.principal,
        request.query,
        contentLanguage(request.headers),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
  app.get(
    '/analytics/insights',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Grades with most 90-100, most below 50, most inactive; toppers',
        querystring: ScopeQuerySchema,
        response: { 200: InsightsResponseSchema, ...errors },
      },
    },
    (request) => analytics.insights(deps, request.principal, request.query),
  );
  app.get(
    '/analytics/subject',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Subject summary, drilled to a chapter or topic: counts, chapter-wise progress, chapters, topics',
        querystring: SubjectQuerySchema,
        response: { 200: SubjectSummarySchema, ...errorsWith404 },
      },
    },
    (request) => subjects.subjectSummary(deps, request.principal, request.query, contentLanguage(request.headers)),
  );
  app.get(
    '/analytics/subject/students',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Students of the subject, chapter or topic shown, 10 a page',
        querystring: SubjectStudentsQuerySchema,
        response: { 200: SubjectStudentsResponseSchema, ...errorsWith404 },
      },
    },
    (request) => subjects.subjectStudents(deps, request.principal, request.query, contentLanguage(request.headers)),
  );
  app.get(
    '/analytics/subject/students.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The same students as CSV (UTF-8 with BOM), streamed',
        querystring: SubjectStudentsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...errorsWith404 },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await subjects.subjectStudentsCsv(
        deps,
        request.principal,
        request.query,
        contentLanguage(request.headers),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
  app.get(
    '/analytics/subject/chapter-report.csv',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Chapter-wise report: the students behind one figure of the chapter completion card, as CSV (UTF-8 with BOM)',
        querystring: ChapterReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...errorsWith404 },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await subjects.chapterReportCsv(
        deps,
        request.principal,
        request.query,
        contentLanguage(request.headers),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
};
