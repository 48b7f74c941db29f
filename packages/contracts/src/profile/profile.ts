import { z } from 'zod';
import { LANGUAGES } from '@ki/domain';
import { lineText } from '../common/text';

/** GET /api/v1/me/profile: the signed-in user's own profile (access-and-app-shell.md 2.8 "Profile"). */
export const ProfileResponseSchema = z.object({
  user: z.object({
    id: z.number(),
    role: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    language: z.string().nullable(),
  }),
  /** A student's school, board and grade (the student cannot change them). */
  student: z
    .object({
      schoolName: z.string(),
      boardName: z.string().nullable(),
      grade: z.number().nullable(),
      section: z.string(),
      /** The school's time zone: practice dates are calendar days there (scoring-and-metrics.md). */
      timeZone: z.string(),
    })
    .nullable(),
  /** Parents linked to the student, mobile numbers masked but for the last digits. */
  parents: z.array(z.object({ name: z.string(), mobile: z.string().nullable() })),
  /** Languages the user may choose (their school's, or all six). */
  languages: z.array(z.string()),
  /** From the rollups (student_stats, student_subject_stats); null for anyone but a student. */
  learn: z
    .object({
      topicsStudied: z.number(),
      chaptersCompleted: z.number(),
      timeSpentSeconds: z.number(),
      subjects: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          topicsCompleted: z.number(),
          chaptersCompleted: z.number(),
          timeSpentSeconds: z.number(),
        }),
      ),
    })
    .nullable(),
  /** The student's newest quizzes, tests and challenges; null for anyone but a student. */
  practice: z
    .object({
      records: z.array(
        z.object({
          id: z.string(),
          kind: z.enum(['quiz', 'test', 'challenge']),
          subjectName: z.string(),
          completedAt: z.string(),
          correct: z.number(),
          incorrect: z.number(),
          unanswered: z.number(),
          timeSpentSeconds: z.number(),
          /** Correct of answered, percent (scoring-and-metrics.md "Overall accuracy"); null when none answered. */
          accuracy: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** How many practice records the profile lists, newest first. */
export const PROFILE_PRACTICE_LIMIT = 20;

const EMAIL = z.email();

/**
 * PUT /api/v1/me/profile: what a user may change of themselves. Mobile number, school, board and
 * grade are the school's to change. Unknown fields (such as another user's id) are refused.
 */
export const UpdateProfileBodySchema = z.strictObject({
  firstName: lineText().min(1, 'Please enter all required fields').max(50, 'Please enter all required fields'),
  lastName: lineText().max(50, 'Please enter all required fields'),
  /** Empty clears the address. */
  email: z
    .string()
    .trim()
    .max(254, 'Please enter valid Email Id')
    .refine((v) => v === '' || EMAIL.safeParse(v).success, 'Please enter valid Email Id'),
  language: z.enum(LANGUAGES, 'Please select Language'),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;
