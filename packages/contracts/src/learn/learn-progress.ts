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
});
export type LearnProgressResponse = z.infer<typeof LearnProgressResponseSchema>;
