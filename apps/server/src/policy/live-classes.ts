/**
 * Who sees, schedules, joins and takes the register of live classes and educational TV (issue #26;
 * docs/DECISIONS.md "Live classes"). A live class is a calendar event, so the calendar's rules say who
 * sees it and who writes it (policy/calendar.ts); these add what live classes add:
 *
 * - Students and staff (teachers, principals, super-admins) have the lists; parents and content roles
 *   do not (403). A student whose school does not have the liveclasses product is refused
 *   (LIVE_CLASSES_NOT_IN_PLAN), as the web app's guard redirects them (access-and-app-shell.md 4.4).
 * - Scheduling: staff who may put an event on that class's calendar (a teacher only for a class and
 *   subject they teach), at a school with the product.
 * - Joining: whoever sees the class; staff join as moderators, students as viewers. Only students'
 *   joins are the register.
 * - The register: staff who see the class. A class the caller cannot see does not exist for them (404).
 */
import { AppError, notFound } from '../errors';
import { authorizeCreateEvent, maySeeEvent, type CalendarTarget } from './calendar';
import type { CalendarEventFacts } from './facts';
import { requireRole, type Principal } from './policy';

export const LIVE_CLASSES_PRODUCT = 'liveclasses';

type LiveReader = Principal & { role: 'student' | 'teacher' | 'principal' | 'superadmin' };

const notInPlan = () => new AppError('LIVE_CLASSES_NOT_IN_PLAN', 'Your school does not have live classes');

/** The lists: students of a school with the product, and staff. */
export function authorizeLiveReader(principal: Principal | null, studentSchoolHasProduct: boolean): LiveReader {
  const p = requireRole(principal, 'student', 'teacher', 'principal', 'superadmin');
  if (p.role === 'student' && !studentSchoolHasProduct) throw notInPlan();
  return p;
}

/** Scheduling a live class on a class of a school: the calendar's writers, where the school has the product. */
export function authorizeScheduleLiveClass(
  principal: Principal | null,
  target: CalendarTarget,
  schoolHasProduct: boolean,
): Principal {
  const p = authorizeCreateEvent(principal, target);
  if (!schoolHasProduct) throw notInPlan();
  return p;
}

/** One live class (its join page, joining): whoever sees it on their calendar. */
export function authorizeLiveClass(
  principal: Principal | null,
  event: CalendarEventFacts | undefined,
  studentSchoolHasProduct: boolean,
): LiveReader {
  const p = authorizeLiveReader(principal, studentSchoolHasProduct);
  if (!event || !maySeeEvent(p, event)) throw notFound('Live class');
  return p;
}

/** Staff run the class; students watch and take part. */
export const joinsAsModerator = (p: Principal) => p.role !== 'student';

/** The register: staff who see the class (students 403). */
export function authorizeLiveAttendance(principal: Principal | null, event: CalendarEventFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher', 'principal', 'superadmin');
  if (!event || !maySeeEvent(p, event)) throw notFound('Live class');
  return p;
}
