import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { freeText } from '../common/text';
import { EntityTypeSchema, StoredNamesSchema } from './content';
import { QUESTION_TYPES } from '../learn/subject-bundle';

/** Submitting for review, the review queue, the preview, approving and sending back. */

/** POST /api/v1/authoring/submissions: submit an item with its subtree and unpublished ancestors. */
export const SubmitBodySchema = z.strictObject({ entityType: EntityTypeSchema, entityId: IdSchema });

export const SUBMISSION_STATUSES = ['in_review', 'approved', 'returned'] as const;
export const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

/** One submission as lists show it. */
export const SubmissionSummarySchema = z.object({
  id: z.number(),
  rootType: EntityTypeSchema,
  rootId: z.number(),
  /** Names of the submitted item, its subject, and where it sits. */
  title: StoredNamesSchema,
  subjectNames: StoredNamesSchema,
  boardName: z.string().nullable(),
  grade: z.number().nullable(),
  status: SubmissionStatusSchema,
  submittedBy: z.object({ id: z.number(), name: z.string() }),
  submittedAt: z.string(),
  reviewedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  comment: z.string().nullable(),
  /** How many items of each kind the submission changes. */
  counts: z.object({
    subject: z.number(),
    chapter: z.number(),
    topic: z.number(),
    concept: z.number(),
    question: z.number(),
  }),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummarySchema>;

/** GET /api/v1/authoring/submissions?status= */
export const SubmissionsQuerySchema = z.object({ status: SubmissionStatusSchema.default('in_review') });
export const SubmissionsResponseSchema = z.object({ submissions: z.array(SubmissionSummarySchema) });
export type SubmissionsResponse = z.infer<typeof SubmissionsResponseSchema>;

const Person = z.object({ id: z.number(), name: z.string() }).nullable();
const QuestionShape = z.object({
  type: z.enum(QUESTION_TYPES),
  content: z.record(z.string(), z.object({ text: z.string(), options: z.array(z.string()), solution: z.string() })),
  answer: z.array(z.number()),
  position: z.number(),
});

/** One changed item in a submission: what students would see once approved, and what they see now. */
export const SubmissionItemSchema = z.object({
  revisionId: z.number(),
  entityType: EntityTypeSchema,
  entityId: z.number(),
  action: z.enum(['create', 'update']),
  /** The topic the item belongs to (topics, concepts and questions), for grouping the preview. */
  topicId: z.number().nullable(),
  proposed: z.object({
    names: StoredNamesSchema.optional(),
    position: z.number().optional(),
    language: z.string().optional(),
    body: z.string().optional(),
    question: QuestionShape.optional(),
  }),
  /** The live state, for an update of a published item; null for a new item. */
  current: z
    .object({
      names: StoredNamesSchema.optional(),
      position: z.number().optional(),
      body: z.string().optional(),
      question: QuestionShape.optional(),
    })
    .nullable(),
  audit: z.object({
    createdBy: Person,
    createdAt: z.string(),
    editedBy: Person,
    editedAt: z.string(),
    submittedBy: Person,
    submittedAt: z.string().nullable(),
    approvedBy: Person,
    approvedAt: z.string().nullable(),
    returnedBy: Person,
    returnedAt: z.string().nullable(),
    returnComment: z.string().nullable(),
  }),
});
export type SubmissionItem = z.infer<typeof SubmissionItemSchema>;

/** A problem that stops approval, found by trying the approval without keeping it. */
export const ApprovalBlockerSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

/** GET /api/v1/authoring/submissions/:id: the preview an approver reads. */
export const SubmissionDetailResponseSchema = z.object({
  submission: SubmissionSummarySchema,
  /** Names of the topics the items belong to. */
  topics: z.array(z.object({ id: z.number(), names: StoredNamesSchema })),
  items: z.array(SubmissionItemSchema),
  /** Null when approval would succeed (checked only while the submission is in review). */
  blocker: ApprovalBlockerSchema.nullable(),
  abilities: z.object({ canApprove: z.boolean(), isOwn: z.boolean() }),
});
export type SubmissionDetailResponse = z.infer<typeof SubmissionDetailResponseSchema>;

/** POST /api/v1/authoring/submissions/:id/return: send back with a comment for the editor. */
export const ReturnBodySchema = z.strictObject({
  comment: freeText('validation.textCharacters').min(3, 'validation.commentShort').max(2000, 'validation.commentLong'),
});
export const SubmissionResponseSchema = z.object({ submission: SubmissionSummarySchema });
export type SubmissionResponse = z.infer<typeof SubmissionResponseSchema>;
