import { z } from 'zod';
import { IdParamSchema } from '../common/ids';

export const StudentIdParamsSchema = z.object({ id: IdParamSchema });
export const SchoolIdParamsSchema = z.object({ id: IdParamSchema });

/** POST /api/v1/students/:id/reindex */
export const ReindexResponseSchema = z.object({ studentId: z.number(), records: z.number(), rebuiltAt: z.string() });
export type ReindexResponse = z.infer<typeof ReindexResponseSchema>;

/** One learning record as an xAPI statement (https://github.com/adlnet/xAPI-Spec). */
export const XapiStatementSchema = z.object({
  id: z.string(),
  actor: z.object({
    objectType: z.literal('Agent'),
    name: z.string(),
    account: z.object({ homePage: z.string(), name: z.string() }),
  }),
  verb: z.object({ id: z.string(), display: z.record(z.string(), z.string()) }),
  object: z.object({
    objectType: z.literal('Activity'),
    id: z.string(),
    definition: z.object({
      name: z.record(z.string(), z.string()),
      type: z.string(),
      extensions: z.record(z.string(), z.unknown()),
    }),
  }),
  result: z.object({
    completion: z.boolean(),
    score: z.object({ raw: z.number(), min: z.number(), max: z.number(), scaled: z.number() }),
    duration: z.string(),
    extensions: z.record(z.string(), z.unknown()),
  }),
  context: z.object({ platform: z.string(), extensions: z.record(z.string(), z.unknown()) }),
  timestamp: z.string(),
  stored: z.string(),
});
export type XapiStatement = z.infer<typeof XapiStatementSchema>;

/** GET /api/v1/students/:id/records */
export const StudentRecordsExportSchema = z.object({
  student: z.object({ id: z.number(), name: z.string() }),
  exportedAt: z.string(),
  statements: z.array(XapiStatementSchema),
});
export type StudentRecordsExport = z.infer<typeof StudentRecordsExportSchema>;
