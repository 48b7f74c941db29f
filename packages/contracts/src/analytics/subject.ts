import { z } from 'zod';
import { IdParamSchema } from '../common/ids';
import { lineText } from '../common/text';
import { ScopeQuerySchema } from './analytics';

/** GET /api/v1/analytics/subject: the subject summary, drilled to a chapter or a topic. */
export const SubjectQuerySchema = ScopeQuerySchema.extend({
  grade: z.coerce.number().int().min(1).max(12),
  subjectId: IdParamSchema,
  chapterId: IdParamSchema.optional(),
  topicId: IdParamSchema.optional(),
});
export type SubjectQuery = z.input<typeof SubjectQuerySchema>;

export const SubjectLevelSchema = z.enum(['subject', 'chapter', 'topic']);
export type SubjectLevel = z.infer<typeof SubjectLevelSchema>;

export const SubjectSummarySchema = z.object({
  subject: z.object({ id: z.number(), slug: z.string(), names: z.record(z.string(), z.string()) }),
  level: SubjectLevelSchema,
  /** Students with any record in the subject; with a finished treasure; with a finished topic. */
  counts: z.object({ subjectAttempted: z.number(), chapterCompleted: z.number(), topicCompleted: z.number() }),
  /** Per chapter: students who completed it, as a whole percent of those who attempted the subject. */
  chapterProgress: z.array(
    z.object({ chapterId: z.number(), name: z.string(), completed: z.number(), percent: z.number() }),
  ),
  chapters: z.array(z.object({ chapterId: z.number(), name: z.string() })),
  topics: z.array(z.object({ topicId: z.number(), name: z.string() })),
  /** At chapter level: students of the subject who did not attempt the chapter, completed it, played only topics. */
  chapterCard: z.object({ notAttempted: z.number(), completed: z.number(), onlyTopics: z.number() }).nullable(),
});
export type SubjectSummary = z.infer<typeof SubjectSummarySchema>;

/**
 * GET /api/v1/analytics/subject/chapter-report.csv: the students behind one figure of a chapter's
 * completion card (dashboards.md 2.7; the old chapterwisereport call's actions chapterAttempt,
 * chapterComplete, topicAttempt), with their figures in that chapter.
 */
export const CHAPTER_REPORT_CARDS = ['notAttempted', 'completed', 'onlyTopics'] as const;
export type ChapterReportCard = (typeof CHAPTER_REPORT_CARDS)[number];
export const ChapterReportQuerySchema = ScopeQuerySchema.omit({ subjectId: true }).extend({
  grade: z.coerce.number().int().min(1).max(12),
  /** The chapter names its subject. */
  chapterId: IdParamSchema,
  card: z.enum(CHAPTER_REPORT_CARDS),
});
export type ChapterReportQuery = z.input<typeof ChapterReportQuerySchema>;

export const SubjectStudentsQuerySchema = SubjectQuerySchema.extend({
  search: lineText().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A student at the level shown; chapter and subject columns are null at topic level. */
export const SubjectStudentRowSchema = z.object({
  studentId: z.number(),
  fullName: z.string(),
  grade: z.number().nullable(),
  schoolName: z.string(),
  /** The school's IANA time zone: Last Played Date is a calendar day there. */
  timeZone: z.string(),
  knowledgeWealth: z.number().nullable(),
  knowledgeEfficiency: z.number().nullable(),
  learningEfficiency: z.number(),
  knowledgeCurrency: z.number().nullable(),
  learningCurrency: z.number(),
  chaptersCompleted: z.number().nullable(),
  timeSpentSeconds: z.number(),
  lastPlayedAt: z.string().nullable(),
  lastChapter: z.string().nullable(),
  lastTopic: z.string().nullable(),
});
export type SubjectStudentRow = z.infer<typeof SubjectStudentRowSchema>;

export const SubjectStudentsResponseSchema = z.object({
  level: SubjectLevelSchema,
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The scope spans several schools: the list names each student's school. */
  hasSeveralSchools: z.boolean(),
  rows: z.array(SubjectStudentRowSchema),
});
export type SubjectStudentsResponse = z.infer<typeof SubjectStudentsResponseSchema>;
