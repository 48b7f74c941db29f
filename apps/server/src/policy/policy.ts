/**
 * The only authorization module. Services call these first; routes, repositories and socket joins
 * never decide access themselves. Every denial is an AppError: 401 without a session, 403 outside
 * the caller's scope.
 */
import type { Abilities } from '@ki/contracts';
import { AppError, forbidden, unauthenticated } from '../errors';
import { loadChainSchoolIds, loadSchoolFacts, loadStudentFacts, type PolicyDb, type StudentFacts } from './facts';
import type { Principal } from './principal';

export type { Principal } from './principal';

/** Who chats (issue #25): the school staff roles; students, parents and content roles do not. */
export function isChatStaff(p: Principal): p is Principal & { role: 'teacher' | 'principal' | 'superadmin' } {
  return p.role === 'teacher' || p.role === 'principal' || p.role === 'superadmin';
}

/** The caller, or 401. */
export function requireUser(principal: Principal | null): Principal {
  if (!principal) throw unauthenticated();
  return principal;
}

/** The caller if their role is one of `roles`, else 403. */
export function requireRole<R extends Principal['role']>(
  principal: Principal | null,
  ...roles: R[]
): Principal & { role: R } {
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

/**
 * Writing learning records: an enrolled student, only their own. A device uploading a queue names
 * its player (`playedBy`): another student's queue is never stored under this session.
 */
export function authorizeWriteRecords(
  principal: Principal | null,
  playedBy?: number,
): Principal & { enrolment: Placement } {
  const student = requireEnrolledStudent(principal);
  if (playedBy !== undefined && playedBy !== student.userId)
    throw forbidden('These records were played by another student');
  return student;
}

export type { StudentFacts } from './facts';

/**
 * Whether one of a teacher's assignments covers this school and grade for `subjectId`. Null asks
 * for figures over every subject (a student's total score, the grade's overview), which only an
 * assignment to all subjects covers: a science teacher's assignment never opens a student's maths.
 * Each assignment is checked whole, never their schools, grades and subjects pooled into sets, so
 * (school 4, grade 6) + (school 5, grade 9) does not open school 4's grade 9.
 */
export function teacherCovers(p: Principal, schoolId: number, grade: number | null, subjectId: number | null): boolean {
  return p.teacherAssignments.some(
    (a) => a.schoolId === schoolId && a.grade === grade && (a.subjectId === null || a.subjectId === subjectId),
  );
}

/** Whether a teacher is assigned to this school and grade at all, in any subject. */
function teachesGrade(p: Principal, schoolId: number, grade: number | null): boolean {
  return p.teacherAssignments.some((a) => a.schoolId === schoolId && a.grade === grade);
}

/** A class as the policy sees it: its school, that school's chain, its grade. */
export interface ClassPlace {
  schoolId: number;
  chainId: number | null;
  grade: number;
}

/**
 * Whether a member of staff works with a class: a teacher of the school with an assignment to its
 * grade in any subject (it is their class), the school's principal, the chain's super-admin. Class
 * rooms (policy/class-rooms.ts) and sharing drive files (policy/drive.ts) ask this.
 */
export function worksWithClass(p: Principal, c: ClassPlace): boolean {
  if (p.role === 'teacher') return p.schoolIds.includes(c.schoolId) && teachesGrade(p, c.schoolId, c.grade);
  if (p.role === 'principal') return p.schoolIds.includes(c.schoolId);
  return p.role === 'superadmin' && p.chainId !== null && p.chainId === c.chainId;
}

/** Whether the caller's school, chain or grade covers the student (principal, super-admin, teacher in any subject). */
function isStaffOver(p: Principal, s: StudentFacts): boolean {
  switch (p.role) {
    case 'principal':
      return p.schoolIds.includes(s.schoolId);
    case 'superadmin':
      return p.chainId !== null && p.chainId === s.chainId;
    case 'teacher':
      return teachesGrade(p, s.schoolId, s.grade);
    default:
      return false;
  }
}

/**
 * Whether the caller may read one student's figures: the student, a linked parent, and staff whose
 * scope covers the student (principal of the school, super-admin of the school's chain, a teacher
 * whose assignment covers the school, grade and `subjectId`; null = figures over every subject,
 * which needs an assignment to all subjects).
 */
export function canReadStudent(p: Principal, s: StudentFacts, subjectId: number | null = null): boolean {
  switch (p.role) {
    case 'student':
      return p.userId === s.studentId;
    case 'parent':
      return s.callerIsLinkedParent;
    case 'teacher':
      return teacherCovers(p, s.schoolId, s.grade, subjectId);
    default:
      return isStaffOver(p, s);
  }
}

/** A student's figures over every subject: records export, dashboard, progress chart. */
export function authorizeReadStudent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!canReadStudent(p, s)) throw forbidden('You may not see this student');
  return p;
}

