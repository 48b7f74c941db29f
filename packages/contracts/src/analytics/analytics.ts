import { z } from 'zod';
import { IdParamSchema, MAX_ID } from '../common/ids';
import { lineText } from '../common/text';
import { STUDENT_CATEGORIES, STUDENT_LIST_VIEWS } from '../values';

/** Comma-separated school ids in a query string: "1,2,3". */
const SchoolIdsSchema = z
  .string()
  .max(2000)
  .regex(/^\d+(,\d+)*$/, 'schoolIds must be comma-separated numbers')
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.length <= 200, 'at most 200 schools')
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'schoolIds must be school ids')
  .optional()
  .transform((ids) => ids ?? []);

/** The scope of every analytics request (dashboards.md: schools, optional grade, optional subject). */
export const ScopeQuerySchema = z.object({
  schoolIds: SchoolIdsSchema,
  grade: z.coerce.number().int().min(1).max(12).optional(),
  subjectId: IdParamSchema.optional(),
});
export type ScopeQuery = z.input<typeof ScopeQuerySchema>;

const SchoolRefSchema = z.object({ id: z.number(), name: z.string(), isPace: z.boolean() });

/** GET /api/v1/analytics/overview: cards and the grade-wise chart. */
export const OverviewResponseSchema = z.object({
  schools: z.array(SchoolRefSchema),
  activityWindowDays: z.number(),
  registered: z.number(),
  active: z.number(),
  inactive: z.number(),
  grades: z.array(
    z.object({
      grade: z.number(),
      registered: z.number(),
      active: z.number(),
      inactive: z.number(),
      /** Mean total score of the grade's active students; null when none is active. */
      averageScore: z.number().nullable(),
    }),
  ),
  /**
   * Students enrolled before a grade was chosen: counted in the cards like everyone enrolled, and in
   * the chart as a bar of their own, so that the bars add up to the cards (docs/DECISIONS.md).
   */
  withoutGrade: z.object({ registered: z.number(), active: z.number(), inactive: z.number() }),
});
export type OverviewResponse = z.infer<typeof OverviewResponseSchema>;

/** GET /api/v1/analytics/grade: one grade's tab. */
export const GradeQuerySchema = ScopeQuerySchema.extend({ grade: z.coerce.number().int().min(1).max(12) });
export const GradeResponseSchema = z.object({
  grade: z.number(),
  totalStudents: z.number(),
  /** Students per 10-point band of the displayed total score: '0-9' ... '90-100'. */
  distribution: z.array(z.object({ band: z.number(), label: z.string(), students: z.number() })),
  /** Subject names in every language the catalogue has ({en, hi, ...}); the screen picks one. */
  subjects: z.array(
    z.object({
      subjectId: z.number(),
      names: z.record(z.string(), z.string()),
      slug: z.string(),
      students: z.number(),
    }),
  ),
});
export type GradeResponse = z.infer<typeof GradeResponseSchema>;

export const STUDENT_PAGE_SIZE = 10;
/** The super-admin's student list: 30 a page (dashboards.md 9). */
export const SUPERADMIN_STUDENT_PAGE_SIZE = 30;

export const STUDENT_LIST_VARIANTS = [...STUDENT_LIST_VIEWS, 'superadmin'] as const;
export type StudentListVariant = (typeof STUDENT_LIST_VARIANTS)[number];

/** GET /api/v1/analytics/students (and .csv): the Students Report and the student lists. */
export const StudentsQuerySchema = ScopeQuerySchema.extend({
  category: z.enum(STUDENT_CATEGORIES).default('registered'),
  band: z.coerce.number().int().min(0).max(9).optional(),
  search: lineText().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  view: z.enum(STUDENT_LIST_VIEWS).default('report'),
});
export type StudentsQuery = z.input<typeof StudentsQuerySchema>;

export const StudentRowSchema = z.object({
  studentId: z.number(),
  fullName: z.string(),
  grade: z.number().nullable(),
  section: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  /** The school's IANA time zone: Last Played Date is a calendar day there. */
  timeZone: z.string(),
  boardName: z.string().nullable(),
  /** Knowledge wealth (total score) unrounded; the screen rounds it. */
  totalScore: z.number(),
  knowledgeEfficiency: z.number(),
  learningEfficiency: z.number(),
  knowledgeCurrency: z.number(),
  learningCurrency: z.number(),
  chaptersCompleted: z.number(),
  timeSpentSeconds: z.number(),
  lastPlayedAt: z.string().nullable(),
  lastChapter: z.string().nullable(),
  lastTopic: z.string().nullable(),
  /** Only in the 'mixbar' list of registered or inactive students (its User Email column). */
  email: z.string().nullable().optional(),
});
export type StudentRow = z.infer<typeof StudentRowSchema>;

export const StudentsResponseSchema = z.object({
  /** The column set to show: the view asked for, or 'superadmin' for a super-admin's list. */
  variant: z.enum(STUDENT_LIST_VARIANTS),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The scope spans several schools: the list names each student's school (names repeat across schools). */
  hasSeveralSchools: z.boolean(),
  rows: z.array(StudentRowSchema),
});
export type StudentsResponse = z.infer<typeof StudentsResponseSchema>;

const InsightSchema = z
  .object({
    schoolId: z.number(),
    schoolName: z.string(),
    grade: z.number(),
    students: z.number(),
    registered: z.number(),
    percent: z.number(),
  })
  .nullable();

/** GET /api/v1/analytics/insights */
export const InsightsResponseSchema = z.object({
  /** Grade (and school) with the largest share of its registered students at 90-100. */
  topBand: InsightSchema,
  /** ... with the largest share below 50. */
  belowHalf: InsightSchema,
  /** ... with the most inactive students. */
  mostInactive: InsightSchema,
  toppers: z.array(
    z.object({
      grade: z.number(),
      students: z.array(
        z.object({
          studentId: z.number(),
          fullName: z.string(),
          /** The student's own grade (User Grade): the grade they are enrolled in and play. */
          userGrade: z.number(),
          totalScore: z.number(),
          schoolId: z.number(),
          schoolName: z.string(),
        }),
      ),
    }),
  ),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;
