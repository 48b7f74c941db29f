/**
 * Who sees and who changes a school's calendar (issue #26; docs/DECISIONS.md "School calendar").
 * The calendar service asks these first; its one query reads exactly the audience decided here.
 *
 * - An event is for one school: the whole school (no class), one board and grade, or one subject of it.
 * - Students see their school's whole-school events and their own board and grade's; parents the same
 *   for each linked child; teachers their schools' whole-school events, those of the grades they
 *   teach, and their own; principals every event of their schools; super-admins of their chain's.
 *   Content roles have no calendar (403).
 * - Principals put events on any class of their schools or the whole school; super-admins the same in
 *   their chain; a teacher only on a class an assignment covers (teacherCovers: a subject-only
 *   assignment needs that subject), never the whole school.
 * - An event is changed or deleted by the school's principal, the chain's super-admin, and its author
 *   while they may still put it there. An event the caller cannot see does not exist for them (404).
 */
import { forbidden, notFound } from '../errors';
import type { CalendarEventFacts } from './facts';
import { requireUser, teacherCovers, type Principal } from './policy';

/** The part of a class an event is for: null grade = the whole school. */
export interface CalendarTarget {
  schoolId: number;
  chainId: number | null;
  boardId: number | null;
  grade: number | null;
  subjectId: number | null;
}

/**
 * The calendars one caller reads: every event of these chains' and schools' calendars, the
 * whole-school events and one grade's (of one board, or of any board when null) in `classes`, and
 * the events they wrote.
 */
export interface CalendarAudience {
  chainIds: readonly number[];
  schoolIds: readonly number[];
  classes: readonly { schoolId: number; boardId: number | null; grade: number }[];
  authorId: number | null;
}

const isStaff = (p: Principal) => p.role === 'teacher' || p.role === 'principal' || p.role === 'superadmin';

/** Someone with a calendar (students, parents, staff); content roles are refused (403). */
export function requireCalendarReader(principal: Principal | null): Principal {
  const p = requireUser(principal);
  if (!isStaff(p) && p.role !== 'student' && p.role !== 'parent')
    throw forbidden('The calendar is for schools’ students, parents and staff');
  return p;
}

/** What the caller's calendar holds; `children` are a parent's linked children's classes. */
export function calendarAudience(
  principal: Principal | null,
  children: readonly { schoolId: number; boardId: number; grade: number }[] = [],
): CalendarAudience {
  const p = requireCalendarReader(principal);
  const none: CalendarAudience = { chainIds: [], schoolIds: [], classes: [], authorId: null };
  switch (p.role) {
    case 'superadmin':
      return { ...none, chainIds: p.chainId === null ? [] : [p.chainId], authorId: p.userId };
    case 'principal':
      return { ...none, schoolIds: p.schoolIds, authorId: p.userId };
    case 'teacher':
      return {
        ...none,
        classes: p.teacherAssignments.map((a) => ({ schoolId: a.schoolId, boardId: null, grade: a.grade })),
        authorId: p.userId,
      };
    case 'student': {
      const e = p.enrolment;
      if (!e) return none;
      // Before a board and grade are picked, the school's whole-school events only.
      return e.boardId === null || e.grade === null
        ? { ...none, classes: [{ schoolId: e.schoolId, boardId: -1, grade: -1 }] }
        : { ...none, classes: [{ schoolId: e.schoolId, boardId: e.boardId, grade: e.grade }] };
    }
    default:
      // A parent (requireCalendarReader leaves no other role).
      return { ...none, classes: children };
  }
}

/** Whether the caller may put an event on this target (a new one, or an existing one moved there). */
export function mayWriteCalendar(p: Principal, t: CalendarTarget): boolean {
  switch (p.role) {
    case 'principal':
      return p.schoolIds.includes(t.schoolId);
    case 'superadmin':
      return p.chainId !== null && p.chainId === t.chainId;
    case 'teacher':
      return t.grade !== null && teacherCovers(p, t.schoolId, t.grade, t.subjectId);
    default:
      return false;
  }
}

/** Whether the caller reads this event (the audience above, decided on one event). */
export function maySeeEvent(
  p: Principal,
  e: CalendarEventFacts,
  children: readonly { schoolId: number; boardId: number; grade: number }[] = [],
): boolean {
  if (!isStaff(p) && p.role !== 'student' && p.role !== 'parent') return false;
  const a = calendarAudience(p, children);
  if (e.chainId !== null && a.chainIds.includes(e.chainId)) return true;
  if (a.schoolIds.includes(e.schoolId)) return true;
  if (a.authorId !== null && e.createdBy === a.authorId) return true;
  return a.classes.some(
    (c) =>
      c.schoolId === e.schoolId &&
      (e.grade === null || (e.grade === c.grade && (c.boardId === null || c.boardId === e.boardId))),
  );
}

/** Whether the caller may change or delete this event: principal, super-admin, or its author who still covers it. */
export function mayChangeEvent(p: Principal, e: CalendarEventFacts): boolean {
  if (p.role === 'teacher') return e.createdBy === p.userId && mayWriteCalendar(p, e);
  return mayWriteCalendar(p, e);
}

/** Staff, the only ones who write the calendar (students and parents read it: 403). */
export function requireCalendarWriter(principal: Principal | null): Principal {
  const p = requireUser(principal);
  if (!isStaff(p)) throw forbidden('Only school staff put events on the calendar');
  return p;
}

/** Putting a new event on a calendar: staff whose scope covers the target. */
export function authorizeCreateEvent(principal: Principal | null, target: CalendarTarget): Principal {
  const p = requireCalendarWriter(principal);
  if (!mayWriteCalendar(p, target)) {
    throw forbidden(
      p.role === 'teacher'
        ? 'You can add events only for the classes and subjects you teach'
        : 'This school is not yours',
    );
  }
  return p;
}

/**
 * Changing or deleting an event (and, for a change, where it goes): an event the caller cannot see is
 * 404; one they see but may not change is 403; the new target must be theirs too.
 */
export function authorizeChangeEvent(
  principal: Principal | null,
  event: CalendarEventFacts | undefined,
  target?: CalendarTarget,
): Principal {
  const p = requireCalendarWriter(principal);
  if (!event || !maySeeEvent(p, event)) throw notFound('Event');
  if (!mayChangeEvent(p, event))
    throw forbidden('Only the event’s author, the school’s principal or the chain’s administrator can change it');
  if (target) authorizeCreateEvent(p, target);
  return p;
}