/**
 * The student dashboard (dashboards.md 2.2): the student themself, a linked parent, or staff whose
 * scope covers the student's school and grade in every subject. Content roles and everyone else: 403.
 */
export function authorizeReadStudentDashboard(principal: Principal | null, s: StudentFacts): Principal {
  return authorizeReadStudent(principal, s);
}

/** One subject of a student (dashboards.md 2.2 subject detail): as the dashboard, or a teacher of that subject. */
export function authorizeReadStudentSubject(
  principal: Principal | null,
  s: StudentFacts,
  subjectId: number,
): Principal {
  const p = requireUser(principal);
  if (!canReadStudent(p, s, subjectId)) throw forbidden('You may not see this student');
  return p;
}

/** A parent's list of linked children: parents only. */
export function requireParent(principal: Principal | null): Principal & { role: 'parent' } {
  return requireRole(principal, 'parent');
}

// Parent links (security issue #21; docs/DECISIONS.md "Parent links") ----------------------------

/** The school's own act: the principal of the student's school (or a multi-school principal holding it) or the chain's super-admin. */
function isStudentsSchoolAuthority(p: Principal, s: { schoolId: number; chainId: number | null }): boolean {
  return (
    (p.role === 'principal' && p.schoolIds.includes(s.schoolId)) ||
    (p.role === 'superadmin' && p.chainId !== null && p.chainId === s.chainId)
  );
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
    canRequest: p.role === 'teacher' && isStaffOver(p, s),
    canDecide: authority,
    canUnlink: authority,
  };
}

/** A student's linked parents and link requests: staff whose scope covers the student. Parents, students and content roles: 403. */
export function authorizeReadParentLinks(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!isStaffOver(p, s)) throw forbidden('Only staff over this student may see their parents');
  return p;
}

/** Linking a parent directly: the principal of the student's school or the chain's super-admin. A teacher requests a link instead. */
export function authorizeLinkParent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canLink)
    throw forbidden('Only the principal of the student’s school may link a parent; a teacher may request a link');
  return p;
}

/** Asking for a parent link: a teacher whose assigned grades cover the student. */
export function authorizeRequestParentLink(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canRequest)
    throw forbidden('Only a teacher of this student may request a parent link');
  return p;
}

/** Approving or rejecting a teacher's request: the principal of the student's school or the chain's super-admin. */
export function authorizeDecideLinkRequest(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canDecide)
    throw forbidden('Only the principal of the student’s school may decide a link request');
  return p;
}

/** Unlinking a parent: the principal of the student's school or the chain's super-admin. */
export function authorizeUnlinkParent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!parentLinkPermissions(p, s).canUnlink)
    throw forbidden('Only the principal of the student’s school may unlink a parent');
  return p;
}

/** A school's pending link requests: its principal (or a multi-school principal holding it) or its chain's super-admin. */
export function authorizeSchoolLinkRequests(
  principal: Principal | null,
  school: { schoolId: number; chainId: number | null },
): Principal {
  const p = requireUser(principal);
  if (!isStudentsSchoolAuthority(p, school)) throw forbidden('Only the school’s principal may see its link requests');
  return p;
}

