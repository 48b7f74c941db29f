import { z } from 'zod';
import { freeText, lineText } from '../common/text';

/**
 * POST /api/v1/students/:id/erasure: erase every piece of a student's data on request (the student's
 * or a parent's request, carried out by the school). Irreversible; the reason is kept in the log.
 */
export const EraseStudentBodySchema = z.object({
  /** Why, e.g. "Parent's written request of 20 Nov 2026": kept in the erasure log. */
  reason: freeText().min(5, 'Say why the data is erased').max(500),
  /** The student's full name as shown, typed again: erasure cannot be undone. */
  confirmName: lineText().min(1).max(200),
});
export type EraseStudentBody = z.infer<typeof EraseStudentBodySchema>;

export const EraseStudentResponseSchema = z.object({
  studentId: z.number(),
  erasedAt: z.string(),
  /** Learning records deleted with the account. */
  records: z.number(),
});
export type EraseStudentResponse = z.infer<typeof EraseStudentResponseSchema>;
