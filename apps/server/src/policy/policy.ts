/**
 * The only authorization module. Services call these first; routes, repositories and socket joins
 * never decide access themselves. Every denial is an AppError: 401 without a session, 403 outside
 * the caller's scope.
 */
import { AppError, forbidden, unauthenticated } from '../errors';
import type { Principal } from './principal';

export type { Principal } from './principal';

/** The caller, or 401. */
export function requireUser(principal: Principal | null): Principal {
  if (!principal) throw unauthenticated();
  return principal;
}

/** The caller if their role is one of `roles`, else 403. */
export function requireRole<R extends Principal['role']>(principal: Principal | null, ...roles: R[]): Principal & { role: R } {
  const p = requireUser(principal);
  if (!(roles as string[]).includes(p.role)) throw forbidden();
  return p as Principal & { role: R };
}

export interface Placement {
  schoolId: number;
  boardId: number;
  grade: number;
  section: string;
  enrolledAt: Date;
}

/**
 * A student enrolled in a school with a board and grade: only they may write learning records, and
 * only their own.
 */
export function requireEnrolledStudent(principal: Principal | null): Principal & { enrolment: Placement } {
  const p = requireRole(principal, 'student');
  const e = p.enrolment;
  if (!e) throw new AppError('FORBIDDEN', 'This student account is not enrolled in a school yet');
  if (e.boardId === null || e.grade === null) throw new AppError('FORBIDDEN', 'Choose your board and grade first');
  return { ...p, enrolment: { ...e, boardId: e.boardId, grade: e.grade } };
}

/** The facts about a student that decide who may read their data. */
export interface StudentFacts {
  studentId: number;
  schoolId: number;
  grade: number | null;
  /** The chain of the student's school. */
  chainId: number | null;
  /** Whether the caller is a parent linked to this student. */
  callerIsLinkedParent: boolean;
}

/**
 * Whether the caller may read one student's data: the student, a linked parent, and staff whose
 * scope covers the student (principal of the school, teacher of the grade there, super-admin of
 * the school's chain).
 */
export function canReadStudent(p: Principal, s: StudentFacts): boolean {
  switch (p.role) {
    case 'student':
      return p.userId === s.studentId;
    case 'parent':
      return s.callerIsLinkedParent;
    case 'principal':
      return p.schoolIds.includes(s.schoolId);
    case 'teacher':
      return p.teacherAssignments.some((a) => a.schoolId === s.schoolId && a.grade === s.grade);
    case 'superadmin':
      return p.chainId !== null && p.chainId === s.chainId;
    default:
      return false;
  }
}

export function authorizeReadStudent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!canReadStudent(p, s)) throw forbidden('You may not see this student');
  return p;
}

/**
 * The student dashboard (dashboards.md 2.2): the student themself, a linked parent, or staff whose
 * scope covers the student's school and grade. Content roles and everyone else: 403.
 */
export function authorizeReadStudentDashboard(principal: Principal | null, s: StudentFacts): Principal {
  return authorizeReadStudent(principal, s);
}

/** A parent's list of linked children: parents only. */
export function requireParent(principal: Principal | null): Principal & { role: 'parent' } {
  return requireRole(principal, 'parent');
}

// Parent links (security issue #21; docs/DECISIONS.md "Parent links") ----------------------------

/** The school's own act: the principal of the student's school (or a multi-school principal holding it) or the chain's super-admin. */
function isStudentsSchoolAuthority(p: Principal, s: StudentFacts): boolean {
  return (p.role === 'principal' && p.schoolIds.includes(s.schoolId)) || (p.role === 'superadmin' && p.chainId !== null && p.chainId === s.chainId);
}

/** What the caller may do with a student's parent links; the web shows its buttons from these. */
export interface ParentLinkPermissions {
  canLink: boolean;
  canRequest: boolean;
  canDecide: boolean;
  canUnlink: boolean;
}

export function parentLinkPermissions(p: Principal, s: StudentFacts): ParentLinkPermissions {
  const authority = isStudentsSchoolAuthority(p, s);
  return {
    canLink: authority,
    canRequest: p.role === 'teacher' && canReadStudent(p, s),
    canDecide: authority,
    canUnlink: authority,
  };
}