/**
 * Outlier flags on a student's records (records/batch-rules.ts) are for staff over the student to look
 * into: the student and their parents see figures, never suspicions.
 */
export function maySeeRecordFlags(principal: Principal | null, s: StudentFacts): boolean {
  return principal !== null && isStaffOver(principal, s);
}

/**
 * Where the Reindex button shows (dashboards.md 2.3, 2.7, 6): on the student tables of the school
 * dashboard to staff with the qa role; on topic tables to any role other than school, that is
 * teachers, super-admins and qa staff, never a principal without qa.
 */
export function reindexButtons(p: Principal): { studentTables: boolean; topicTables: boolean } {
  const isStaff = p.role === 'principal' || p.role === 'teacher' || p.role === 'superadmin';
  return { studentTables: isStaff && p.isQa, topicTables: isStaff && (p.isQa || p.role !== 'principal') };
}

/**
 * Reindex is a support tool, for whoever sees its button somewhere (reindexButtons: the qa role, or
 * a role other than school on topic tables), within their scope. The server cannot tell which table
 * the button was pressed on, so it allows the union. It shows no figures (only how many records were
 * replayed), so a teacher of the grade in any subject may.
 */
export function authorizeReindexStudent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!reindexButtons(p).topicTables || !isStaffOver(p, s))
    throw forbidden('Reindexing needs a teacher, a super-admin or the qa role');
  return p;
}

/**
 * A student no caller is entitled to: what the rules are given for an id that does not exist, so
 * that it is refused with the very answer of a student outside the caller's scope (403 and the same
 * message), and probing ids reveals nothing about which exist.
 */
const NO_STUDENT: StudentFacts = {
  studentId: -1,
  schoolId: -1,
  boardId: null,
  grade: null,
  chainId: null,
  callerIsLinkedParent: false,
};

/**
 * Loads a student's facts and applies `rule` (one of the authorize... functions above): 401 without
 * a session, and one answer, the rule's 403, for a student outside the caller's scope and for an id
 * that does not exist.
 */
export async function authorizeStudent(
  db: PolicyDb,
  principal: Principal | null,
  studentId: number,
  rule: (p: Principal | null, s: StudentFacts) => Principal,
): Promise<{ principal: Principal; facts: StudentFacts }> {
  requireUser(principal);
  const facts = await loadStudentFacts(db, principal, studentId);
  const p = rule(principal, facts ?? NO_STUDENT);
  // The rule let the caller through: only a real student's facts can do that.
  return { principal: p, facts: facts! };
}

/** A whole school's records: its principal (or a multi-school principal holding it), or its chain's super-admin. */
export function authorizeSchoolExport(
  principal: Principal | null,
  school: { schoolId: number; chainId: number | null },
): Principal {
  const p = requireUser(principal);
  const allowed =
    (p.role === 'principal' && p.schoolIds.includes(school.schoolId)) ||
    (p.role === 'superadmin' && p.chainId !== null && p.chainId === school.chainId);
  if (!allowed) throw forbidden('Only the school’s principal may export its records');
  return p;
}

/** authorizeSchoolExport on the school's facts; a school that does not exist is refused alike (403). */
export async function authorizeSchoolExportById(
  db: PolicyDb,
  principal: Principal | null,
  schoolId: number,
): Promise<Principal> {
  requireUser(principal);
  const school = await loadSchoolFacts(db, schoolId);
  return authorizeSchoolExport(principal, school ?? { schoolId: -1, chainId: null });
}

/** What an analytics request may cover: schools, optionally some grades and one subject. */
export interface AnalyticsScope {
  schoolIds: number[];
  /** null = every grade of those schools. */
  grades: number[] | null;
  /** Figures of this subject only (null: every subject). */
  subjectId: number | null;
  /**
   * Set when the scope is not every listed grade of every listed school: the (school, grade) pairs a
   * teacher's assignments cover, e.g. grade 6 at school 4 and grade 9 at school 5 but neither grade
   * at the other school. null: every grade of `grades` at every school.
   */
  pairs: readonly { schoolId: number; grade: number }[] | null;
}

