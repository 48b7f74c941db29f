import { z } from 'zod';

/** GET /api/v1/learn/progress: the signed-in student's progress per subject (concepts home). */
export const LearnProgressResponseSchema = z.object({
  subjects: z.array(
    z.object({
      subjectId: z.number(),
      chaptersCompleted: z.number(),
      topicsCompleted: z.number(),
      learningCurrency: z.number(),
      knowledgeCurrency: z.number(),
    }),
  ),
});
export type LearnProgressResponse = z.infer<typeof LearnProgressResponseSchema>;
