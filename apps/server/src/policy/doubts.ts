/**
 * Who asks, reads and answers doubts (issue #26, "Doubts"; docs/DECISIONS.md). The doubts service
 * asks these first; its queries read exactly the scope decided here (doubtScope).
 *
 * - Asking: an enrolled student, about a published topic of their board and grade
 *   (canStudentOpenContent); the doubt keeps the class they were in when asking.
 * - Reading and answering: the teachers whose assignment covers the doubt's school, grade and the
 *   topic's subject (an assignment without a subject covers all), and the school's principal (or a
 *   multi-school principal holding it). The chain's super-admin reads its schools' doubts but does
 *   not answer them: a child's question goes to someone who teaches the child.
 * - The student reads their own doubts and their answers, and adds a picture while none is given yet.
 * - A doubt the caller may not read does not exist for them (404), so ids reveal nothing.
 */
import { AppError, forbidden, notFound } from '../errors';
import { requireRole, type Principal } from './policy';

export interface DoubtFacts {
  studentId: number;
  schoolId: number;
  chainId: number | null;
  grade: number;
  subjectId: number;
  status: 'open' | 'answered';
}

/** Which doubts a member of staff reads, for the list's query. */
export type DoubtScope =
  | { kind: 'chain'; chainId: number }
  | { kind: 'schools'; schoolIds: number[] }
  | { kind: 'classes'; classes: { schoolId: number; grade: number; subjectId: number | null }[] };

type Staff = Principal & { role: 'teacher' | 'principal' | 'superadmin' };

/** The doubts lists (/doubts): teachers, principals and super-admins only. */
export function authorizeStaffDoubts(principal: Principal | null): Staff {
  return requireRole(principal, 'teacher', 'principal', 'superadmin');
}

export function doubtScope(p: Staff): DoubtScope {
  if (p.role === 'superadmin')
    return p.chainId === null ? { kind: 'schools', schoolIds: [] } : { kind: 'chain', chainId: p.chainId };
  if (p.role === 'principal') return { kind: 'schools', schoolIds: [...p.schoolIds] };
  return {
    kind: 'classes',
    classes: p.teacherAssignments
      .filter((a) => p.schoolIds.includes(a.schoolId))
      .map((a) => ({ schoolId: a.schoolId, grade: a.grade, subjectId: a.subjectId })),
  };
}

const teaches = (p: Principal, d: DoubtFacts) =>
  p.role === 'teacher' &&
  p.schoolIds.includes(d.schoolId) &&
  p.teacherAssignments.some(
    (a) => a.schoolId === d.schoolId && a.grade === d.grade && (a.subjectId === null || a.subjectId === d.subjectId),
  );

const headsSchool = (p: Principal, d: DoubtFacts) => p.role === 'principal' && p.schoolIds.includes(d.schoolId);

/** Whether a member of staff reads this doubt (the same rule as doubtScope). */
export function staffSeesDoubt(p: Principal, d: DoubtFacts): boolean {
  return (
    teaches(p, d) || headsSchool(p, d) || (p.role === 'superadmin' && p.chainId !== null && p.chainId === d.chainId)
  );
}

/** Answering: a teacher of the class or the school's principal. */
export function canAnswerDoubt(p: Principal, d: DoubtFacts): boolean {
  return teaches(p, d) || headsSchool(p, d);
}

export function authorizeAnswerDoubt(principal: Principal | null, d: DoubtFacts | undefined): Staff {
  const p = authorizeStaffDoubts(principal);
  if (!d || !staffSeesDoubt(p, d)) throw notFound('Doubt');
  if (!canAnswerDoubt(p, d))
    throw forbidden('Only a teacher of the class or the school’s principal may answer this doubt');
  return p;
}

/** The picture: the student who asked, or staff who read the doubt; anyone else 404. */
export function authorizeDoubtPicture(principal: Principal | null, d: DoubtFacts | undefined): Principal {
  const p = requireRole(principal, 'student', 'teacher', 'principal', 'superadmin');
  if (!d || (p.role === 'student' ? d.studentId !== p.userId : !staffSeesDoubt(p, d))) throw notFound('Doubt');
  return p;
}

/** Adding a picture: the student who asked, while no answer is given (an answer may be about the picture). */
export function authorizeSetDoubtPicture(principal: Principal | null, d: DoubtFacts | undefined): Principal {
  const p = requireRole(principal, 'student');
  if (!d || d.studentId !== p.userId) throw notFound('Doubt');
  if (d.status !== 'open') throw new AppError('CONFLICT', 'This doubt is answered: ask a new one to add a picture');
  return p;
}