export interface ScopeRequest {
  schoolIds: number[];
  grade: number | null;
  subjectId: number | null;
  /**
   * What the figures are made of: 'all subjects' for figures over every subject (overview, grades,
   * insights, student lists with total scores), 'one subject' for figures of `subjectId` only (the
   * subject summary and its lists). A teacher needs an assignment covering what the figures are made of.
   */
  figures: 'all subjects' | 'one subject';
}

/**
 * Narrows a requested analytics scope to what the caller may see (dashboards.md 6): a principal
 * their school(s), a teacher what their assignments cover, a super-admin the schools of their
 * chain. Asking for anything outside is a 403, not a silently smaller answer.
 *
 * @param chainSchoolIds schools of the caller's chain (super-admins only; scopeFor loads them)
 */
export function narrowScope(
  principal: Principal | null,
  requested: ScopeRequest,
  chainSchoolIds: readonly number[] = [],
): AnalyticsScope {
  const p = requireRole(principal, 'principal', 'teacher', 'superadmin');
  const allowed = p.role === 'superadmin' ? chainSchoolIds : p.schoolIds;
  if (requested.schoolIds.some((id) => !allowed.includes(id))) throw forbidden('You may not see these schools');
  if (p.role === 'teacher') return teacherScope(p, requested);
  const schoolIds = requested.schoolIds.length ? [...new Set(requested.schoolIds)] : [...allowed];
  if (schoolIds.length === 0) throw forbidden('You may not see these schools');
  return {
    schoolIds,
    grades: requested.grade === null ? null : [requested.grade],
    subjectId: requested.subjectId,
    pairs: null,
  };
}

/**
 * A teacher's scope, assignment by assignment: the (school, grade) pairs whose assignment covers
 * the figures asked for (see teacherCovers). Every school named must have one; with no school
 * named, the schools that have one.
 */
function teacherScope(p: Principal, requested: ScopeRequest): AnalyticsScope {
  const subjectId = requested.figures === 'all subjects' ? null : requested.subjectId;
  const covered = p.teacherAssignments.filter(
    (a) =>
      p.schoolIds.includes(a.schoolId) &&
      (requested.grade === null || a.grade === requested.grade) &&
      teacherCovers(p, a.schoolId, a.grade, subjectId),
  );
  const schoolIds = requested.schoolIds.length
    ? [...new Set(requested.schoolIds)]
    : [...new Set(covered.map((a) => a.schoolId))];
  const uncovered = schoolIds.find((id) => !covered.some((a) => a.schoolId === id));
  if (schoolIds.length === 0 || uncovered !== undefined) throw teacherRefusal(p, requested, uncovered);
  const pairs = covered
    .filter((a) => schoolIds.includes(a.schoolId))
    .map((a) => ({ schoolId: a.schoolId, grade: a.grade }));
  const grades = [...new Set(pairs.map((a) => a.grade))].sort((a, b) => a - b);
  // Every grade at every school: the plain school and grade filters say it all (and keep the tuned SQL).
  const isGrid = pairs.length === schoolIds.length * grades.length;
  return { schoolIds, grades, subjectId: requested.subjectId, pairs: isGrid ? null : pairs };
}

/** Why a teacher's request is refused, in the words of what is missing. */
function teacherRefusal(p: Principal, requested: ScopeRequest, schoolId: number | undefined) {
  const atSchool = p.teacherAssignments.filter((a) => schoolId === undefined || a.schoolId === schoolId);
  const inGrade = atSchool.filter((a) => requested.grade === null || a.grade === requested.grade);
  if (inGrade.length === 0)
    return forbidden(
      requested.grade === null ? 'No grades are assigned to you at these schools' : 'This grade is not assigned to you',
    );
  if (requested.figures === 'one subject') return forbidden('This subject is not assigned to you');
  return forbidden('Your assignment covers one subject only: open its subject summary');
}

