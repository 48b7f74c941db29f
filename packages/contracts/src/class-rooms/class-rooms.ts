import { z } from 'zod';

/**
 * Class rooms (issue #26; access-and-app-shell.md 2.1 /class-rooms and /class-rooms/*): a teacher's
 * classes (school, board, grade and section) with their students, the quizzes and tests assigned to
 * them and the classes coming up. The list of classes is GET /api/v1/assessments/classes (a
 * teacher's covers, a principal's schools, a super-admin's chain, with their sections); one class
 * room is GET /api/v1/class-rooms/{schoolId}/{boardId}/{grade}/{section}.
 */
export const CLASS_ROOM_UPCOMING_DAYS = 14;
/** Assignments a class room shows: those open now or opening, and those closed in the last weeks. */
export const CLASS_ROOM_CLOSED_DAYS = 30;
export const CLASS_ROOM_LIST_LIMIT = 50;

export const ClassRoomParamsSchema = z.object({
  schoolId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  boardId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  grade: z.coerce.number().int().min(1).max(12),
  section: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'Not a section'),
});

export const ClassRoomSchema = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  timeZone: z.string(),
  boardId: z.number(),
  boardName: z.string(),
  grade: z.number(),
  section: z.string(),
  /** The class's students by name, with what the dashboards count (scoring-and-metrics.md). */
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      topicsCompleted: z.number(),
      knowledgeCurrency: z.number(),
      /** Their last learning record, or null before their first. */
      lastActiveAt: z.string().nullable(),
    }),
  ),
  /** Quizzes and tests set for the class (or its whole grade): open or opening first, then closed, newest first. */
  assignments: z.array(
    z.object({
      id: z.number(),
      assessmentId: z.number(),
      name: z.string(),
      kind: z.enum(['quiz', 'test']),
      subjectName: z.string(),
      opensAt: z.string(),
      closesAt: z.string(),
      status: z.enum(['upcoming', 'open', 'closed']),
      /** Students of the class who finished it. */
      finished: z.number(),
      /** Whether the caller may open its report (a teacher of the class in another subject may not). */
      reportOpen: z.boolean(),
    }),
  ),
  /** The class's calendar from now to CLASS_ROOM_UPCOMING_DAYS ahead: its grade's events (live classes with their join page). */
  upcoming: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.string(),
      start: z.string(),
      end: z.string(),
      subjectName: z.string().nullable(),
      liveClassPath: z.string().nullable(),
    }),
  ),
});
export type ClassRoom = z.infer<typeof ClassRoomSchema>;
