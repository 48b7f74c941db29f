import { z } from 'zod';

/**
 * Stable machine-readable error codes. The server maps each to one HTTP status; the web translates
 * them into the user's language (locales/<lang>/errors.json).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INCORRECT_OTP: 400,
  OTP_EXPIRED: 400,
  OTP_LOCKED: 429,
  NOT_REGISTERED: 404,
  NO_CHAIN: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // A language the user's school does not activate (PUT /me/language, /me/profile, /me/onboarding).
  LANGUAGE_NOT_OFFERED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // Authoring (authoring/*.ts): the workflow's refusals.
  ITEM_IN_REVIEW: 409,
  NOTHING_TO_SUBMIT: 409,
  NOT_IN_REVIEW: 409,
  SELF_APPROVAL: 403,
  TOPIC_NOT_READY: 409,
  CHAPTER_NOT_READY: 409,
  PARENT_NOT_PUBLISHED: 409,
  SLUG_TAKEN: 409,
  // Parent links (student-dashboard/student-dashboard.ts): one refusal for every number that cannot
  // be linked, whoever holds it, and the per-staff hourly limit (docs/DECISIONS.md "Parent links").
  PARENT_LINK_REFUSED: 409,
  PARENT_LINK_RATE_LIMITED: 429,
  LINK_REQUEST_DECIDED: 409,
  // Assessment (assessment/*.ts): quizzes, tests and attempts.
  NOT_ENOUGH_QUESTIONS: 409,
  ASSESSMENT_HAS_ATTEMPTS: 409,
  ASSESSMENT_NOT_PUBLISHED: 409,
  ASSIGNMENT_NOT_OPEN: 409,
  NO_QUESTION_BANK: 409,
  ATTEMPT_OPEN: 409,
  ATTEMPT_FINISHED: 409,
  TIME_UP: 409,
  ANSWER_FINAL: 409,
  POWER_UP_USED: 409,
  POWER_UP_NOT_APPLICABLE: 409,
  // Live challenge (challenge/challenge.ts): a code no game of the caller's class has, a game that
  // ended (its code is free again later), a full game, an answer after the question closed, a place
  // given up after CHALLENGE_RECONNECT_SECONDS away, a step the game is not at (start twice, next
  // during a question), a start with nobody to play, an event for a game this connection has not joined.
  CHALLENGE_NOT_FOUND: 404,
  CHALLENGE_ENDED: 409,
  CHALLENGE_FULL: 409,
  CHALLENGE_LATE_ANSWER: 409,
  CHALLENGE_PLACE_LOST: 409,
  CHALLENGE_WRONG_STATE: 409,
  CHALLENGE_NO_PLAYERS: 409,
  CHALLENGE_NOT_JOINED: 409,
  // Staff chat (chat/chat.ts): a post to a group the caller left or was taken out of.
  CHAT_ROOM_LEFT: 403,
  // Calls (chat/calls.ts): the callee has no connection open ('Can't call user because user is
  // offline'); a call that ended or is not the caller's; a call in a group room (a group meets in a meeting).
  CALL_USER_OFFLINE: 409,
  CALL_NOT_FOUND: 404,
  CALL_GROUP_ROOM: 409,
  // Meetings (chat/meetings.ts): joined before it opens or after it ended; already MEETING_MAX_PEOPLE in it.
  MEETING_NOT_OPEN: 409,
  MEETING_FULL: 409,
  // School calendar (calendar/calendar.ts): a board and grade the event's school does not teach.
  CALENDAR_CLASS_NOT_AT_SCHOOL: 400,
  // Exam launcher (exams/launch-exam.ts): no outside test site configured, or it cannot be reached
  // ('This section is not currently accessible'); a launch token the development stand-in refuses.
  EXAM_SITE_UNAVAILABLE: 503,
  EXAM_TOKEN_INVALID: 401,
  // Plans and payment (plans/plans.ts): a student without a running plan on a protected route; a
  // student whose school pays trying to buy; this server takes no payments; a payment whose signature
  // or amount does not match its order; an order already paid or refunded, or not paid (refund).
  PLAN_REQUIRED: 402,
  SCHOOL_PAYS: 409,
  PAYMENT_UNAVAILABLE: 503,
  PAYMENT_NOT_VERIFIED: 400,
  PAYMENT_AMOUNT_MISMATCH: 409,
  ORDER_CLOSED: 409,
  // Families' sign-up and the parent's consent (auth/sign-up.ts): a child whose parent withdrew
  // consent cannot sign in; a parent's number that belongs to a student's or staff account.
  CONSENT_WITHDRAWN: 403,
  MOBILE_NOT_A_PARENTS: 409,
  // Live classes (live-classes/live-classes.ts): the school does not have the liveclasses product;
  // the class is not open to join yet (it opens 10 minutes before its start) or has ended; a class
  // event held in the app stays a class; the provider cannot be reached.
  LIVE_CLASSES_NOT_IN_PLAN: 403,
  LIVE_CLASS_NOT_OPEN: 409,
  LIVE_CLASS_STAYS_CLASS: 400,
  LIVE_PROVIDER_UNAVAILABLE: 503,
  // Drive (drive/drive.ts): a folder of that name is already there; a folder with something in it
  // cannot be deleted; the drive is full; folders too deep.
  DRIVE_NAME_TAKEN: 409,
  DRIVE_FOLDER_NOT_EMPTY: 409,
  DRIVE_FULL: 409,
  DRIVE_TOO_DEEP: 400,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one body of every 4xx and 5xx answer. */
export const ErrorBodySchema = z
  .object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * The `details` of a RATE_LIMITED answer that knows when the next try is allowed (sign-in backoff,
 * code sending limits); the same wait is sent as the Retry-After header.
 */
export const RateLimitedDetailsSchema = z.object({ retryAfterSeconds: z.number().int().positive() });
export type RateLimitedDetails = z.infer<typeof RateLimitedDetailsSchema>;

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** Response map to spread into a route's schema for its documented error answers. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}
