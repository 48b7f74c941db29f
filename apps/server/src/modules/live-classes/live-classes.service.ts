/**
 * Live classes and educational TV (issue #26): the lists, scheduling, the join page's class, joining
 * through a provider, and the register. Every operation asks the policy (policy/live-classes.ts)
 * first; the lists read exactly the calendar audience the policy decides.
 */
import { randomInt } from 'node:crypto';
import type { Language } from '@ki/domain';
import {
  LIVE_CLASS_OPENS_MINUTES,
  LIVE_LIST_DAYS,
  LIVE_LIST_LIMIT,
  type LiveAttendance,
  type LiveClassValues,
  type LiveLaunch,
  type LiveList,
  type LiveSession,
} from '@ki/contracts';
import { personName } from '@ki/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import { calendarAudience, mayChangeEvent, type CalendarTarget } from '../../policy/calendar';
import type { CalendarEventFacts } from '../../policy/facts';
import { loadCalendarEventFacts } from '../../policy/facts';
import {
  authorizeLiveAttendance,
  authorizeLiveClass,
  authorizeLiveReader,
  authorizeScheduleLiveClass,
  joinsAsModerator,
  LIVE_CLASSES_PRODUCT,
} from '../../policy/live-classes';
import type { Principal } from '../../policy/policy';
import { requireRole } from '../../policy/policy';
import type { LiveProviders } from '../../providers/live-class/create-live-providers';
import { liveClassPath } from '../calendar/calendar.service';
import * as calendarRepo from '../../db/calendar-events';
import type { EventRow } from '../../db/calendar-events';
import * as repo from './live-classes.repository';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Staff's recent classes (for their registers): those that ended in the last week. */
const RECENT_DAYS = 7;

/** Whether a student's school has live classes (false for a student not enrolled). Staff: true. */
async function studentHasProduct(deps: AppDeps, principal: Principal | null): Promise<boolean> {
  if (principal?.role !== 'student') return true;
  const schoolId = principal.enrolment?.schoolId;
  return schoolId !== undefined && (await repo.schoolHasProduct(deps.database.db, schoolId, LIVE_CLASSES_PRODUCT));
}

const factsOf = (r: EventRow): CalendarEventFacts => ({
  schoolId: r.school_id,
  chainId: r.chain_id,
  boardId: r.board_id,
  grade: r.grade,
  subjectId: r.subject_id,
  createdBy: r.created_by,
});

/** Live from its start to its end; a class lets people in from LIVE_CLASS_OPENS_MINUTES before. */
export function liveStatus(start: Date, end: Date, now: Date): { status: LiveSession['status']; open: boolean } {
  const t = now.getTime();
  const status = t >= end.getTime() ? 'ended' : t >= start.getTime() ? 'live' : 'scheduled';
  return { status, open: t >= start.getTime() - LIVE_CLASS_OPENS_MINUTES * MINUTE && t < end.getTime() };
}

function toSession(p: Principal, r: EventRow, now: Date, attendance: Map<number, number> | null): LiveSession {
  const isClass = r.live_room !== null;
  const { status, open } = liveStatus(r.starts_at, r.ends_at, now);
  const staff = p.role !== 'student';
  return {
    id: r.id,
    kind: isClass ? 'class' : 'programme',
    name: r.name,
    description: r.description,
    start: r.starts_at.toISOString(),
    end: r.ends_at.toISOString(),
    schoolId: r.school_id,
    schoolName: r.school_name,
    timeZone: r.time_zone,
    boardName: r.board_name,
    grade: r.grade,
    subjectName: r.subject_name,
    status,
    open: isClass && open,
    by: isClass ? (r.author_name ?? '') : (r.host_name ?? r.author_name ?? ''),
    provider: isClass ? r.live_provider : null,
    joinPath: isClass ? liveClassPath(r) : null,
    watchUrl: isClass ? null : r.join_url,
    attendance: isClass && staff && attendance ? (attendance.get(r.id) ?? 0) : null,
    canEdit: staff && mayChangeEvent(p, factsOf(r)),
  };
}

/** Live now first, then by start. */
const liveFirst = (a: LiveSession, b: LiveSession) =>
  Number(b.status === 'live') - Number(a.status === 'live') || Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

export async function listLive(deps: AppDeps, principal: Principal | null, language: Language): Promise<LiveList> {
  const { db } = deps.database;
  const p = authorizeLiveReader(principal, await studentHasProduct(deps, principal));
  const audience = calendarAudience(p);
  const now = deps.clock();
  const ahead = { from: now, to: new Date(now.getTime() + LIVE_LIST_DAYS * DAY) };
  const staff = p.role !== 'student';
  const [classes, programmes, recent] = await Promise.all([
    repo.liveEventsOf(db, audience, 'class', ahead, LIVE_LIST_LIMIT, language),
    repo.liveEventsOf(db, audience, 'programme', ahead, LIVE_LIST_LIMIT, language),
    staff
      ? repo.liveEventsOf(
          db,
          audience,
          'class',
          { from: new Date(now.getTime() - RECENT_DAYS * DAY), to: now },
          LIVE_LIST_LIMIT,
          language,
          true,
        )
      : Promise.resolve([]),
  ]);
  const ended = recent.filter((r) => r.ends_at.getTime() <= now.getTime());
  const counts = staff
    ? await repo.attendanceCounts(
        db,
        [...classes, ...ended].map((r) => r.id),
      )
    : null;
  return {
    classes: classes.map((r) => toSession(p, r, now, counts)).sort(liveFirst),
    programmes: programmes.map((r) => toSession(p, r, now, null)).sort(liveFirst),
    recent: ended.map((r) => toSession(p, r, now, counts)),
  };
}

