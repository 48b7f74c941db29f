import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  PostRecordsBodySchema,
  PostRecordsResponseSchema,
  ReindexResponseSchema,
  SchoolIdParamsSchema,
  StudentIdParamsSchema,
  StudentRecordsExportSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { exportSchoolRecords, exportStudentRecords } from './export.service';
import { ingestRecords, reindexStudent } from './records.service';

export const recordsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/records',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['records'],
        summary: 'Upload a batch of the signed-in student’s learning records (idempotent by record id)',
        body: PostRecordsBodySchema,
        response: { 200: PostRecordsResponseSchema, ...errorResponses(400, 401, 403, 413, 503) },
      },
    },
    (request) => ingestRecords(deps, request.principal, request.body.records, request.body.studentId),
  );

  app.post(
    '/students/:id/reindex',
    {
      schema: {
        tags: ['records'],
        summary: 'Rebuild one student’s rollups from their records (staff with the qa role)',
        params: StudentIdParamsSchema,
        response: { 200: ReindexResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => reindexStudent(deps, request.principal, request.params.id),
  );

  app.get(
    '/students/:id/records',
    {
      schema: {
        tags: ['records'],
        summary: 'A student’s learning records as xAPI statements (the student, linked parents, staff in scope)',
        params: StudentIdParamsSchema,
        response: { 200: StudentRecordsExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = await exportStudentRecords(deps, request.principal, request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="student-${request.params.id}-records.json"`)
        .send(body);
    },
  );

  app.get(
    '/schools/:id/records.ndjson',
    {
      schema: {
        tags: ['records'],
        summary: 'All learning records of a school as NDJSON xAPI statements, streamed (its principal)',
        params: SchoolIdParamsSchema,
        produces: ['application/x-ndjson'],
        response: {
          200: z.string().describe('NDJSON: one xAPI statement per line'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { stream, filename } = await exportSchoolRecords(deps, request.principal, request.params.id);
      return (
        reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          // A stream is piped as it is; the response schema only documents it.
          .send(stream as never)
      );
    },
  );
};
