import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  ReportDetailParamsSchema,
  ReportDetailSchema,
  ReportsQuerySchema,
  ReportsResponseSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import * as reports from './reports.service';

const tags = ['assessment'];
const csv = {
  produces: ['text/csv'],
  response: { 200: z.string().describe('CSV with a header row'), ...errorResponses(400, 401, 403, 404) },
};

/** /reports and /report-details, each table with its CSV. */
export const assessmentReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/assessment/reports',
    {
      schema: {
        tags,
        summary:
          'One row per assignment open during the days from..to (the school’s days), by class; quiz name, type, participants, accuracy',
        querystring: ReportsQuerySchema,
        response: { 200: ReportsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => reports.reports(deps, request.principal, request.query),
  );
  app.get(
    '/assessment/reports.csv',
    { schema: { tags, summary: 'The same rows as CSV (UTF-8 with BOM)', querystring: ReportsQuerySchema, ...csv } },
    async (request, reply) => {
      const { stream, fileName } = await reports.reportsCsv(deps, request.principal, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
  app.get(
    '/assessment/reports/:assignmentId',
    {
      schema: {
        tags,
        summary:
          'One assignment: every student of its class and every question with facility, discrimination and wrong options',
        params: ReportDetailParamsSchema,
        response: { 200: ReportDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => reports.reportDetail(deps, request.principal, request.params.assignmentId),
  );
  app.get(
    '/assessment/reports/:assignmentId/students.csv',
    {
      schema: {
        tags,
        summary: 'The per-student table as CSV (UTF-8 with BOM)',
        params: ReportDetailParamsSchema,
        ...csv,
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await reports.reportStudentsCsv(
        deps,
        request.principal,
        request.params.assignmentId,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
  app.get(
    '/assessment/reports/:assignmentId/questions.csv',
    {
      schema: {
        tags,
        summary: 'The per-question table as CSV (UTF-8 with BOM)',
        params: ReportDetailParamsSchema,
        ...csv,
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await reports.reportQuestionsCsv(
        deps,
        request.principal,
        request.params.assignmentId,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
};
