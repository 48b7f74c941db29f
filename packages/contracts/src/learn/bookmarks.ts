import { z } from 'zod';
import { IdParamSchema } from '../common/ids';

/** A bookmarked concept: the topic whose concept the student saved. */
export const ConceptBookmarkSchema = z.object({
  topicId: z.number(),
  topicSlug: z.string(),
  topicName: z.string(),
  chapterSlug: z.string(),
  chapterName: z.string(),
  subjectSlug: z.string(),
  subjectName: z.string(),
  createdAt: z.string(),
});
export const QuestionBookmarkSchema = z.object({
  questionId: z.number(),
  text: z.string(),
  options: z.array(z.string()),
  answer: z.array(z.number()),
  solution: z.string(),
  topicSlug: z.string(),
  topicName: z.string(),
  chapterSlug: z.string(),
  subjectSlug: z.string(),
  subjectName: z.string(),
  createdAt: z.string(),
});
export type ConceptBookmark = z.infer<typeof ConceptBookmarkSchema>;
export type QuestionBookmark = z.infer<typeof QuestionBookmarkSchema>;

/** GET /api/v1/bookmarks?subject=: the signed-in student's bookmarks, newest first. */
export const BookmarksQuerySchema = z.object({
  subject: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional(),
});
export const BookmarksResponseSchema = z.object({
  concepts: z.array(ConceptBookmarkSchema),
  questions: z.array(QuestionBookmarkSchema),
});
export type BookmarksResponse = z.infer<typeof BookmarksResponseSchema>;

/** PUT / DELETE /api/v1/bookmarks/concepts/:id (topic id) and /api/v1/bookmarks/questions/:id. */
export const BookmarkIdParamsSchema = z.object({ id: IdParamSchema });
export const BookmarkStateSchema = z.object({ id: z.number(), bookmarked: z.boolean() });
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;
