import { z } from 'zod';
import { IdParamSchema } from '../common/ids';
import { ItemStateSchema, StoredNamesSchema } from './content';
import { QUESTION_TYPES } from '../learn/subject-bundle';

/**
 * Reading the curriculum as editors and approvers see it: every status, each item shown with its
 * unapproved changes (the "effective" state) and where it stands in the workflow.
 */

/** GET /api/v1/authoring/catalog: boards, grades and subjects to browse. */
export const AuthoringCatalogResponseSchema = z.object({
  boards: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  grades: z.array(z.number()),
  subjects: z.array(
    z
      .object({ id: z.number(), slug: z.string(), names: StoredNamesSchema, theme: z.string() })
      .extend(ItemStateSchema.shape),
  ),
  /** What the caller may do: the screens hide the rest (the server checks every request anyway). */
  abilities: z.object({ canEdit: z.boolean(), canApprove: z.boolean() }),
});
export type AuthoringCatalogResponse = z.infer<typeof AuthoringCatalogResponseSchema>;

/** GET /api/v1/authoring/chapters?boardId=&grade=: the chapters of a board and grade, every subject. */
export const AuthoringChaptersQuerySchema = z.object({
  boardId: IdParamSchema,
  grade: z.coerce.number().int().min(1).max(12),
});
export const AuthoringChapterSummarySchema = z
  .object({
    id: z.number(),
    subjectId: z.number(),
    slug: z.string(),
    names: StoredNamesSchema,
    position: z.number(),
    topics: z.number(),
  })
  .extend(ItemStateSchema.shape);
export const AuthoringChaptersResponseSchema = z.object({ chapters: z.array(AuthoringChapterSummarySchema) });
export type AuthoringChaptersResponse = z.infer<typeof AuthoringChaptersResponseSchema>;

const CompletenessSchema = z.array(
  z.object({ language: z.string(), done: z.number(), total: z.number(), complete: z.boolean() }),
);
const ReadinessSchema = z.object({
  autoMarkableQuestions: z.number(),
  hasEnglishConcept: z.boolean(),
  neededQuestions: z.number(),
  ready: z.boolean(),
  problems: z.array(z.enum(['questions', 'concept_en'])),
});

/** GET /api/v1/authoring/chapters/:id: a chapter with its topics. */
export const AuthoringChapterResponseSchema = z.object({
  chapter: AuthoringChapterSummarySchema.extend({
    boardId: z.number(),
    boardName: z.string(),
    grade: z.number(),
    subjectNames: StoredNamesSchema,
  }),
  topics: z.array(
    z
      .object({
        id: z.number(),
        slug: z.string(),
        names: StoredNamesSchema,
        position: z.number(),
        questions: z.number(),
        readiness: ReadinessSchema,
      })
      .extend(ItemStateSchema.shape),
  ),
});
export type AuthoringChapterResponse = z.infer<typeof AuthoringChapterResponseSchema>;

export const AuthoringQuestionSchema = z
  .object({
    id: z.number(),
    type: z.enum(QUESTION_TYPES),
    position: z.number(),
    content: z.record(z.string(), z.object({ text: z.string(), options: z.array(z.string()), solution: z.string() })),
    answer: z.array(z.number()),
  })
  .extend(ItemStateSchema.shape);
export type AuthoringQuestion = z.infer<typeof AuthoringQuestionSchema>;

/** GET /api/v1/authoring/topics/:id: a topic with its concepts and questions, as the editor works on them. */
export const AuthoringTopicResponseSchema = z.object({
  topic: z
    .object({
      id: z.number(),
      slug: z.string(),
      names: StoredNamesSchema,
      position: z.number(),
      chapterId: z.number(),
      chapterNames: StoredNamesSchema,
      subjectNames: StoredNamesSchema,
      boardName: z.string(),
      grade: z.number(),
    })
    .extend(ItemStateSchema.shape),
  concepts: z.array(z.object({ id: z.number(), language: z.string(), body: z.string() }).extend(ItemStateSchema.shape)),
  questions: z.array(AuthoringQuestionSchema),
  /** Whether the topic could be published once everything shown here is approved. */
  readiness: ReadinessSchema,
  completeness: CompletenessSchema,
});
export type AuthoringTopicResponse = z.infer<typeof AuthoringTopicResponseSchema>;
