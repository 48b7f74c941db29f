import { z } from 'zod';

/**
 * POST /api/v1/exams/launch (access-and-app-shell.md 2.2): the exam type from the route
 * (/exams/{type}, /himalayansuper30/{type}). Any type of this shape is accepted: the spec's five
 * select their test, any other the default test 1 (`examTestId` in @ki/domain).
 */
export const LaunchExamBodySchema = z.object({
  type: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'An exam type is 1 to 32 letters, digits, - or _')
    .describe('JEE, NEET, 12passout, 12 or 11; any other type opens the default test'),
});
export type LaunchExamBody = z.infer<typeof LaunchExamBodySchema>;

/**
 * Where to send the browser: the outside test site's address with a signed token (a JWT, HS256,
 * docs/SECURITY.md "Exam launcher tokens") in its query. POST, so the token never sits in this site's
 * address bar, history or access logs; the answer is never cached.
 */
export const LaunchExamResponseSchema = z.object({
  /** Absolute for the outside site; a path on this server for the development stand-in. */
  url: z.string(),
  testId: z.number().int(),
  /** When the token stops being accepted: at most 5 minutes after it was made. */
  expiresAt: z.iso.datetime(),
});
export type LaunchExamResponse = z.infer<typeof LaunchExamResponseSchema>;

/** GET /api/v1/dev/exam-site (development and tests only): the local stand-in of the outside test site. */
export const ExamSiteStandInQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9_.-]+$/, 'A token is base64url text in three parts'),
});
export type ExamSiteStandInQuery = z.infer<typeof ExamSiteStandInQuerySchema>;