/** A student's linked parents and link requests: staff whose scope covers the student. Parents, students and content roles: 403. */
export function authorizeReadParentLinks(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  const isStaff = p.role === 'principal' || p.role === 'teacher' || p.role === 'superadmin';
  if (!isStaff || !canReadStudent(p, s)) throw forbidden('Only staff over this student may see their parents');
  return p;
}

/** Linking a parent directly: the principal of the student's school or the chain's super-admin. A teacher requests a link instead. */
export function authorizeLinkParent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canLink) throw forbidden('Only the principal of the student’s school may link a parent; a teacher may request a link');
  return p;
}

/** Asking for a parent link: a teacher whose assigned grades cover the student. */
export function authorizeRequestParentLink(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canRequest) throw forbidden('Only a teacher of this student may request a parent link');
  return p;
}

/** Approving or rejecting a teacher's request: the principal of the student's school or the chain's super-admin. */
export function authorizeDecideLinkRequest(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canDecide) throw forbidden('Only the principal of the student’s school may decide a link request');
  return p;
}

/** Unlinking a parent: the principal of the student's school or the chain's super-admin. */
export function authorizeUnlinkParent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canUnlink) throw forbidden('Only the principal of the student’s school may unlink a parent');
  return p;
}

/** A school's pending link requests: its principal (or a multi-school principal holding it) or its chain's super-admin. */
export function authorizeSchoolLinkRequests(principal: Principal | null, school: { schoolId: number; chainId: number | null }): Principal {
  const p = requireUser(principal);
  const allowed =
    (p.role === 'principal' && p.schoolIds.includes(school.schoolId)) ||
    (p.role === 'superadmin' && p.chainId !== null && p.chainId === school.chainId);
  if (!allowed) throw forbidden('Only the school’s principal may see its link requests');
  return p;
}

/** Reindex is a support tool: staff with the qa flag, within their scope (dashboards.md 6). */
export function authorizeReindexStudent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  const isStaff = p.role === 'principal' || p.role === 'teacher' || p.role === 'superadmin';
  if (!isStaff || !p.isQa || !canReadStudent(p, s)) throw forbidden('Reindexing needs a staff account with the qa role');
  return p;
}

/** A whole school's records: its principal (or a multi-school principal holding it), or its chain's super-admin. */
export function authorizeSchoolExport(principal: Principal | null, school: { schoolId: number; chainId: number | null }): Principal {
  const p = requireUser(principal);
  const allowed =
    (p.role === 'principal' && p.schoolIds.includes(school.schoolId)) ||
    (p.role === 'superadmin' && p.chainId !== null && p.chainId === school.chainId);
  if (!allowed) throw forbidden('Only the school’s principal may export its records');
  return p;
}

/** What an analytics request may cover: schools, optionally some grades and one subject. */
export interface AnalyticsScope {
  schoolIds: number[];
  /** null = every grade of those schools. */
  grades: number[] | null;
  /** A teacher limited to one subject sees only it. */
  subjectId: number | null;
}

export interface ScopeRequest {
  schoolIds: number[];
  grade: number | null;
  subjectId: number | null;
}

/**
 * Narrows a requested analytics scope to what the caller may see (dashboards.md 6): a principal
 * their school(s), a teacher their assigned grades (and subject), a super-admin the schools of their
 * chain. Asking for anything outside is a 403, not a silently smaller answer.
 *
 * @param chainSchoolIds schools of the caller's chain (super-admins only; the service loads them)
 */
