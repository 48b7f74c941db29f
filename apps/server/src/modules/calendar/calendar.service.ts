/**
 * The school calendar (issue #26): events in a window, writing them, and each person's private
 * iCalendar link. Every operation asks the policy (policy/calendar.ts) first; the events query reads
 * exactly the audience the policy decided.
 */
import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import { personName, type Language } from '@ki/domain';
import {
  CALENDAR_EVENTS_LIMIT,
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarEvent,
  type CalendarEventValues,
  type CalendarEventsResponse,
  type CalendarFeedLink,
  type CalendarFeedStatus,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import {
  authorizeChangeEvent,
  authorizeCreateEvent,
  calendarAudience,
  mayChangeEvent,
  requireCalendarReader,
  requireCalendarWriter,
  type CalendarTarget,
} from '../../policy/calendar';
import { loadCalendarEventFacts, loadChildrenClasses } from '../../policy/facts';
import type { Principal } from '../../policy/policy';
import { principalOfUser } from '../../sessions/session-store';
import * as repo from './calendar.repository';

const DAY_MS = 86_400_000;
/** Events a private calendar link holds at most (a year ahead of a busy school fits). */
const FEED_LIMIT = 2000;
export const FEED_PATH = '/api/v1/calendar/feed/';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's audience: a parent's is their children's classes. */
async function audienceOf(deps: AppDeps, p: Principal) {
  const children = p.role === 'parent' ? await loadChildrenClasses(deps.database.db, p.userId) : [];
  return calendarAudience(p, children);
}

/** A live class's join page (access-and-app-shell.md 2.1: /liveclass/{school_chain_id}/{schoolid}/{roomId}/{serviceName}). */
export function liveClassPath(r: {
  chain_id: number | null;
  school_id: number;
  live_room: string | null;
  live_provider: string | null;
}): string {
  return `/liveclass/${r.chain_id ?? 0}/${r.school_id}/${r.live_room}/${r.live_provider}`;
}

function toEvent(p: Principal, r: repo.EventRow): CalendarEvent {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    start: r.starts_at.toISOString(),
    end: r.ends_at.toISOString(),
    defaultDuration: r.default_duration_minutes,
    schoolId: r.school_id,
    schoolName: r.school_name,
    timeZone: r.time_zone,
    boardId: r.board_id,
    boardName: r.board_name,
    grade: r.grade,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    type: r.type,
    joinUrl: r.join_url,
    serviceName: r.service_name,
    hostName: r.host_name,
    liveClass: r.live_room && r.live_provider ? { path: liveClassPath(r), provider: r.live_provider } : null,
    createdBy: { id: r.created_by ?? 0, name: r.author_name ?? '' },
    canEdit: mayChangeEvent(p, {
      schoolId: r.school_id,
      chainId: r.chain_id,
      boardId: r.board_id,
      grade: r.grade,
      subjectId: r.subject_id,
      createdBy: r.created_by,
    }),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The events the caller sees that overlap [from, to), earliest first. */
export async function listEvents(
  deps: AppDeps,
  principal: Principal | null,
  window: { from: string; to: string },
  language: Language,
): Promise<CalendarEventsResponse> {
  const p = requireCalendarReader(principal);
  const audience = await audienceOf(deps, p);
  const rows = await repo.eventsOf(
    deps.database.db,
    audience,
    new Date(window.from),
    new Date(window.to),
    CALENDAR_EVENTS_LIMIT + 1,
    language,
  );
  return {
    events: rows.slice(0, CALENDAR_EVENTS_LIMIT).map((r) => toEvent(p, r)),
    truncated: rows.length > CALENDAR_EVENTS_LIMIT,
  };
}

/** Where an event would go (for the policy), with what the school says of it (for the checks after). */
async function placeOf(deps: AppDeps, e: CalendarEventValues) {
  const facts = await repo.targetFacts(deps.database.db, e.schoolId, e.boardId, e.grade, e.subjectId);
  if (!facts) throw notFound('School');
  const target: CalendarTarget = {
    schoolId: e.schoolId,
    chainId: facts.chainId,
    boardId: e.boardId,
    grade: e.grade,
    subjectId: e.subjectId,
  };
  return { target, facts };
}

/** Checked after the policy: the class must be one the school teaches, and the subject must exist. */
function writeOf(e: CalendarEventValues, facts: { classTaught: boolean; subjectExists: boolean }): repo.EventWrite {
  if (!facts.classTaught)
    throw new AppError('CALENDAR_CLASS_NOT_AT_SCHOOL', 'The school does not teach this board and grade');
  if (!facts.subjectExists) throw notFound('Subject');
  return {
    schoolId: e.schoolId,
    boardId: e.boardId,
    grade: e.grade,
    subjectId: e.subjectId,
    name: e.name,
    description: e.description,
    start: new Date(e.start),
    end: new Date(e.end),
    defaultDuration: e.defaultDuration,
    type: e.type,
    joinUrl: e.joinUrl,
    serviceName: e.serviceName,
    hostName: e.type === 'programme' ? e.hostName : null,
  };
}

async function eventFor(deps: AppDeps, p: Principal, eventId: number, language: Language): Promise<CalendarEvent> {
  const row = await repo.eventById(deps.database.db, eventId, language);
  if (!row) throw notFound('Event');
  return toEvent(p, row);
}

export async function createEvent(
  deps: AppDeps,
  principal: Principal | null,
  input: CalendarEventValues,
  language: Language,
): Promise<CalendarEvent> {
  requireCalendarWriter(principal);
  const { target, facts } = await placeOf(deps, input);
  const p = authorizeCreateEvent(principal, target);
  const id = await repo.insertEvent(deps.database.db, writeOf(input, facts), p.userId, deps.clock());
  return eventFor(deps, p, id, language);
}

/** Changes an event as a whole (it may move to another class of the caller's). */
export async function updateEvent(
  deps: AppDeps,
  principal: Principal | null,
  eventId: number,
  input: CalendarEventValues,
  language: Language,
): Promise<CalendarEvent> {
  const { db } = deps.database;
  requireCalendarWriter(principal);
  const { target, facts } = await placeOf(deps, input);
  const p = authorizeChangeEvent(principal, await loadCalendarEventFacts(db, eventId), target);
  // A live class keeps its room: it stays a class of one board and grade (its time, class and text may change).
  const current = await repo.eventById(db, eventId, language);
  if (current?.live_room && (input.type !== 'class' || input.grade === null))
    throw new AppError(
      'LIVE_CLASS_STAYS_CLASS',
      'A live class stays a class for one grade: delete it to make another kind of event',
    );
  await repo.updateEvent(db, eventId, writeOf(input, facts), deps.clock());
  return eventFor(deps, p, eventId, language);
}

export async function deleteEvent(deps: AppDeps, principal: Principal | null, eventId: number): Promise<void> {
  const { db } = deps.database;
  authorizeChangeEvent(principal, await loadCalendarEventFacts(db, eventId));
  await repo.deleteEvent(db, eventId);
}

/** Whether the caller has a private calendar link, and since when. */
export async function feedStatus(deps: AppDeps, principal: Principal | null): Promise<CalendarFeedStatus> {
  const p = requireCalendarReader(principal);
  const row = await repo.feedOf(deps.database.db, p.userId);
  return { active: row !== undefined, createdAt: row ? row.created_at.toISOString() : null };
}

/** A new private calendar link for the caller (the old one stops working); its secret is shown only now. */
export async function makeFeed(deps: AppDeps, principal: Principal | null, origin: string): Promise<CalendarFeedLink> {
  const p = requireCalendarReader(principal);
  const token = randomBytes(32).toString('base64url');
  await repo.saveFeed(deps.database.db, p.userId, hashToken(token), deps.clock());
  const url = `${origin}${FEED_PATH}${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function stopFeed(deps: AppDeps, principal: Principal | null): Promise<void> {
  const p = requireCalendarReader(principal);
  await repo.deleteFeed(deps.database.db, p.userId);
}

/**
 * The iCalendar document a private link opens: its owner's events from CALENDAR_FEED_PAST_DAYS ago
 * to CALENDAR_FEED_FUTURE_DAYS ahead, as they would see them signed in. An unknown or stopped link,
 * or an owner who no longer has a calendar, is 404.
 */
export async function feedDocument(deps: AppDeps, tokenWithSuffix: string, origin: string): Promise<string> {
  const { db } = deps.database;
  const token = tokenWithSuffix.replace(/\.ics$/, '');
  const owner = await repo.feedOwner(db, hashToken(token));
  const p = owner === undefined ? null : await principalOfUser(db, owner, deps.clock());
  if (
    !p ||
    (p.role !== 'student' &&
      p.role !== 'parent' &&
      p.role !== 'teacher' &&
      p.role !== 'principal' &&
      p.role !== 'superadmin')
  ) {
    throw notFound('Calendar');
  }
  const now = deps.clock().getTime();
  const rows = await repo.eventsOf(
    db,
    await audienceOf(deps, p),
    new Date(now - CALENDAR_FEED_PAST_DAYS * DAY_MS),
    new Date(now + CALENDAR_FEED_FUTURE_DAYS * DAY_MS),
    FEED_LIMIT,
    'en',
  );
  const calendar = ical({
    name: `Knowledge Islands – ${personName(p.firstName, p.lastName)}`,
    prodId: { company: 'Knowledge Islands', product: 'calendar', language: 'EN' },
  });
  for (const r of rows) {
    const forWhom =
      r.grade === null
        ? r.school_name
        : `${r.school_name}, ${r.board_name ?? ''} ${r.grade}${r.subject_name ? `, ${r.subject_name}` : ''}`;
    const link = r.live_room ? `${origin}${liveClassPath(r)}` : r.join_url;
    calendar.createEvent({
      id: `calendar-event-${r.id}@knowledge-islands`,
      start: r.starts_at,
      end: r.ends_at,
      stamp: r.updated_at,
      lastModified: r.updated_at,
      summary: r.name,
      description: [r.description, r.host_name, forWhom, link].filter((line) => line).join('\n\n'),
      ...(link ? { url: link } : {}),
    });
  }
  return calendar.toString();
}
