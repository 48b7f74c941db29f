import { z } from 'zod';
import type { Ack } from '../challenge/challenge';
import { IdSchema } from '../common/ids';
import { lineText } from '../common/text';
import { CallSignalSchema, type CallSignal, type IceServer } from './calls';
import { GROUP_MEMBERS_REQUIRED } from './chat';

/**
 * Meetings of staff (issue #25; access-and-app-shell.md 2.1 /meeting/{roomId}, 2.8 meetings, 3 chat
 * meetings, 4.9 no meetings, 5 'You must select some people!', 7 refresh-meetings, newPeer, leave).
 *
 * A meeting is scheduled by a member of staff for a time, with colleagues of their chain invited.
 * From MEETING_OPEN_BEFORE_MINUTES before its start to its end, the people invited join it on
 * /meeting/{id}: audio, video and screen sharing flow between every two browsers (a mesh of WebRTC
 * connections, signalled on the app's one Socket.IO connection), so a meeting holds
 * MEETING_MAX_PEOPLE people (docs/ARCHITECTURE.md "Realtime": the SFU path beyond it). Scheduling
 * and cancelling send 'refresh-meetings' to everyone invited, so their lists change live.
 */

/** People in a meeting at once, its organiser included: each browser sends its video to every other. */
export const MEETING_MAX_PEOPLE = 4;
/** A meeting can be joined from this many minutes before its start. */
export const MEETING_OPEN_BEFORE_MINUTES = 10;
export const MEETING_TITLE_MAX = 100;
export const MEETING_MIN_MINUTES = 15;
export const MEETING_MAX_MINUTES = 240;
/** How far ahead a meeting may be scheduled. */
export const MEETING_MAX_DAYS_AHEAD = 90;
/** Meetings the list holds (the caller's coming and running ones, soonest first). */
export const MEETINGS_LIST_LIMIT = 50;
export const MEETING_TITLE_REQUIRED = 'Meeting title required!';

export const MeetingIdSchema = z.uuid();
export const MeetingParamsSchema = z.object({ meetingId: MeetingIdSchema });

export const ScheduleMeetingSchema = z.object({
  title: lineText(MEETING_TITLE_REQUIRED)
    .min(1, MEETING_TITLE_REQUIRED)
    .max(MEETING_TITLE_MAX, `A meeting title is at most ${MEETING_TITLE_MAX} characters`),
  startsAt: z.iso.datetime({ offset: true, message: 'Choose when the meeting starts' }),
  durationMinutes: z
    .number()
    .int('A meeting lasts whole minutes')
    .min(MEETING_MIN_MINUTES, `A meeting lasts at least ${MEETING_MIN_MINUTES} minutes`)
    .max(MEETING_MAX_MINUTES, `A meeting lasts at most ${MEETING_MAX_MINUTES / 60} hours`),
  /** The colleagues invited (the organiser is in it anyway). */
  userIds: z
    .array(IdSchema)
    .min(1, GROUP_MEMBERS_REQUIRED)
    .max(MEETING_MAX_PEOPLE - 1, `A meeting holds at most ${MEETING_MAX_PEOPLE} people`),
});
export type ScheduleMeeting = z.infer<typeof ScheduleMeetingSchema>;

export const MeetingPersonSchema = z.object({ id: z.number(), name: z.string() });

export const MeetingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  organiser: MeetingPersonSchema,
  /** Whether the caller organised it (only they cancel it). */
  isOrganiser: z.boolean(),
  /** Everyone invited, the organiser first. */
  people: z.array(MeetingPersonSchema),
});
export type Meeting = z.infer<typeof MeetingSchema>;
export const MeetingsSchema = z.object({ meetings: z.array(MeetingSchema) });

/** Someone in a meeting: one connection of theirs (peerId), so a reload is a new peer. */
export interface MeetingPeer {
  peerId: string;
  userId: number;
  name: string;
}
export interface MeetingJoined {
  /** The caller's own peer id in the meeting. */
  peerId: string;
  /** Who is in it already: the newcomer sends each an offer. */
  peers: MeetingPeer[];
  iceServers: IceServer[];
}

export const MeetingRefSchema = z.object({ meetingId: MeetingIdSchema });
export const MeetingSignalSchema = z.object({
  meetingId: MeetingIdSchema,
  to: z.string().min(1).max(64),
  signal: CallSignalSchema,
});

/** Why the server took a connection out of a meeting. */
export const MEETING_END_REASONS = ['cancelled', 'elsewhere'] as const;
export type MeetingEndReason = (typeof MEETING_END_REASONS)[number];

/** Server -> client meeting events. */
export interface MeetingServerEvents {
  /** The caller's meetings changed (scheduled or cancelled): ask the list again (spec 7). */
  'refresh-meetings': (r: { timestamp: string }) => void;
  /** Someone joined a meeting the connection is in (spec 7 newPeer): they will send an offer. */
  'meeting:peer-joined': (p: { meetingId: string; peer: MeetingPeer }) => void;
  /** Someone's connection left the meeting or dropped (spec 7 leave). */
  'meeting:peer-left': (p: { meetingId: string; peerId: string }) => void;
  /** An offer, answer or network candidate from another peer, for this connection only. */
  'meeting:signal': (s: { meetingId: string; from: string; signal: CallSignal }) => void;
  /** This connection is out: the meeting was cancelled, or the person joined from another tab. */
  'meeting:closed': (c: { meetingId: string; reason: MeetingEndReason }) => void;
}

/** Client -> server meeting events; each answers through its acknowledgement. */
export interface MeetingClientEvents {
  'meeting:join': (input: z.input<typeof MeetingRefSchema>, ack: (a: Ack<MeetingJoined>) => void) => void;
  'meeting:signal': (input: z.input<typeof MeetingSignalSchema>, ack: (a: Ack<null>) => void) => void;
  'meeting:leave': (input: z.input<typeof MeetingRefSchema>, ack: (a: Ack<null>) => void) => void;
}