export function narrowScope(principal: Principal | null, requested: ScopeRequest, chainSchoolIds: readonly number[] = []): AnalyticsScope {
  const p = requireRole(principal, 'principal', 'teacher', 'superadmin');
  const allowed = p.role === 'superadmin' ? chainSchoolIds : p.schoolIds;
  const schoolIds = requested.schoolIds.length ? [...new Set(requested.schoolIds)] : [...allowed];
  if (schoolIds.length === 0 || schoolIds.some((id) => !allowed.includes(id))) throw forbidden('You may not see these schools');

  if (p.role !== 'teacher') {
    return { schoolIds, grades: requested.grade === null ? null : [requested.grade], subjectId: requested.subjectId };
  }
  const assignments = p.teacherAssignments.filter((a) => schoolIds.includes(a.schoolId));
  const assigned = [...new Set(assignments.map((a) => a.grade))].sort((a, b) => a - b);
  if (assigned.length === 0) throw forbidden('No grades are assigned to you at these schools');
  if (requested.grade !== null && !assigned.includes(requested.grade)) throw forbidden('This grade is not assigned to you');
  const subjects = [...new Set(assignments.map((a) => a.subjectId))];
  const onlySubject = subjects.length === 1 ? subjects[0]! : null;
  if (onlySubject !== null && requested.subjectId !== null && requested.subjectId !== onlySubject) {
    throw forbidden('This subject is not assigned to you');
  }
  return { schoolIds, grades: requested.grade === null ? assigned : [requested.grade], subjectId: onlySubject ?? requested.subjectId };
}

/** A school's settings (such as its leaderboard) are its principal's to change. */
export function authorizeSchoolSettings(principal: Principal | null, schoolId: number): Principal {
  const p = requireRole(principal, 'principal');
  if (!p.schoolIds.includes(schoolId)) throw forbidden('Only this school’s principal may change its settings');
  return p;
}

/**
 * Authoring (access-and-app-shell.md 1, 6): content editors and approvers are not tied to a school
 * and see every board and grade, in every status. Everyone else (students, parents, school staff)
 * is refused, so drafts never leak to students.
 */
export function authorizeReadAuthoring(principal: Principal | null): Principal & { role: 'content_editor' | 'content_approver' } {
  return requireRole(principal, 'content_editor', 'content_approver');
}

/** Only a content editor creates and edits content and submits it for review. */
export function authorizeEditContent(principal: Principal | null): Principal & { role: 'content_editor' } {
  return requireRole(principal, 'content_editor');
}

/** Who wrote a change under review: whoever created, last edited or submitted it. */
export interface ChangeAuthors {
  createdBy: number;
  editedBy: number;
  submittedBy: number | null;
}

/** Whether the caller had a hand in any of these changes. */
export function isOwnChange(p: Principal, changes: readonly ChangeAuthors[]): boolean {
  return changes.some((c) => c.createdBy === p.userId || c.editedBy === p.userId || c.submittedBy === p.userId);
}

/**
 * Only a content approver approves or sends back, and never a change they had a hand in (four eyes:
 * docs/DECISIONS.md "Authoring"). The roles are separate accounts today; the check still holds if an
 * editor's account is later made an approver.
 */
export function authorizeReviewContent(principal: Principal | null, changes: readonly ChangeAuthors[]): Principal & { role: 'content_approver' } {
  const p = requireRole(principal, 'content_approver');
  if (isOwnChange(p, changes)) throw new AppError('SELF_APPROVAL', 'You cannot review changes you made yourself');
  return p;
}

/**
 * Erasing a student's data is the school's act as the data fiduciary: the principal of the student's
 * school (or a multi-school principal holding it) or the super-admin of its chain. Teachers, parents
 * and the student ask the school; they cannot erase.
 */
export function authorizeStudentErasure(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  const allowed = (p.role === 'principal' && p.schoolIds.includes(s.schoolId)) || (p.role === 'superadmin' && p.chainId !== null && p.chainId === s.chainId);
  if (!allowed) throw forbidden('Only the student’s school may erase their data');
  return p;
}

/** Curriculum a student may open: published, of their own board and grade (the learner journey). */
export interface StudentContentFacts {
  boardId: number;
  grade: number;
  published: boolean;
}

/**
 * Whether an enrolled student may open a chapter, topic, concept or question. Content of another
 * board or grade, or not published, is answered as not found (it does not exist for them) rather
 * than forbidden, so its existence is not revealed.
 */
export function canStudentOpenContent(student: { enrolment: { boardId: number; grade: number } }, c: StudentContentFacts): boolean {
  return c.published && c.boardId === student.enrolment.boardId && c.grade === student.enrolment.grade;
}
