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
  /**
   * The daily streak (issue #28; @ki/domain streak.ts) from the student's learning records: days in
   * a row with a finished activity, days in the school's zone. The device shows it on the day it
   * reads it (`currentStreak`) and adds its records not sent yet (`streakWithDay`).
   */
  streak: z.object({
    days: z.number(),
    lastActiveDay: z.string().nullable(),
    /** The school's IANA time zone: the device's 'today' is a day there. */
    timeZone: z.string(),
  }),
  /**
   * "Continue where you left off" (issue #28; @ki/domain nextPathStep): the next step after the
   * student's last topic game, revise or treasure; null before any, or when nothing is left after it.
   * Names in the student's language (English where not translated).
   */
  resume: z
    .object({
      stage: z.enum(['topic', 'revise', 'treasure']),
      subjectSlug: z.string(),
      subjectName: z.string(),
      /** The subject's theme (its icon and colour). */
      subjectTheme: z.string(),
      chapterSlug: z.string(),
      chapterName: z.string(),
      /** The topic to play; null for a revise or a treasure. */
      topicSlug: z.string().nullable(),
      topicName: z.string().nullable(),
    })
    .nullable(),
});
export type LearnProgressResponse = z.infer<typeof LearnProgressResponseSchema>;
