import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';
import {
  CALENDAR_DESCRIPTION_MAX,
  CALENDAR_END_AFTER_START,
  CALENDAR_NAME_MAX,
  CALENDAR_PROVIDERS,
} from '../calendar/calendar';

/**
 * Live classes and educational TV (issue #26; access-and-app-shell.md 2.1 /live-class, /live-classes
 * and the three join pages, 2.8 the live classes and educational TV lists, 3 live class: subject,
 * start, end, description, taken by, live or scheduled; programme: live or scheduled, by whom; 4.4
 * the liveclasses product guard; 5 'Please enter your name').
 *
 * A live class is a class event of the school calendar held in the app: it has a room and one of two
 * providers (a Jitsi Meet room or BigBlueButton), so it also shows on the calendar and in phone
 * calendars. A programme is a calendar event of type `programme`: a TV or online broadcast, by whom,
 * with an optional link to watch it. Only schools with the liveclasses product hold live classes.
 */

/** A class opens this many minutes before it starts (students can join early). */
export const LIVE_CLASS_OPENS_MINUTES = 10;
/** Longest live class: four hours. */
export const LIVE_CLASS_MAX_MINUTES = 240;
/** How far ahead the lists read. */
export const LIVE_LIST_DAYS = 14;
/** Items one list answers at most, earliest first. */
export const LIVE_LIST_LIMIT = 50;
export const LIVE_NAME_MAX = 60;

export const LIVE_ENTER_NAME = 'Please enter your name';
export const LIVE_CLASS_GRADE_REQUIRED = 'Choose the class this live class is for';
export const LIVE_CLASS_TOO_LONG = `A live class lasts at most ${LIVE_CLASS_MAX_MINUTES / 60} hours`;
export const LIVE_CLASS_NAME_REQUIRED = 'Please enter a name for the live class';

/** A room id: 12 characters of lowercase letters and digits (random, so links are not guessable). */
export const LiveRoomSchema = z.string().regex(/^[a-z0-9]{12}$/, 'Not a live class room');

const instant = z.iso.datetime({ offset: true });

/** POST /api/v1/live-classes: staff schedule a live class for one class (board and grade) of a school, or one subject of it. */
export const LiveClassInputSchema = z
  .strictObject({
    name: lineText().min(1, LIVE_CLASS_NAME_REQUIRED).max(CALENDAR_NAME_MAX),
    description: freeText().max(CALENDAR_DESCRIPTION_MAX).default(''),
    start: instant,
    end: instant,
    schoolId: IdSchema,
    boardId: IdSchema,
    grade: z.number({ error: LIVE_CLASS_GRADE_REQUIRED }).int().min(1).max(12),
    subjectId: IdSchema.nullable().default(null),
    provider: z.enum(CALENDAR_PROVIDERS),
  })
  .superRefine((e, ctx) => {
    const start = Date.parse(e.start);
    const end = Date.parse(e.end);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_END_AFTER_START });
    else if (end - start > LIVE_CLASS_MAX_MINUTES * 60_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: LIVE_CLASS_TOO_LONG });
  });
export type LiveClassInput = z.input<typeof LiveClassInputSchema>;
export type LiveClassValues = z.output<typeof LiveClassInputSchema>;

export const LiveStatusSchema = z.enum(['live', 'scheduled', 'ended']);
export type LiveStatus = z.infer<typeof LiveStatusSchema>;

/** A live class or a programme as the lists and the join page show it. */
export const LiveSessionSchema = z.object({
  /** The calendar event's id. */
  id: z.number(),
  kind: z.enum(['class', 'programme']),
  name: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  timeZone: z.string(),
  boardName: z.string().nullable(),
  grade: z.number().nullable(),
  /** In the request's language. */
  subjectName: z.string().nullable(),
  /** Live now (from its start to its end), scheduled, or ended. */
  status: LiveStatusSchema,
  /** Whether the join page lets people in now (from LIVE_CLASS_OPENS_MINUTES before the start to the end). */
  open: z.boolean(),
  /** Taken by (a class: its teacher) or by whom (a programme: the channel or presenter). */
  by: z.string(),
  /** A class: its provider and the app's join page (/liveclass/{chain}/{school}/{room}/{provider}). */
  provider: z.enum(CALENDAR_PROVIDERS).nullable(),
  joinPath: z.string().nullable(),
  /** A programme: where to watch it (https), when given. */
  watchUrl: z.string().nullable(),
  /** Staff who may change it: how many students joined (null for others and programmes). */
  attendance: z.number().nullable(),
  canEdit: z.boolean(),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;

/** GET /api/v1/live-classes: the caller's live classes and programmes from now to LIVE_LIST_DAYS ahead (live first), and staff's recent classes. */
export const LiveListSchema = z.object({
  classes: z.array(LiveSessionSchema),
  programmes: z.array(LiveSessionSchema),
  /** Staff: their classes that ended in the last 7 days (for attendance); students: []. */
  recent: z.array(LiveSessionSchema),
});
export type LiveList = z.infer<typeof LiveListSchema>;

export const LiveClassIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
export const LiveRoomParamsSchema = z.object({
  schoolId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  room: LiveRoomSchema,
});

/** POST /api/v1/live-classes/:id/join: the name shown in the class. */
export const JoinLiveClassBodySchema = z.strictObject({
  name: lineText().min(1, LIVE_ENTER_NAME).max(LIVE_NAME_MAX),
});
export type JoinLiveClassBody = z.input<typeof JoinLiveClassBodySchema>;

/**
 * How the join page opens the class: a Jitsi Meet room through its iframe API (the page loads
 * `scriptUrl` and calls `new JitsiMeetExternalAPI(domain, { roomName, userInfo: { displayName } })`),
 * or a BigBlueButton join link signed by the server (the page opens it in a frame).
 */
export const LiveLaunchSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('jitsi'),
    scriptUrl: z.string(),
    domain: z.string(),
    roomName: z.string(),
    displayName: z.string(),
  }),
  z.object({ provider: z.literal('bigbluebutton'), joinUrl: z.string() }),
]);
export type LiveLaunch = z.infer<typeof LiveLaunchSchema>;

/** GET /api/v1/live-classes/:id/attendance: the class's students, who joined and when. */
export const LiveAttendanceSchema = z.object({
  id: z.number(),
  name: z.string(),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** The name they gave at the join page, when they joined. */
      joinedAs: z.string().nullable(),
      firstJoinedAt: z.string().nullable(),
    }),
  ),
  present: z.number(),
  total: z.number(),
});
export type LiveAttendance = z.infer<typeof LiveAttendanceSchema>;
