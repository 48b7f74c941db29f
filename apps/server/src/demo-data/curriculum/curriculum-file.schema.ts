import { z } from 'zod';

/**
 * Shape of one curriculum source file: apps/server/src/demo-data/curriculum/<subject>/grade-NN.json.
 * The demo-data generator loads these into subjects, chapters, topics, concepts and questions.
 * Content is NCERT-based (used by CBSE and, for these subjects, by GSEB schools too).
 */
export const SUBJECT_SLUGS = [
  'maths',
  'science',
  'english',
  'evs',
  'history',
  'geography',
  'physics',
  'chemistry',
  'biology',
] as const;
export type SubjectSlug = (typeof SUBJECT_SLUGS)[number];

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens')
  .max(80);
const text = (min: number) => z.string().trim().min(min);

export const CurriculumQuestionSchema = z
  .object({
    type: z.enum(['multiple_choice', 'fill_blank', 'multiple_select', 'true_false']),
    text: text(5),
    options: z.array(text(1)).min(2).max(6),
    /** Indexes into options of every correct option. */
    answer: z.array(z.number().int().min(0)).min(1),
    solution: text(5),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (q.answer.some((i) => i >= q.options.length)) issue('answer index outside options');
    if (new Set(q.answer).size !== q.answer.length) issue('duplicate answer index');
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) issue('duplicate options');
    if (q.type === 'true_false' && (q.options.length !== 2 || q.options[0] !== 'True' || q.options[1] !== 'False'))
      issue('true_false options must be exactly ["True", "False"]');
    if (q.type !== 'multiple_select' && q.answer.length !== 1) issue(`${q.type} needs exactly one answer`);
    if (q.type === 'multiple_select' && q.answer.length < 2) issue('multiple_select needs at least two answers');
    if (q.type === 'fill_blank' && !q.text.includes('____')) issue('fill_blank text must contain ____ for the blank');
    if (
      (q.type === 'multiple_choice' || q.type === 'fill_blank' || q.type === 'multiple_select') &&
      q.options.length < 3
    )
      issue(`${q.type} needs at least 3 options`);
  });
export type CurriculumQuestion = z.infer<typeof CurriculumQuestionSchema>;

export const CurriculumTopicSchema = z
  .object({
    slug,
    name: text(3),
    /** A short explanation a student reads before playing (2-5 sentences). */
    concept: text(40),
    /** Hand-written questions: at least 10 (one topic game is 10 questions). */
    questions: z.array(CurriculumQuestionSchema).optional(),
    /** Name of a procedural generator (maths only), see maths-generators.ts. */
    generator: z.string().optional(),
  })
  .superRefine((t, ctx) => {
    if (!t.questions && !t.generator) ctx.addIssue({ code: 'custom', message: 'topic needs questions or a generator' });
    if (t.questions && t.questions.length < 10)
      ctx.addIssue({
        code: 'custom',
        message: `topic ${t.slug} has ${t.questions.length} questions, needs at least 10`,
      });
  });

export const CurriculumChapterSchema = z.object({
  slug,
  name: text(3),
  topics: z.array(CurriculumTopicSchema).min(2).max(6),
});

export const CurriculumFileSchema = z
  .object({
    subject: z.enum(SUBJECT_SLUGS),
    grade: z.number().int().min(1).max(12),
    chapters: z.array(CurriculumChapterSchema).min(3),
  })
  .superRefine((f, ctx) => {
    const chapterSlugs = f.chapters.map((c) => c.slug);
    if (new Set(chapterSlugs).size !== chapterSlugs.length)
      ctx.addIssue({ code: 'custom', message: 'duplicate chapter slug' });
    for (const c of f.chapters) {
      const topicSlugs = c.topics.map((t) => t.slug);
      if (new Set(topicSlugs).size !== topicSlugs.length)
        ctx.addIssue({ code: 'custom', message: `duplicate topic slug in chapter ${c.slug}` });
    }
  });
export type CurriculumFile = z.infer<typeof CurriculumFileSchema>;