/** narrowScope, with the facts it needs loaded (a super-admin's chain schools). */
export async function scopeFor(
  db: PolicyDb,
  principal: Principal | null,
  requested: ScopeRequest,
): Promise<AnalyticsScope> {
  const chain =
    principal?.role === 'superadmin' && principal.chainId !== null
      ? await loadChainSchoolIds(db, principal.chainId)
      : [];
  return narrowScope(principal, requested, chain);
}

/**
 * The schools a staff member may open dashboards for: a principal's or teacher's own, a
 * super-admin's chain (an error without one).
 */
export function dashboardSchools(principal: Principal | null): { chainId: number } | { schoolIds: readonly number[] } {
  const p = requireRole(principal, 'principal', 'teacher', 'superadmin');
  if (p.role !== 'superadmin') return { schoolIds: p.schoolIds };
  if (p.chainId === null) throw new AppError('NO_CHAIN', 'This administrator account is not linked to a school chain');
  return { chainId: p.chainId };
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
export function authorizeReadAuthoring(
  principal: Principal | null,
): Principal & { role: 'content_editor' | 'content_approver' } {
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
export function authorizeReviewContent(
  principal: Principal | null,
  changes: readonly ChangeAuthors[],
): Principal & { role: 'content_approver' } {
  const p = requireRole(principal, 'content_approver');
  if (isOwnChange(p, changes)) throw new AppError('SELF_APPROVAL', 'You cannot review changes you made yourself');
  return p;
}

/**
 * What the caller may do with a student's data (issue #27, GET /students/:id/privacy): export it
 * (whoever reads the student), ask the school to erase it (a linked parent), erase it or decline a
 * request (the school's authority). Erasure requests are seen by those who ask and those who decide.
 */
export function studentPrivacyPermissions(p: Principal, s: StudentFacts) {
  const canRequestErasure = p.role === 'parent' && s.callerIsLinkedParent;
  const canErase = isStudentsSchoolAuthority(p, s);
  return {
    canExport: canReadStudent(p, s),
    canRequestErasure,
    canErase,
    seesRequests: canRequestErasure || canErase,
    canManageConsent: canRequestErasure,
  };
}

/**
 * Withdrawing or giving again the consent for an account a family made: a parent linked to the child
 * (DPDP Act 2023 s.6(4): consent is withdrawn as easily as it was given). Staff and the child cannot;
 * the school's own accounts carry the school's consent and have none to withdraw here.
 */
export function authorizeManageConsent(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!studentPrivacyPermissions(p, s).canManageConsent)
    throw forbidden('Only a parent of this student may withdraw or give consent');
  return p;
}

/** A school's waiting erasure requests: its principal (or a multi-school principal holding it) or its chain's super-admin. */
export function authorizeSchoolErasureRequests(
  principal: Principal | null,
  school: { schoolId: number; chainId: number | null },
): Principal {
  const p = requireUser(principal);
  if (!isStudentsSchoolAuthority(p, school))
    throw forbidden('Only the school’s principal may see its erasure requests');
  return p;
}

/** Asking the school to erase a child's data: a parent linked to the child. */
export function authorizeRequestErasure(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!studentPrivacyPermissions(p, s).canRequestErasure)
    throw forbidden('Only a parent of this student may ask for their data to be erased');
  return p;
}

/**
 * Erasing a student's data is the school's act as the data fiduciary: the principal of the student's
 * school (or a multi-school principal holding it) or the super-admin of its chain. Teachers, parents
 * and the student ask the school; they cannot erase.
 */
