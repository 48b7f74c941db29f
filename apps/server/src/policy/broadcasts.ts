/**
 * Who posts, reads and deletes school notices (issue #26, "Broadcasts"; docs/DECISIONS.md). The
 * broadcasts service asks these first; its queries read exactly what is decided here.
 *
 * - A notice is for one school and chosen grades of it.
 * - Posting: the school's principal (or a multi-school principal holding it) and its chain's
 *   super-admin to any grade; a teacher to grades an assignment at that school covers (any subject).
 * - The school's list with read counts: its principal and super-admin see every notice; a teacher
 *   those for a grade they teach and their own.
 * - Reading: students of the school in one of the grades; parents of such students. A notice the
 *   caller is not for does not exist for them (404), so ids reveal nothing.
 * - Deleting: the author, the school's principal, the chain's super-admin.
 */
import { forbidden, notFound } from '../errors';
import { requireUser, type Principal } from './policy';

export interface BroadcastSchool {
  schoolId: number;
  chainId: number | null;
}
export interface BroadcastFacts extends BroadcastSchool {
  authorId: number | null;
  grades: readonly number[];
}

const isAuthority = (p: Principal, s: BroadcastSchool) =>
  (p.role === 'principal' && p.schoolIds.includes(s.schoolId)) ||
  (p.role === 'superadmin' && p.chainId !== null && p.chainId === s.chainId);

/** The grades the caller may post to at a school (all of `schoolGrades` for its authority), or null: none. */
export function postableGrades(
  principal: Principal | null,
  school: BroadcastSchool,
  schoolGrades: readonly number[],
): number[] | null {
  const p = requireUser(principal);
  if (isAuthority(p, school)) return [...schoolGrades];
  if (p.role === 'teacher' && p.schoolIds.includes(school.schoolId)) {
    const taught = new Set(p.teacherAssignments.filter((a) => a.schoolId === school.schoolId).map((a) => a.grade));
    return schoolGrades.filter((g) => taught.has(g));
  }
  return null;
}

/** The school's notices: its authority and its teachers; everyone else 403 (a school that does not exist too). */
export function authorizeSchoolBroadcasts(
  principal: Principal | null,
  school: BroadcastSchool,
): Principal & { role: 'teacher' | 'principal' | 'superadmin' } {
  const p = requireUser(principal);
  if (isAuthority(p, school) || (p.role === 'teacher' && p.schoolIds.includes(school.schoolId)))
    return p as Principal & { role: 'teacher' | 'principal' | 'superadmin' };
  throw forbidden('Only the school’s staff may see its notices');
}

/** Posting to `grades`: each must be one the caller may post to (postableGrades). */
export function authorizePostBroadcast(
  principal: Principal | null,
  school: BroadcastSchool,
  schoolGrades: readonly number[],
  grades: readonly number[],
): Principal {
  const p = authorizeSchoolBroadcasts(principal, school);
  const allowed = new Set(postableGrades(p, school, schoolGrades) ?? []);
  const outside = grades.filter((g) => !allowed.has(g));
  if (outside.length > 0) throw forbidden(`You cannot post to grade ${outside.join(', ')} of this school`);
  return p;
}

/** A notice in the school's list: the authority sees all; a teacher those of their grades and their own. */
export function staffSeesBroadcast(p: Principal, b: BroadcastFacts): boolean {
  if (isAuthority(p, b)) return true;
  if (p.role !== 'teacher') return false;
  if (b.authorId === p.userId) return true;
  return p.teacherAssignments.some((a) => a.schoolId === b.schoolId && b.grades.includes(a.grade));
}

export function canDeleteBroadcast(p: Principal, b: BroadcastFacts): boolean {
  return isAuthority(p, b) || (b.authorId !== null && b.authorId === p.userId);
}

/** Deleting: the author or the school's authority; a notice the caller cannot see is not found. */
export function authorizeDeleteBroadcast(principal: Principal | null, b: BroadcastFacts | undefined): Principal {
  const p = requireUser(principal);
  if (!b || !staffSeesBroadcast(p, b)) throw notFound('Notice');
  if (!canDeleteBroadcast(p, b)) throw forbidden('Only its author or the school’s principal may delete this notice');
  return p;
}

/** The classes whose notices a student or parent reads (a parent's: their linked children's). */
export function broadcastReaderClasses(
  principal: Principal | null,
  children: readonly { schoolId: number; grade: number; firstName: string }[] = [],
): { schoolId: number; grade: number; child: string | null }[] {
  const p = requireUser(principal);
  if (p.role === 'student') {
    const e = p.enrolment;
    return e && e.grade !== null ? [{ schoolId: e.schoolId, grade: e.grade, child: null }] : [];
  }
  if (p.role === 'parent') return children.map((c) => ({ schoolId: c.schoolId, grade: c.grade, child: c.firstName }));
  throw forbidden('Notices are read by students and parents; staff see them on /broadcast');
}

/** Marking a notice read: only by someone it is for; otherwise it does not exist for them (404). */
export function authorizeReadBroadcast(
  classes: readonly { schoolId: number; grade: number }[],
  b: BroadcastFacts | undefined,
): void {
  if (!b || !classes.some((c) => c.schoolId === b.schoolId && b.grades.includes(c.grade))) throw notFound('Notice');
}
