import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/ids';
import { freeText, lineText } from '../common/text';

/**
 * The school calendar (issue #26; access-and-app-shell.md 2.1 /calendar, 2.7 Calendar in the staff
 * navigation and the profile menu, 3 calendar event info and calendar selection).
 *
 * Staff put events on a school's calendar: for the whole school, one board and grade, or one subject
 * of it. Students see their own school's events for the whole school and for their board and grade;
 * parents those of their children; staff those of the classes they work with. Each person may turn
 * on a private iCalendar link, so the events appear in their phone's calendar app.
 */

/** `programme`: an educational TV or online broadcast (its `hostName` says by whom; issue #26). */
export const CALENDAR_EVENT_TYPES = ['class', 'test', 'holiday', 'meeting', 'event', 'programme'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
/** The two live class providers (issue #26): a Jitsi Meet room and BigBlueButton. */
export const CALENDAR_PROVIDERS = ['jitsi', 'bigbluebutton'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export const CALENDAR_NAME_MAX = 120;
export const CALENDAR_DESCRIPTION_MAX = 2000;
export const CALENDAR_URL_MAX = 500;
/** The durations (minutes) the form offers for a new event: picking one sets its end from its start. */
export const CALENDAR_DURATIONS = [15, 30, 45, 60, 90, 120, 180] as const;
export const CALENDAR_DEFAULT_DURATION = 60;
/** Longest event: a month (a term's exams, a vacation). */
export const CALENDAR_EVENT_MAX_DAYS = 31;
/** Widest window one request reads: a month view shows six weeks. */
export const CALENDAR_RANGE_MAX_DAYS = 62;
/** Events one window answers at most, earliest first (`truncated` says there were more). */
export const CALENDAR_EVENTS_LIMIT = 500;
/** What a phone calendar's subscription holds: from this many days back to this many ahead. */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_FUTURE_DAYS = 365;

export const CALENDAR_NAME_REQUIRED = 'Please enter a name for the event';
export const CALENDAR_END_AFTER_START = 'The end must be after the start';
export const CALENDAR_TOO_LONG = `An event lasts at most ${CALENDAR_EVENT_MAX_DAYS} days`;
export const CALENDAR_GRADE_NEEDS_BOARD = 'Choose the class: its board and grade go together';
export const CALENDAR_SUBJECT_NEEDS_GRADE = 'A subject needs a class';
export const CALENDAR_JOIN_URL_HTTPS = 'The join link must start with https://';

const instant = z.iso.datetime({ offset: true });

/**
 * An event as staff write it (spec 3, calendar selection: name, description, start, end,
 * defaultDuration, grade, board, subject, type, joinUrl, serviceName), for one school: the whole
 * school (no board, grade or subject), one board and grade, or one subject of that class.
 */
export const CalendarEventInputSchema = z
  .object({
    name: lineText().min(1, CALENDAR_NAME_REQUIRED).max(CALENDAR_NAME_MAX),
    description: freeText().max(CALENDAR_DESCRIPTION_MAX).default(''),
    start: instant,
    end: instant,
    /** The duration (minutes) the form set the end with; kept so editing offers it again. */
    defaultDuration: z
      .number()
      .int()
      .min(5)
      .max(CALENDAR_EVENT_MAX_DAYS * 24 * 60)
      .default(CALENDAR_DEFAULT_DURATION),
    schoolId: IdSchema,
    boardId: IdSchema.nullable().default(null),
    grade: z.number().int().min(1).max(12).nullable().default(null),
    subjectId: IdSchema.nullable().default(null),
    type: z.enum(CALENDAR_EVENT_TYPES),
    joinUrl: z
      .string()
      .trim()
      .max(CALENDAR_URL_MAX)
      .regex(/^https:\/\/[^\s/?#]+[^\s]*$/, CALENDAR_JOIN_URL_HTTPS)
      .nullable()
      .default(null),
    /** The live class provider the join link opens, when it is one. */
    serviceName: z.enum(CALENDAR_PROVIDERS).nullable().default(null),
    /** A programme's broadcaster or presenter (by whom). */
    hostName: lineText().max(CALENDAR_NAME_MAX).nullable().default(null),
  })
  .superRefine((e, ctx) => {
    const start = Date.parse(e.start);
    const end = Date.parse(e.end);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_END_AFTER_START });
    else if (end - start > CALENDAR_EVENT_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_TOO_LONG });
    if ((e.boardId === null) !== (e.grade === null))
      ctx.addIssue({ code: 'custom', path: ['grade'], message: CALENDAR_GRADE_NEEDS_BOARD });
    if (e.subjectId !== null && e.grade === null)
      ctx.addIssue({ code: 'custom', path: ['subjectId'], message: CALENDAR_SUBJECT_NEEDS_GRADE });
  });
export type CalendarEventInput = z.input<typeof CalendarEventInputSchema>;
/** An event as the server has it after validation (defaults filled in). */
export type CalendarEventValues = z.output<typeof CalendarEventInputSchema>;

/** An event as a calendar shows it (spec 3, calendar event info: id, title, start, end, context). */
export const CalendarEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  defaultDuration: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  /** The school's IANA time zone: the form writes times of day there. */
  timeZone: z.string(),
  boardId: z.number().nullable(),
  boardName: z.string().nullable(),
  grade: z.number().nullable(),
  subjectId: z.number().nullable(),
  /** In the request's language. */
  subjectName: z.string().nullable(),
  type: z.enum(CALENDAR_EVENT_TYPES),
  joinUrl: z.string().nullable(),
  serviceName: z.enum(CALENDAR_PROVIDERS).nullable(),
  /** A programme's broadcaster or presenter. */
  hostName: z.string().nullable(),
  /** A live class held in the app: its join page (/liveclass/{chain}/{school}/{room}/{provider}) and provider. */
  liveClass: z.object({ path: z.string(), provider: z.enum(CALENDAR_PROVIDERS) }).nullable(),
  createdBy: z.object({ id: z.number(), name: z.string() }),
  /** Whether the caller may change or delete it (its author while they still teach the class, the school's principal, the chain's super-admin). */
  canEdit: z.boolean(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

export const CalendarEventParamsSchema = z.object({ eventId: IdParamSchema });

/** GET /calendar/events?from&to: the events the caller sees that overlap [from, to). */
export const CalendarEventsQuerySchema = z
  .object({ from: instant, to: instant })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'to must be after from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_RANGE_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: `At most ${CALENDAR_RANGE_MAX_DAYS} days at once`,
  });

export const CalendarEventsResponseSchema = z.object({
  events: z.array(CalendarEventSchema),
  /** More than CALENDAR_EVENTS_LIMIT events fell in the window: a narrower one shows the rest. */
  truncated: z.boolean(),
});
export type CalendarEventsResponse = z.infer<typeof CalendarEventsResponseSchema>;

/**
 * The caller's private calendar link (an iCalendar feed a phone calendar subscribes to). The link
 * holds a secret, shown once when it is made; making a new one stops the old one.
 */
export const CalendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;
export const CalendarFeedLinkSchema = z.object({
  /** https://…/api/v1/calendar/feed/<secret>.ics */
  url: z.string(),
  /** The same with webcal://, which phones open in their calendar app. */
  webcalUrl: z.string(),
});
export type CalendarFeedLink = z.infer<typeof CalendarFeedLinkSchema>;
/** The secret in a feed link: 32 random bytes, base64url, then `.ics`. */
export const CalendarFeedParamsSchema = z.object({
  token: z
    .string()
    .length(47, 'Not a calendar link')
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'Not a calendar link'),
});
