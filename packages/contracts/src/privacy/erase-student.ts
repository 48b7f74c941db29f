import { z } from 'zod';
import { freeText, lineText } from '../common/text';
import { ParentalConsentSchema } from '../auth/sign-up';

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

/**
 * A parent's request that the school erase their child's data (issue #27: DPDP Act 2023 s.12, the
 * parent of a child under 18 exercises the child's rights). The school's principal or the chain's
 * super-admin carries it out (POST /students/:id/erasure) or declines it with a reason.
 */
export const ERASURE_REQUEST_STATUSES = ['pending', 'declined', 'erased'] as const;
export const ErasureRequestSchema = z.object({
  id: z.number(),
  status: z.enum(ERASURE_REQUEST_STATUSES),
  requestedAt: z.string(),
  /** The parent who asked, by name. */
  requestedBy: z.string(),
  reason: z.string(),
  decidedAt: z.string().nullable(),
  /** Why the school declined (e.g. records it must keep for board examinations). */
  note: z.string(),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

/** POST /api/v1/students/:id/erasure-requests: a linked parent asks. */
export const ErasureRequestBodySchema = z.object({
  reason: freeText().max(500).default(''),
});
export type ErasureRequestBody = z.infer<typeof ErasureRequestBodySchema>;

/** POST /api/v1/students/:id/erasure-requests/:requestId/decline */
export const DeclineErasureBodySchema = z.object({
  note: freeText().min(5, 'Tell the parent why').max(500),
});
export type DeclineErasureBody = z.infer<typeof DeclineErasureBodySchema>;

export const ErasureRequestParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  requestId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GET /api/v1/students/:id/privacy: what the caller may do with the student's data and the erasure
 * requests they may see (a linked parent and the school's authority see them; others see none).
 */
export const StudentPrivacySchema = z.object({
  /** Download the learning records (GET /students/:id/records): the student, a linked parent, staff over them. */
  canExport: z.boolean(),
  /** Ask the school to erase: a linked parent, while no request is waiting. */
  canRequestErasure: z.boolean(),
  /** Erase (and decline requests): the principal of the student's school, the chain's super-admin. */
  canErase: z.boolean(),
  requests: z.array(ErasureRequestSchema),
  /** The parent's consent, for an account a family made; null for a school's account. */
  consent: ParentalConsentSchema.nullable(),
});
export type StudentPrivacy = z.infer<typeof StudentPrivacySchema>;

/** GET /api/v1/schools/:id/erasure-requests: requests waiting for the school, oldest first. */
export const SchoolErasureRequestsSchema = z.object({
  schoolId: z.number(),
  requests: z.array(
    ErasureRequestSchema.extend({ studentId: z.number(), studentName: z.string(), grade: z.number().nullable() }),
  ),
});
export type SchoolErasureRequests = z.infer<typeof SchoolErasureRequestsSchema>;