export function authorizeStudentErasure(principal: Principal | null, s: StudentFacts): Principal {
  const p = requireUser(principal);
  if (!isStudentsSchoolAuthority(p, s)) throw forbidden('Only the student’s school may erase their data');
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
export function canStudentOpenContent(
  student: { enrolment: { boardId: number; grade: number } },
  c: StudentContentFacts,
): boolean {
  return c.published && c.boardId === student.enrolment.boardId && c.grade === student.enrolment.grade;
}

/** The authoring screens' buttons: a content editor edits, a content approver approves. */
export function authoringAbilities(p: Principal): { canEdit: boolean; canApprove: boolean } {
  return { canEdit: p.role === 'content_editor', canApprove: p.role === 'content_approver' };
}

/** A submission's buttons: an approver may approve one in review they had no hand in (authorizeReviewContent). */
export function reviewAbilities(
  p: Principal,
  changes: readonly ChangeAuthors[],
  inReview: boolean,
): { canApprove: boolean; isOwn: boolean } {
  const isOwn = isOwnChange(p, changes);
  return { canApprove: inReview && p.role === 'content_approver' && !isOwn, isOwn };
}

/**
 * The exam launcher (access-and-app-shell.md 2.2; docs/DECISIONS.md "Exam launcher"): students, for
 * whom the outside tests are meant, and school staff, who try the tests they send students to. Not
 * parents (a test under a parent's account is nobody's result) and not the content roles (the outside
 * site's tests are not content they edit or approve).
 */
export function canLaunchExam(p: Principal): boolean {
  return p.role === 'student' || p.role === 'teacher' || p.role === 'principal' || p.role === 'superadmin';
}

/** Launching a test on the outside site: 401 without a session, 403 for those canLaunchExam refuses. */
export function authorizeLaunchExam(principal: Principal | null): Principal {
  const p = requireUser(principal);
  if (!canLaunchExam(p)) throw forbidden('The exam launcher is for students and school staff');
  return p;
}

/**
 * What the signed-in user may open and do, for the web app to show or hide (GET /me). Hiding is
 * comfort; every route still asks the rules above, from which these are derived: a teacher with no
 * grade in every subject sees figures of their subjects only, so opens a subject summary
 * (dashboards.md 2) and no student's whole dashboard.
 */
export function abilitiesOf(p: Principal): Abilities {
  const isStaff = p.role === 'principal' || p.role === 'teacher' || p.role === 'superadmin';
  const subjectOnly =
    p.role === 'teacher' && p.teacherAssignments.length > 0 && p.teacherAssignments.every((a) => a.subjectId !== null);
  const first = p.teacherAssignments.find((a) => a.subjectId !== null);
  const dashboard: Abilities['dashboard'] =
    p.role === 'student'
      ? 'student'
      : p.role === 'parent'
        ? 'children'
        : subjectOnly
          ? 'subject'
          : isStaff
            ? 'school'
            : 'none';
  return {
    dashboard,
    subjectSummary: subjectOnly && first ? { subjectId: first.subjectId!, grade: first.grade } : null,
    // Exactly the assignments teacherCovers checks, so the switch offers nothing the server refuses.
    subjectSummaries:
      p.role === 'teacher'
        ? p.teacherAssignments.map((a) => ({ schoolId: a.schoolId, grade: a.grade, subjectId: a.subjectId }))
        : [],
    studentDashboards: p.role === 'student' || p.role === 'parent' || (isStaff && !subjectOnly),
    chooseSchools: p.role === 'superadmin' ? 'many' : isStaff && p.schoolIds.length > 1 ? 'one' : 'none',
    learn: p.role === 'student' || p.role === 'content_editor' || p.role === 'content_approver',
    writeRecords: p.role === 'student',
    schoolSettings: p.role === 'principal',
    exportSchoolRecords: p.role === 'principal' || p.role === 'superadmin',
    reindexStudents: reindexButtons(p).studentTables,
    reindexOnTopics: reindexButtons(p).topicTables,
    eraseStudents: p.role === 'principal' || p.role === 'superadmin',
    linkParents: isStaff,
    decideParentLinks: p.role === 'principal' || p.role === 'superadmin',
    author: p.role === 'content_editor',
    approve: p.role === 'content_approver',
    launchExams: canLaunchExam(p),
    assessments:
      p.role === 'teacher' ? 'author' : p.role === 'principal' ? 'view' : p.role === 'superadmin' ? 'reports' : 'none',
    chat: isChatStaff(p),
    calendar: isStaff ? 'edit' : p.role === 'student' || p.role === 'parent' ? 'view' : 'none',
  };
}
