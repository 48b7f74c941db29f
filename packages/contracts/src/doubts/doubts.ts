import { z } from 'zod';
import { freeText } from '../common/text';

/**
 * Doubts (issue #26; access-and-app-shell.md 2.1 /doubts and /ask-doubts): a student asks about a
 * topic of their grade (text, optionally a picture); the teachers whose assignment covers the
 * student's school, grade and the topic's subject (and the school's principal) answer; the student
 * is told on their home and in /ask-doubts. Open and answered lists for both sides.
 */
export const DOUBT_TEXT_MIN = 10;
export const DOUBT_TEXT_MAX = 1000;
export const DOUBT_ANSWER_MAX = 2000;
/** A doubt's picture: PNG, JPEG or WebP (the type read from its bytes), at most 2 MB. */
export const DOUBT_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const DOUBT_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Doubts one student may ask in an hour. */
export const DOUBTS_PER_HOUR = 10;
/** A staff list page. */
export const DOUBTS_PAGE = 30;

export const DOUBT_TEXT_SHORT = 'Write your doubt in at least 10 characters';
export const DOUBT_ANSWER_REQUIRED = 'Please write an answer';

export const DoubtStatusSchema = z.enum(['open', 'answered']);
export type DoubtStatus = z.infer<typeof DoubtStatusSchema>;

/** POST /api/v1/doubts (a student): a doubt about one topic of their grade. */
export const AskDoubtBodySchema = z.strictObject({
  topicId: z.number().int().positive(),
  text: freeText().min(DOUBT_TEXT_MIN, DOUBT_TEXT_SHORT).max(DOUBT_TEXT_MAX),
});
export type AskDoubtBody = z.input<typeof AskDoubtBodySchema>;

/** POST /api/v1/doubts/:id/answers (a teacher of the student's class, or the school's principal). */
export const AnswerDoubtBodySchema = z.strictObject({
  text: freeText().min(1, DOUBT_ANSWER_REQUIRED).max(DOUBT_ANSWER_MAX),
});
export type AnswerDoubtBody = z.input<typeof AnswerDoubtBodySchema>;

export const DoubtIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** GET /api/v1/doubts (staff): one status, newest first, DOUBTS_PAGE a page; `before` is the last id of the page before. */
export const DoubtsQuerySchema = z.object({
  status: DoubtStatusSchema.default('open'),
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
});

export const DoubtAnswerSchema = z.object({
  id: z.number(),
  text: z.string(),
  /** The teacher's (or principal's) name; '' once their account is gone. */
  by: z.string(),
  at: z.string(),
});

export const DoubtSchema = z.object({
  id: z.number(),
  status: DoubtStatusSchema,
  text: z.string(),
  /** A picture is attached: GET /api/v1/doubts/:id/picture. */
  hasPicture: z.boolean(),
  askedAt: z.string(),
  subject: z.object({ slug: z.string(), name: z.string(), theme: z.string() }),
  chapter: z.object({ slug: z.string(), name: z.string() }),
  topic: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  /** Who asked (staff lists); null in the student's own list. */
  student: z.object({ id: z.number(), name: z.string(), grade: z.number(), section: z.string() }).nullable(),
  answers: z.array(DoubtAnswerSchema),
  /** For the student: whether they have seen the latest answer (POST /me/doubts/seen). */
  answerSeen: z.boolean(),
  /** For staff: whether the caller may answer it. */
  canAnswer: z.boolean(),
});
export type Doubt = z.infer<typeof DoubtSchema>;

/** GET /api/v1/doubts (staff). */
export const DoubtsPageSchema = z.object({
  doubts: z.array(DoubtSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().nullable(),
});
export type DoubtsPage = z.infer<typeof DoubtsPageSchema>;

/** GET /api/v1/me/doubts (a student): their doubts, newest first (the latest 100), and answers not seen yet. */
export const MyDoubtsSchema = z.object({
  doubts: z.array(DoubtSchema),
  unseenAnswers: z.number(),
});
export type MyDoubts = z.infer<typeof MyDoubtsSchema>;
