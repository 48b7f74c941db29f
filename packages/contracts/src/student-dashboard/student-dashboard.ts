import { z } from 'zod';
import { MobileSchema } from '../auth/auth';
import { IdParamSchema } from '../common/ids';
import { lineText } from '../common/text';
import { LEADERBOARD_MODES } from '../leaderboard/leaderboard';
import { PROGRESS_FILTERS } from '../values';

/**
 * The student dashboard (dashboards.md 2.2) for the student, a linked parent, or staff in scope.
 * Figures are unrounded; the web rounds them for display with @ki/domain (scores whole, percents to
 * 2 decimals, 0 score shown as NA).
 */

export const StudentDashboardParamsSchema = z.object({ id: IdParamSchema });
export const StudentDashboardQuerySchema = z.object({ filter: z.enum(PROGRESS_FILTERS).default('day') });
export const StudentSubjectParamsSchema = z.object({ id: IdParamSchema, subjectId: IdParamSchema });

/** One bucket (day, ISO week starting Monday, or month; calendar days of the student's school) of currency earned. */
export const ProgressPointSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD. */
  start: z.string(),
  learningCurrency: z.number(),
  knowledgeCurrency: z.number(),
});
export type ProgressPoint = z.infer<typeof ProgressPointSchema>;

export const StudentProgressSchema = z.object({
  filter: z.enum(PROGRESS_FILTERS),
  points: z.array(ProgressPointSchema),
});

/** GET /api/v1/students/:id/dashboard */
export const StudentDashboardResponseSchema = z.object({
  profile: z.object({
    studentId: z.number(),
    name: z.string(),
    firstName: z.string(),
    /** Empty strings are shown as NA. */
    mobile: z.string(),
    email: z.string(),
    school: z.string(),
    /** The school's IANA time zone: the dates on this screen are its calendar days. */
    timeZone: z.string(),
    grade: z.number().nullable(),
    board: z.string(),
    boardId: z.number().nullable(),
  }),
  cards: z.object({
    totalScore: z.number(),
    knowledgeEfficiency: z.number(),
    learningEfficiency: z.number(),
    overallAccuracy: z.number(),
  }),
  /** Newest three activities, grouped by subject (newest subject first). */
  recentlyPlayed: z.array(
    z.object({
      subjectName: z.string(),
      activities: z.array(
        z.object({
          playedAt: z.string(),
          kind: z.enum(['topic', 'treasure', 'revise', 'quiz', 'test', 'challenge']),
          topicName: z.string().nullable(),
          /** Null for a quiz or test attempt: it has no chapter. */
          chapterName: z.string().nullable(),
          /** Topic games. */
          learningEfficiency: z.number().nullable(),
          /** Treasures (chapter-end quiz): percent correct. */
          knowledgeEfficiency: z.number().nullable(),
          /** Quizzes, tests and challenges: correct of answered, percent; null when none answered. */
          accuracy: z.number().nullable(),
        }),
      ),
    }),
  ),
  /** Completed chapters scored below their global average (or below 50), per subject. */
  conceptsToRelearn: z.array(
    z.object({
      subjectName: z.string(),
      chapters: z.array(
        z.object({
          chapterId: z.number(),
          chapterName: z.string(),
          score: z.number(),
          globalAverage: z.number().nullable(),
        }),
      ),
    }),
  ),
  subjects: z.array(
    z.object({ subjectId: z.number(), subjectName: z.string(), totalTopics: z.number(), completedTopics: z.number() }),
  ),
  progress: StudentProgressSchema,
  /** When the global averages shown were computed. */
  globalAveragesAt: z.string().nullable(),
  /**
   * Staff only (absent for the student and parents): games flagged as outliers when uploaded, far
   * above the student's usual accuracy at implausible speed, newest first. A note, not a verdict.
   */
  /**
   * Staff only: games flagged at upload as far above the student's usual accuracy at a speed below
   * the reading allowance (records/batch-rules.ts). A note to look into, not a verdict: they count.
   */
  flaggedRecords: z
    .array(
      z.object({
        recordId: z.string(),
        kind: z.enum(['topic', 'treasure', 'revise', 'quiz', 'test', 'challenge']),
        playedAt: z.string(),
        /** Percent of the game's answered questions right. */
        accuracy: z.number(),
        secondsPerQuestion: z.number(),
        /** The student's percent right before the game, over historyAnswers answers. */
        usualAccuracy: z.number(),
        historyAnswers: z.number(),
        flaggedAt: z.string(),
      }),
    )
    .optional(),
});
export type StudentDashboardResponse = z.infer<typeof StudentDashboardResponseSchema>;

