import { z } from 'zod';

/** GET /api/v1/learn/subjects/:slug: the student's chapters of one subject, with their progress. */
export const SubjectSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });
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
    }),
  ),
});
export type SubjectChaptersResponse = z.infer<typeof SubjectChaptersResponseSchema>;
