import { z } from 'zod';
import { LANGUAGES } from '@ki/domain';
import { IdParamSchema, IdSchema } from '../common/ids';
import {
  ConceptBodySchema,
  EntityTypeSchema,
  ItemStateSchema,
  LanguageNamesSchema,
  QuestionInputSchema,
} from './content';

/**
 * Writes by a content editor. A new item is saved as a draft students cannot see; a change to a
 * published item is kept as a revision until an approver approves it.
 */

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.slug')
  .max(80, 'validation.slug');

/** POST /api/v1/authoring/subjects */
export const CreateSubjectBodySchema = z.strictObject({ names: LanguageNamesSchema, slug: slug.optional() });
/** PUT /api/v1/authoring/subjects/:id */
export const UpdateSubjectBodySchema = z.strictObject({ names: LanguageNamesSchema });

/** POST /api/v1/authoring/chapters: a chapter of one subject for one board and grade. */
export const CreateChapterBodySchema = z.strictObject({
  subjectId: IdSchema,
  boardId: IdSchema,
  grade: z.number().int().min(1).max(12),
  names: LanguageNamesSchema,
  slug: slug.optional(),
});
/** PUT /api/v1/authoring/chapters/:id */
export const UpdateChapterBodySchema = z.strictObject({ names: LanguageNamesSchema });

/** POST /api/v1/authoring/topics */
export const CreateTopicBodySchema = z.strictObject({
  chapterId: IdSchema,
  names: LanguageNamesSchema,
  slug: slug.optional(),
});
/** PUT /api/v1/authoring/topics/:id */
export const UpdateTopicBodySchema = z.strictObject({ names: LanguageNamesSchema });

/** PUT /api/v1/authoring/topics/:id/concepts/:language: writes (or starts) the concept in one language. */
export const ConceptParamsSchema = z.object({
  id: IdParamSchema,
  language: z.enum(LANGUAGES),
});
export const PutConceptBodySchema = z.strictObject(ConceptBodySchema.shape);

/** POST /api/v1/authoring/questions */
export const CreateQuestionBodySchema = QuestionInputSchema.safeExtend({ topicId: IdSchema });
/** PUT /api/v1/authoring/questions/:id */
export const UpdateQuestionBodySchema = QuestionInputSchema;

/**
 * PUT /api/v1/authoring/order: the new order of a chapter's topics, a topic's questions, or the
 * chapters of a subject in one board and grade. Every sibling must be listed exactly once.
 */
export const ReorderBodySchema = z.strictObject({
  parent: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('subject'),
      subjectId: IdSchema,
      boardId: IdSchema,
      grade: z.number().int().min(1).max(12),
    }),
    z.object({ type: z.literal('chapter'), chapterId: IdSchema }),
    z.object({ type: z.literal('topic'), topicId: IdSchema }),
  ]),
  ids: z.array(IdSchema).min(1).max(500),
});
export type ReorderBody = z.infer<typeof ReorderBodySchema>;

/** What a write answers: the item and where it now stands. */
export const SavedItemResponseSchema = z
  .object({ entityType: EntityTypeSchema, id: z.number() })
  .extend(ItemStateSchema.shape);
export type SavedItemResponse = z.infer<typeof SavedItemResponseSchema>;
export const ReorderResponseSchema = z.object({ items: z.array(SavedItemResponseSchema) });