const TopicRowSchema = z.object({
  topicId: z.number(),
  topicName: z.string(),
  isCompleted: z.boolean(),
  learningEfficiency: z.number().nullable(),
  learningCurrency: z.number(),
  accuracy: z.number().nullable(),
  avgSecondsPerQuestion: z.number().nullable(),
  timeSpent: z.number(),
  /** Grade legend letter of the topic's learning efficiency; null until played. */
  grade: z.string().nullable(),
});

/** GET /api/v1/students/:id/subjects/:subjectId */
export const StudentSubjectResponseSchema = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  knowledgeEfficiency: z.number(),
  completedChapters: z.number(),
  totalChapters: z.number(),
  learningEfficiency: z.number(),
  completedTopics: z.number(),
  totalTopics: z.number(),
  totalScore: z.number(),
  knowledgeCurrency: z.number(),
  learningCurrency: z.number(),
  accuracy: z.number().nullable(),
  globalAccuracy: z.number().nullable(),
  chapters: z.array(
    z.object({
      chapterId: z.number(),
      chapterName: z.string(),
      islands: z.number(),
      topicsCompleted: z.number(),
      isCompleted: z.boolean(),
      /** KE_ch, the best treasure percent; null until a treasure is finished. */
      knowledgeEfficiency: z.number().nullable(),
      knowledgeCurrency: z.number(),
      learningCurrency: z.number(),
      accuracy: z.number().nullable(),
      globalAccuracy: z.number().nullable(),
      timeSpent: z.number(),
      /** Grade legend letter of the chapter's knowledge efficiency; null until completed. */
      grade: z.string().nullable(),
      topics: z.array(TopicRowSchema),
    }),
  ),
  /** Top 3 completed chapters by how far the student's KE_ch is above the chapter's global average. */
  bestPerformance: z.array(
    z.object({
      chapterName: z.string(),
      knowledgeEfficiency: z.number(),
      globalAverage: z.number(),
      knowledgeCurrency: z.number(),
    }),
  ),
  /** Top 3 chapters by the lowest average seconds per question. */
  fastestPerformance: z.array(
    z.object({
      chapterName: z.string(),
      avgSecondsPerQuestion: z.number(),
      accuracy: z.number(),
      questionsAttempted: z.number(),
    }),
  ),
  /** Students of the same board and grade (every school) per 10-point band of the subject's total score. */
  whereStudentStands: z.object({
    bands: z.array(z.object({ band: z.string(), students: z.number() })),
    studentBand: z.number().nullable(),
  }),
  globalAveragesAt: z.string().nullable(),
});
export type StudentSubjectResponse = z.infer<typeof StudentSubjectResponseSchema>;

/** GET /api/v1/me/children: a parent's linked children. */
export const ParentChildrenResponseSchema = z.object({
  children: z.array(
    z.object({ studentId: z.number(), name: z.string(), grade: z.number().nullable(), school: z.string() }),
  ),
});
export type ParentChildrenResponse = z.infer<typeof ParentChildrenResponseSchema>;

/**
 * Parent links (security issue #21; docs/DECISIONS.md "Parent links"). The principal of the
 * student's school or the chain's super-admin links a parent by mobile number; a teacher over the
 * student asks for a link, which the principal approves or rejects. Answers never tell whether the
 * number already had an account: a link is addressed by its own id, shown with the name the school
 * gave, the mobile masked.
 */
export const LinkParentBodySchema = z.object({
  mobile: MobileSchema,
  firstName: lineText().min(1, 'Enter a first name').max(60),
  lastName: lineText().max(60).default(''),
});
export type LinkParentBody = z.input<typeof LinkParentBodySchema>;

/** A staff member as shown on a link or request: who did it. Null when not recorded (older links). */
const ActorNameSchema = z.string().nullable();