/** A room id: 12 random characters of a-z and 0-9 (about 62 bits). */
function newRoom(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export async function scheduleLiveClass(
  deps: AppDeps,
  principal: Principal | null,
  input: LiveClassValues,
  language: Language,
): Promise<LiveSession> {
  const { db } = deps.database;
  requireRole(principal, 'teacher', 'principal', 'superadmin');
  const facts = await calendarRepo.targetFacts(db, input.schoolId, input.boardId, input.grade, input.subjectId);
  if (!facts) throw notFound('School');
  const target: CalendarTarget = {
    schoolId: input.schoolId,
    chainId: facts.chainId,
    boardId: input.boardId,
    grade: input.grade,
    subjectId: input.subjectId,
  };
  const p = authorizeScheduleLiveClass(
    principal,
    target,
    await repo.schoolHasProduct(db, input.schoolId, LIVE_CLASSES_PRODUCT),
  );
  if (!facts.classTaught)
    throw new AppError('CALENDAR_CLASS_NOT_AT_SCHOOL', 'The school does not teach this board and grade');
  if (!facts.subjectExists) throw notFound('Subject');
  const now = deps.clock();
  const id = await repo.insertLiveClass(
    db,
    { ...input, start: new Date(input.start), end: new Date(input.end), room: newRoom() },
    p.userId,
    now,
  );
  const row = await calendarRepo.eventById(db, id, language);
  return toSession(p, row!, now, new Map());
}

/** The join page's class, by its school and room. */
export async function liveClassInRoom(
  deps: AppDeps,
  principal: Principal | null,
  schoolId: number,
  room: string,
  language: Language,
): Promise<LiveSession> {
  const { db } = deps.database;
  const row = await repo.liveClassByRoom(db, schoolId, room, language);
  const p = authorizeLiveClass(principal, row && factsOf(row), await studentHasProduct(deps, principal));
  const counts = p.role === 'student' ? null : await repo.attendanceCounts(db, [row!.id]);
  return toSession(p, row!, deps.clock(), counts);
}

/**
 * Joining: the provider's launch for this person (staff as moderators), when the class is open; a
 * student's join goes on the register once the provider has answered.
 */
export async function joinLiveClass(
  deps: AppDeps,
  providers: LiveProviders,
  principal: Principal | null,
  eventId: number,
  displayName: string,
): Promise<LiveLaunch> {
  const { db } = deps.database;
  const facts = await loadCalendarEventFacts(db, eventId);
  const p = authorizeLiveClass(principal, facts, await studentHasProduct(deps, principal));
  const row = await calendarRepo.eventById(db, eventId, 'en');
  if (!row?.live_room || !row.live_provider) throw notFound('Live class');
  const now = deps.clock();
  const { status, open } = liveStatus(row.starts_at, row.ends_at, now);
  if (!open) {
    throw new AppError(
      'LIVE_CLASS_NOT_OPEN',
      status === 'ended'
        ? 'This class has ended'
        : `This class opens ${LIVE_CLASS_OPENS_MINUTES} minutes before it starts`,
      { status, opensAt: new Date(row.starts_at.getTime() - LIVE_CLASS_OPENS_MINUTES * MINUTE).toISOString() },
    );
  }
  const provider = providers.get(row.live_provider);
  if (!provider)
    throw new AppError('LIVE_PROVIDER_UNAVAILABLE', 'Live classes are not set up on this server yet. Tell the school.');
  const launch = await provider.launch(
    { key: `ki-${row.school_id}-${row.live_room}`, title: row.name },
    { userId: p.userId, displayName, moderator: joinsAsModerator(p) },
  );
  if (p.role === 'student') await repo.recordJoin(db, eventId, p.userId, displayName, now);
  return launch;
}

export async function liveAttendance(
  deps: AppDeps,
  principal: Principal | null,
  eventId: number,
): Promise<LiveAttendance> {
  const { db } = deps.database;
  authorizeLiveAttendance(principal, await loadCalendarEventFacts(db, eventId));
  const row = await calendarRepo.eventById(db, eventId, 'en');
  if (!row?.live_room) throw notFound('Live class');
  const register = await repo.classRegister(db, eventId);
  const students = register.map((s) => ({
    id: s.id,
    name: personName(s.first_name, s.last_name),
    joinedAs: s.joined_as,
    firstJoinedAt: s.first_joined_at ? s.first_joined_at.toISOString() : null,
  }));
  return {
    id: row.id,
    name: row.name,
    students,
    present: students.filter((s) => s.firstJoinedAt !== null).length,
    total: students.length,
  };
}
