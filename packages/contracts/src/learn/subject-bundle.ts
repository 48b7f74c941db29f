import { LANGUAGES, QUESTION_TYPES, type QuestionType } from '@ki/domain';
import { z } from 'zod';

/**
 * GET /api/v1/learn/subjects/:slug/bundle: everything the learner app needs to play a subject
 * offline, in the student's language (English where a text has no translation: each text says which
 * language it is in, so the app can say "not yet available in ..."). Only published
 * chapters, topics, concepts and questions. The answer key and solutions are included so the app
 * gives instant feedback offline; the server still marks every uploaded record itself.
 *
 * Cacheable: the response carries an ETag (= `version`); a request with If-None-Match answers 304
 * when nothing changed, so a device refetches only changed content.
 */
// The list lives in @ki/domain (scoring rules and the server's table types use it too).
export { QUESTION_TYPES };
export type QuestionTypeName = QuestionType;

export const BundleQuestionSchema = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  /** Indexes of the correct options; empty for open-ended questions. */
  answer: z.array(z.number()),
  solution: z.string(),
  /** The language of text, options and solution: the student's, or English when not translated. */
  language: z.enum(LANGUAGES),
});
export type BundleQuestion = z.infer<typeof BundleQuestionSchema>;

export const BundleTopicSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  /** The language of `name`: the student's, or English when not translated. */
  nameLanguage: z.enum(LANGUAGES),
  /** The concept text; null when the topic has no published concept. */
  concept: z.object({ language: z.string(), body: z.string() }).nullable(),
  questions: z.array(BundleQuestionSchema),
});
export type BundleTopic = z.infer<typeof BundleTopicSchema>;

export const BundleChapterSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  nameLanguage: z.enum(LANGUAGES),
  topics: z.array(BundleTopicSchema),
});
export type BundleChapter = z.infer<typeof BundleChapterSchema>;

export const SubjectBundleSchema = z
  .object({
    /** Content version: changes whenever anything served here changes. Also the ETag. */
    version: z.string(),
    /** The student's language (users.language) the bundle was made for. */
    language: z.enum(LANGUAGES),
    subject: z.object({
      id: z.number(),
      slug: z.string(),
      name: z.string(),
      nameLanguage: z.enum(LANGUAGES),
      theme: z.string(),
    }),
    chapters: z.array(BundleChapterSchema),
  })
  .meta({ id: 'SubjectBundle' });
export type SubjectBundle = z.infer<typeof SubjectBundleSchema>;
