import { z } from 'zod';
import { PlanAccessSchema } from '../plans/plans';
import { LANGUAGES } from '@ki/domain';
import { IdSchema } from '../common/ids';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A mobile number as typed, with the country (default India); normalised to E.164. */
export const MobileSchema = z
  .string()
  .trim()
  .max(20)
  .transform((value, ctx) => {
    const phone = parsePhoneNumberFromString(value, 'IN');
    if (!phone || !phone.isValid()) {
      ctx.addIssue({ code: 'custom', message: 'please enter valid mobile number' });
      return z.NEVER;
    }
    return phone.number as string;
  });

/** POST /api/v1/auth/otp */
export const RequestOtpBodySchema = z.object({ mobile: MobileSchema });
export const RequestOtpResponseSchema = z.object({
  challengeId: z.uuid(),
  /** Digits of the code (4 by default, 6 when configured). */
  length: z.number().int(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type RequestOtpResponse = z.infer<typeof RequestOtpResponseSchema>;

/** POST /api/v1/auth/otp/verify */
export const VerifyOtpBodySchema = z.object({
  challengeId: z.uuid(),
  code: z.string().regex(/^\d{4,6}$/, 'Please enter OTP'),
});

/** POST /api/v1/auth/code: a 14-digit school-issued code and its password (up to 20 characters). */
export const CodeSignInBodySchema = z.object({
  code: z.string().regex(/^\d{14}$/, 'please enter valid 14 digit code'),
  password: z.string().min(1).max(20),
});

/** POST /api/v1/auth/staff: mobile number and password. */
export const StaffSignInBodySchema = z.object({
  mobile: MobileSchema,
  password: z.string().min(1).max(128),
});

export const ROLE_NAMES = [
  'student',
  'parent',
  'teacher',
  'principal',
  'superadmin',
  'content_editor',
  'content_approver',
] as const;

/**
 * What the signed-in user may open and do (decided by the server's policy), so screens show or hide
 * without checking roles themselves. Hiding is comfort: every route checks again.
 */
export const AbilitiesSchema = z.object({
  /**
   * The dashboard the user opens: their own, their children's, a school's, or one subject's summary
   * (a teacher assigned subjects only, no grade in every subject).
   */
  dashboard: z.enum(['student', 'children', 'school', 'subject', 'none']),
  /** The subject summary that dashboard 'subject' opens: the first subject assignment's. */
  subjectSummary: z.object({ subjectId: z.number(), grade: z.number() }).nullable(),
  /**
   * A teacher's assignments, one per school and grade and subject (null: every subject of the
   * grade): the grades and subjects their subject summary switches between. Empty for other roles.
   */
  subjectSummaries: z.array(z.object({ schoolId: z.number(), grade: z.number(), subjectId: z.number().nullable() })),
  /** A student's whole dashboard (every subject): not for a teacher assigned subjects only. */
  studentDashboards: z.boolean(),
  /** Choosing schools for dashboards: none (one school), one of several, or many at once (a chain). */
  chooseSchools: z.enum(['none', 'one', 'many']),
  /** The learner screens (students, and the content roles previewing). */
  learn: z.boolean(),
  /** Playing writes learning records. */
  writeRecords: z.boolean(),
  /** A school's settings, such as its leaderboard. */
  schoolSettings: z.boolean(),
  exportSchoolRecords: z.boolean(),
  /** The Reindex button on the school dashboard's student tables: the qa role (dashboards.md 2.3). */
  reindexStudents: z.boolean(),
  /** The Reindex button on topic tables: any role other than school (dashboards.md 2.7, 6). */
  reindexOnTopics: z.boolean(),
  eraseStudents: z.boolean(),
  linkParents: z.boolean(),
  /** A school's parent link requests: the list of those waiting, and approving or rejecting them. */
  decideParentLinks: z.boolean(),
  /** Authoring: create and edit content, submit it. */
  author: z.boolean(),
  /** Authoring: approve or send back others' submissions. */
  approve: z.boolean(),
  /** The exam launcher (/exams): students and school staff (docs/DECISIONS.md "Exam launcher"). */
  launchExams: z.boolean(),
  /**
   * Teachers' quizzes and tests (issue #23): 'author' writes, publishes and assigns quizzes for the
   * classes they teach, marks and reads their reports (teachers); 'view' reads every quiz of the
   * school, marks and reads reports (principals); 'reports' reads reports only (super-admins).
   */
  assessments: z.enum(['author', 'view', 'reports', 'none']),
  /** Staff chat with colleagues of the chain (issue #25): teachers, principals and super-admins. */
  chat: z.boolean(),
  /**
   * The school calendar (issue #26): 'edit' puts events on it for the classes the caller works with
   * and sees theirs (staff); 'view' sees their school's and class's events (students, parents).
   */
  calendar: z.enum(['edit', 'view', 'none']),
});
export type Abilities = z.infer<typeof AbilitiesSchema>;

/** GET /api/v1/me: the signed-in user, their school and what onboarding still needs. */
export const MeResponseSchema = z.object({
  user: z.object({
    id: z.number(),
    role: z.enum(ROLE_NAMES),
    isQa: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    language: z.string().nullable(),
    avatar: z.string(),
  }),
  school: z
    .object({
      id: z.number(),
      name: z.string(),
      chainId: z.number().nullable(),
      isPace: z.boolean(),
      languages: z.array(z.string()),
      products: z.array(z.string()),
    })
    .nullable(),
  enrolment: z
    .object({
      boardId: z.number().nullable(),
      boardName: z.string().nullable(),
      grade: z.number().nullable(),
      section: z.string(),
    })
    .nullable(),
  staff: z.object({
    chainId: z.number().nullable(),
    schoolIds: z.array(z.number()),
    assignedGrades: z.array(z.number()),
    assignedSubjectId: z.number().nullable(),
    /** The subjects named in a teacher's assignments, for the subject summary's subject switch. */
    subjects: z.array(z.object({ id: z.number(), slug: z.string(), names: z.record(z.string(), z.string()) })),
  }),
  onboarding: z.object({ needsLanguage: z.boolean(), needsBoard: z.boolean(), needsGrade: z.boolean() }),
  home: z.string(),
  abilities: AbilitiesSchema,
  /** A student's access (plans/plans.ts): the start-up check sends 'none' to /plans. Null for everyone else. */
  plan: PlanAccessSchema.nullable(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** GET /api/v1/me/onboarding: the choices the student's school offers. */
export const OnboardingOptionsSchema = z.object({
  languages: z.array(z.string()),
  boards: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), grades: z.array(z.number()) })),
});
export type OnboardingOptions = z.infer<typeof OnboardingOptionsSchema>;

/** PUT /api/v1/me/onboarding */
export const OnboardingBodySchema = z
  .object({
    language: z.enum(LANGUAGES).optional(),
    boardId: IdSchema.optional(),
    grade: z.number().int().min(1).max(12).optional(),
  })
  .refine((b) => b.language !== undefined || b.boardId !== undefined || b.grade !== undefined, 'Nothing to change');

/** GET /api/v1/me/schools: schools a staff member may choose (dashboards.md 2.5, access 2.6). */
export const MySchoolsResponseSchema = z.object({
  multiSelect: z.boolean(),
  schools: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      city: z.string(),
      boardId: z.number().nullable(),
      boardName: z.string().nullable(),
      isPace: z.boolean(),
    }),
  ),
});
export type MySchoolsResponse = z.infer<typeof MySchoolsResponseSchema>;

/** GET /api/v1/me/subjects: the student's subjects for their board and grade. */
export const MySubjectsResponseSchema = z.object({
  subjects: z.array(
    z.object({ id: z.number(), slug: z.string(), name: z.string(), theme: z.string(), chapters: z.number() }),
  ),
});
export type MySubjectsResponse = z.infer<typeof MySubjectsResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
