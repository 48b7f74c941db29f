import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { MAX_RECORDS_PER_BATCH } from '../values';

/** Questions of one topic game, revise session or treasure (scoring-and-metrics.md: N = 10). */
export const QUESTIONS_PER_GAME = 10;
export const RECORD_KINDS = ['topic', 'treasure', 'revise', 'quiz', 'test', 'challenge'] as const;
export type RecordKindName = (typeof RECORD_KINDS)[number];

export const RecordAnswerSchema = z.object({
  questionId: IdSchema,
  /** Indexes of the chosen options; null or [] when the question was not answered. */
  chosen: z.array(z.number().int().min(0).max(9)).max(10).nullable(),
  /** Seconds the student took on this question. */
  seconds: z.number().min(0).max(3600),
});

/**
 * One finished activity as the learner app queues it. A correctness flag is deliberately absent:
 * the server marks every chosen answer against the answer key itself.
 */
export const RecordInputSchema = z
  .object({
    /** Client-generated UUID: the idempotency key of offline uploads. */
    id: z.uuid(),
    kind: z.enum(RECORD_KINDS),
    chapterId: IdSchema,
    /** Required for topic games; absent for chapter-level activities. */
    topicId: IdSchema.nullable().optional(),
    startedAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }),
    answers: z.array(RecordAnswerSchema).min(1).max(50),
  })
  .meta({ id: 'RecordInput' });
export type RecordInput = z.infer<typeof RecordInputSchema>;

export const PostRecordsBodySchema = z.object({
  /** Each element is checked on its own against RecordInput: one bad record never blocks the rest. */
  records: z.array(z.unknown()).min(1).max(MAX_RECORDS_PER_BATCH).describe('RecordInput objects, 1 to 500'),
  /**
   * The student who played these records, as the device knows it. When given and not the signed-in
   * student, the whole batch is refused (403): a queue must never be stored under another account.
   */
  studentId: IdSchema.optional(),
});

/** Why a record was not stored. The client drops rejected records from its queue and reports them. */
export const RECORD_REJECTION_CODES = [
  'INVALID_RECORD',
  'UNKNOWN_CHAPTER',
  'UNKNOWN_TOPIC',
  'TOPIC_REQUIRED',
  'WRONG_GRADE',
  'FUTURE_TIMESTAMP',
  'BEFORE_ENROLMENT',
  'DURATION_IMPLAUSIBLE',
  'QUESTION_COUNT_MISMATCH',
  'UNKNOWN_QUESTION',
  'DUPLICATE_QUESTION',
  'DUPLICATE_IN_BATCH',
  /** The answered seconds do not fit the record's duration, or claim less than 1 s a question. */
  'SECONDS_IMPLAUSIBLE',
  /** A treasure before every topic of its chapter has a game. */
  'ACTIVITY_LOCKED',
  /** More games finishing within one hour than anyone can play (docs/DECISIONS.md). */
  'TOO_MANY_GAMES',
  /** The id belongs to another student's record: ids are the device's, per student. */
  'ID_CONFLICT',
  /**
   * A quiz, test or challenge record: the server writes these when an attempt finishes (it timed and
   * marked the attempt), so a device's would be marks nobody earned (docs/DECISIONS.md "Assessment").
   */
  'SERVER_WRITTEN_KIND',
] as const;
/** Record kinds only the server writes (from a finished assessment attempt): devices upload the games. */
export const SERVER_WRITTEN_RECORD_KINDS: readonly RecordKindName[] = ['quiz', 'test', 'challenge'];
export type RecordRejectionCode = (typeof RECORD_REJECTION_CODES)[number];

export const PostRecordsResponseSchema = z.object({
  /** Newly stored. */
  stored: z.array(z.string()),
  /** Already stored earlier (a retried upload): safe to mark as saved. */
  duplicates: z.array(z.string()),
  rejected: z.array(
    z.object({
      index: z.number().int(),
      id: z.string().nullable(),
      code: z.enum(RECORD_REJECTION_CODES),
      message: z.string(),
    }),
  ),
  /**
   * The server's marking of every stored and duplicate record, so the device can confirm the
   * figures it showed offline (learning currency of a topic game, percent of a treasure).
   */
  marked: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(RECORD_KINDS),
      answered: z.number(),
      correct: z.number(),
      learningCurrency: z.number().nullable(),
      learningEfficiency: z.number().nullable(),
      percent: z.number().nullable(),
    }),
  ),
});
export type PostRecordsResponse = z.infer<typeof PostRecordsResponseSchema>;