/** One linked parent of a student. */
export const ParentLinkSchema = z.object({
  linkId: z.number(),
  /** The name the school gave when linking. */
  name: z.string(),
  /** '+91 ••••••1234'. */
  mobile: z.string(),
  linkedBy: ActorNameSchema,
  linkedAt: z.string(),
});
export type ParentLink = z.infer<typeof ParentLinkSchema>;

export const PARENT_LINK_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ParentLinkRequestStatus = (typeof PARENT_LINK_REQUEST_STATUSES)[number];
/** A teacher's request to link a parent, and its decision. */
export const ParentLinkRequestSchema = z.object({
  requestId: z.number(),
  name: z.string(),
  mobile: z.string(),
  status: z.enum(PARENT_LINK_REQUEST_STATUSES),
  requestedBy: ActorNameSchema,
  requestedAt: z.string(),
  decidedBy: ActorNameSchema,
  decidedAt: z.string().nullable(),
});
export type ParentLinkRequest = z.infer<typeof ParentLinkRequestSchema>;

/** GET /api/v1/students/:id/parents: the links, the requests, and what the caller may do (the web shows buttons from these). */
export const StudentParentsResponseSchema = z.object({
  studentId: z.number(),
  parents: z.array(ParentLinkSchema),
  /** Pending requests first, then the latest decided ones. */
  requests: z.array(ParentLinkRequestSchema),
  canLink: z.boolean(),
  canRequest: z.boolean(),
  canDecide: z.boolean(),
  canUnlink: z.boolean(),
});
export type StudentParentsResponse = z.infer<typeof StudentParentsResponseSchema>;

/** POST /api/v1/students/:id/parents: the link, the same shape whoever held the number. */
export const LinkParentResponseSchema = z.object({ studentId: z.number(), link: ParentLinkSchema });
export type LinkParentResponse = z.infer<typeof LinkParentResponseSchema>;
/** POST /api/v1/students/:id/parent-requests (a teacher). */
export const ParentLinkRequestResponseSchema = z.object({ studentId: z.number(), request: ParentLinkRequestSchema });
export type ParentLinkRequestResponse = z.infer<typeof ParentLinkRequestResponseSchema>;
export const ParentLinkRequestParamsSchema = z.object({ id: IdParamSchema, requestId: IdParamSchema });
export const ParentLinkParamsSchema = z.object({ id: IdParamSchema, linkId: IdParamSchema });
/** POST .../approve: the request as decided and the link it made. */
export const DecideParentLinkResponseSchema = z.object({
  studentId: z.number(),
  request: ParentLinkRequestSchema,
  link: ParentLinkSchema.nullable(),
});
export type DecideParentLinkResponse = z.infer<typeof DecideParentLinkResponseSchema>;
/** DELETE /api/v1/students/:id/parents/:linkId. */
export const UnlinkParentResponseSchema = z.object({
  studentId: z.number(),
  linkId: z.number(),
  unlinkedAt: z.string(),
});
export type UnlinkParentResponse = z.infer<typeof UnlinkParentResponseSchema>;
/** GET /api/v1/schools/:id/parent-requests: a school's pending requests, for its principal. */
export const SchoolParentRequestsResponseSchema = z.object({
  schoolId: z.number(),
  requests: z.array(
    ParentLinkRequestSchema.extend({ studentId: z.number(), studentName: z.string(), grade: z.number().nullable() }),
  ),
});
export type SchoolParentRequestsResponse = z.infer<typeof SchoolParentRequestsResponseSchema>;

/** PUT /api/v1/schools/:id/leaderboard/grades/:grade: a grade's own setting, or null to follow the school. */
export const GradeLeaderboardParamsSchema = z.object({
  id: IdParamSchema,
  grade: z.coerce.number().int().min(1).max(12),
});
export const GradeLeaderboardSettingSchema = z.object({ mode: z.enum(LEADERBOARD_MODES).nullable() });
/** GET /api/v1/schools/:id/leaderboard: the school's setting and each grade's own. */
export const LeaderboardSettingsResponseSchema = z.object({
  schoolId: z.number(),
  mode: z.enum(LEADERBOARD_MODES),
  grades: z.array(z.object({ grade: z.number(), mode: z.enum(LEADERBOARD_MODES).nullable() })),
});
export type LeaderboardSettingsResponse = z.infer<typeof LeaderboardSettingsResponseSchema>;
