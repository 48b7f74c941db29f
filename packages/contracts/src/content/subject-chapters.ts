import { z } from 'zod';

/** GET /api/v1/learn/subjects/:slug: the student's chapters of one subject, with their progress. */
export const SubjectSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });
export const StageStateSchema = z.object({
  locked: z.boolean(),
  reason: z.enum(['TOPICS_INCOMPLETE', 'REVISE_INCOMPLETE']).nullable(),
  done: z.boolean(),
});
export const SubjectChaptersResponseSchema = z.object({
  subject: z.object({ id: z.number(), slug: z.string(), name: z.string(), theme: z.string() }),
  chapters: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      name: z.string(),
      topics: z.number(),
      topicsCompleted: z.number(),
      isCompleted: z.boolean(),
      /** Progress from the rollups (learner journey): completed topics with LE_topic and LC. */
      topicProgress: z.array(
        z.object({
          topicId: z.number(),
          attempts: z.number(),
          learningEfficiency: z.number(),
          learningCurrency: z.number(),
        }),
      ),
      learningCurrency: z.number(),
      reviseAttempts: z.number(),
      treasureAttempts: z.number(),
      /** KE_ch: best treasure percent; null before a treasure. */
      knowledgeEfficiency: z.number().nullable(),
      knowledgeCurrency: z.number(),
      /** Lock state of revise and treasure (access-and-app-shell.md 4.9), from the server's rollups. */
      locks: z.object({ revise: StageStateSchema, treasure: StageStateSchema }),
    }),
  ),
});
export type SubjectChaptersResponse = z.infer<typeof SubjectChaptersResponseSchema>;
