import { QUESTION_TYPES } from '@ki/domain';
import { z } from 'zod';
import { IdParamSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';
import { ASSESSMENT_KINDS } from './authoring';

/**
 * Marking and reports (access-and-app-shell.md 2.8 "reports filtered by date and class", 3 "Report
 * rows: quiz name, type, participants, accuracy"): /reports and /report-details. Principals see their
 * school's, teachers their classes'. Facility, discrimination and wrong options follow
 * packages/domain/src/item-analysis.ts.
 */

/** GET /assessment/marking: open-ended answers of the caller's classes waiting for marks. */
export const MarkingQueueSchema = z.object({
  items: z.array(
    z.object({
      attemptId: z.string(),
      position: z.number(),
      assessmentId: z.number(),
      assessmentName: z.string(),
      studentId: z.number(),
      studentName: z.string(),
      grade: z.number(),
      section: z.string(),
      questionText: z.string(),
      solution: z.string(),
      textAnswer: z.string(),
      answeredAt: z.string(),
    }),
  ),
});
export type MarkingQueue = z.infer<typeof MarkingQueueSchema>;
export const MarkAnswerParamsSchema = z.object({
  attemptId: z.uuid(),
  position: z.coerce.number().int().min(1).max(100),
});
/** PUT /assessment/marking/:attemptId/:position: 0-200 with a comment. */
export const MarkAnswerSchema = z.object({
  marks: z.number().int().min(0).max(200),
  comment: freeText().max(2000).default(''),
});

/** GET /assessment/reports?from&to&schoolId&grade&section: one row per assignment in the range. */
export const ReportsQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  schoolId: IdParamSchema.optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
  section: lineText().min(1).max(10).optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;
export const ReportRowSchema = z.object({
  assignmentId: z.number(),
  assessmentId: z.number(),
  name: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  schoolName: z.string(),
  grade: z.number(),
  section: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Students who finished an attempt. */
  participants: z.number(),
  /** Students of the class the assignment was for. */
  classSize: z.number(),
  /** Percent of answered auto-marked questions that were right, over all finished attempts; null with none. */
  accuracy: z.number().nullable(),
  averageMarks: z.number().nullable(),
  maxMarks: z.number(),
});
export const ReportsResponseSchema = z.object({ rows: z.array(ReportRowSchema) });
export type ReportsResponse = z.infer<typeof ReportsResponseSchema>;

/** GET /assessment/reports/:assignmentId: per student and per question. */
export const ReportDetailParamsSchema = z.object({ assignmentId: IdParamSchema });
export const ReportDetailSchema = z.object({
  row: ReportRowSchema,
  students: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      section: z.string(),
      attemptId: z.string().nullable(),
      /** not_started, in_progress, finished. */
      state: z.enum(['not_started', 'in_progress', 'finished']),
      finishReason: z.string().nullable(),
      marks: z.number().nullable(),
      correct: z.number(),
      answered: z.number(),
      /** Server-timed seconds over all answers. */
      seconds: z.number(),
      awaitingMarking: z.number(),
    }),
  ),
  questions: z.array(
    z.object({
      position: z.number(),
      type: z.enum(QUESTION_TYPES),
      text: z.string(),
      options: z.array(z.string()),
      answer: z.array(z.number()),
      attempts: z.number(),
      /**
       * Share of the counted responses that were right (0-1): item-analysis.ts's facility / 100. An
       * open-ended answer counts marks / 200 once marked and is left out until then; null when no
       * response counts.
       */
      facility: z.number().nullable(),
      /** Upper 27 % facility minus lower 27 % facility (-1..1); null when too few attempts. */
      discrimination: z.number().nullable(),
      /** How often each option was chosen wrongly, by option index. */
      wrongOptions: z.array(z.object({ option: z.number(), count: z.number() })),
    }),
  ),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;
