/**
 * Who may write, read, assign, mark and report on teachers' quizzes and tests (issue #23;
 * access-and-app-shell.md 6: "Teachers create, edit, delete, share and publish quizzes and tests,
 * view reports"; docs/DECISIONS.md "Assessment"). The assessment services call these first.
 *
 * - A teacher writes quizzes for a (school, grade, subject) one of their assignments covers
 *   (teacherCovers: an assignment to all subjects covers every subject), and edits, deletes,
 *   publishes and assigns only their own, only while they still cover it. They read their own and
 *   every quiz of the classes they cover (a colleague's, read-only), mark those classes' answers and
 *   see their reports.
 * - A principal reads every quiz of their schools (read-only), marks their answers and sees their
 *   reports. A super-admin reads the quizzes and reports of their chain's schools; they do not mark.
 * - Students, parents and content roles: 403 on every teacher route.
 * - A quiz or report outside the caller's reach answers exactly as one that does not exist (404),
 *   so ids tell nothing about other schools.
 */
import { AppError, forbidden, notFound } from '../errors';
import { loadChainSchoolIds, type PolicyDb } from './facts';
import type { AssessmentFacts, AssignmentFacts, ImageFacts } from './assessment-authoring-facts';
import { requireRole, requireUser, teacherCovers, type Principal } from './policy';

export type { AssessmentFacts, AssignmentFacts, ImageFacts } from './assessment-authoring-facts';
export {
  loadAssessmentFacts,
  loadAssignmentFacts,
  loadAttemptAssignmentFacts,
  loadImageFacts,
} from './assessment-authoring-facts';

/** One (school, grade, subject or every subject) a teacher's assignment covers. */
export interface Cover {
  schoolId: number;
  grade: number;
  /** null: every subject. */
  subjectId: number | null;
}

/**
 * The quizzes (or their attempts, answers, assignments) a caller may see: a teacher's own and those
 * of the classes and subjects they cover, or every quiz of some schools (principal, super-admin).
 */
export type AssessmentScope =
  | {
      kind: 'teacher';
      userId: number;
      covers: readonly Cover[];
      /** Where their own quizzes count: the schools they work at. */ schoolIds: readonly number[];
    }
  | { kind: 'schools'; schoolIds: readonly number[] };

const STAFF = ['teacher', 'principal', 'superadmin'] as const;

/** The covers of a teacher's assignments at schools they still work at. */
function coversOf(p: Principal): Cover[] {
  return p.teacherAssignments
    .filter((a) => p.schoolIds.includes(a.schoolId))
    .map((a) => ({ schoolId: a.schoolId, grade: a.grade, subjectId: a.subjectId }));
}

function covers(p: Principal, f: { schoolId: number; grade: number; subjectId: number }): boolean {
  return p.role === 'teacher' && p.schoolIds.includes(f.schoolId) && teacherCovers(p, f.schoolId, f.grade, f.subjectId);
}

/** Whether the caller may read a quiz: its teacher, a teacher of its class and subject, its school's principal, its chain's super-admin. */
export function canReadAssessment(p: Principal, f: AssessmentFacts): boolean {
  switch (p.role) {
    case 'teacher':
      // Their own quizzes at schools they still work at, and their classes'.
      return (f.createdBy === p.userId && p.schoolIds.includes(f.schoolId)) || covers(p, f);
    case 'principal':
      return p.schoolIds.includes(f.schoolId);
    case 'superadmin':
      return p.chainId !== null && p.chainId === f.chainId;
    default:
      return false;
  }
}

/** Whether the caller may edit, delete, publish and assign a quiz: the teacher who wrote it, while they still cover its class and subject. */
export function canEditAssessment(p: Principal, f: AssessmentFacts): boolean {
  return p.role === 'teacher' && f.createdBy === p.userId && covers(p, f);
}

/** Quiz lists: teachers, principals and super-admins. */
export function requireAssessmentStaff(principal: Principal | null): Principal {
  return requireRole(principal, ...STAFF);
}

/** Reading one quiz: staff who may see it; any other quiz, or none, is 404 alike. */
export function authorizeReadAssessment(principal: Principal | null, f: AssessmentFacts | undefined): Principal {
  const p = requireAssessmentStaff(principal);
  if (!f || !canReadAssessment(p, f)) throw notFound('Quiz');
  return p;
}

/** Changing a quiz (edit, delete, publish, assign): its teacher. Staff who may only read it get 403; others 404. */
export function authorizeEditAssessment(principal: Principal | null, f: AssessmentFacts | undefined): Principal {
  const p = authorizeReadAssessment(principal, f);
  if (!canEditAssessment(p, f!)) throw forbidden('Only the teacher who wrote this quiz may change it');
  return p;
}

/**
 * The school a new quiz is for: the teacher's school whose assignment covers the grade and subject.
 * When several do, the teacher names it (`schoolId`, 400 when left out); a school named must be
 * covered (403).
 */
export function authorizeCreateAssessment(
  principal: Principal | null,
  input: { schoolId?: number | undefined; grade: number; subjectId: number },
): { principal: Principal; schoolId: number } {
  const p = requireRole(principal, 'teacher');
  const schools = [
    ...new Set(
      coversOf(p)
        .filter((c) => c.grade === input.grade && (c.subjectId === null || c.subjectId === input.subjectId))
        .map((c) => c.schoolId),
    ),
  ].sort((a, b) => a - b);
  if (input.schoolId !== undefined) {
    if (!schools.includes(input.schoolId)) throw forbidden('This school, grade and subject are not assigned to you');
    return { principal: p, schoolId: input.schoolId };
  }
  if (schools.length === 0) throw forbidden('This grade and subject are not assigned to you');
  if (schools.length > 1) {
    throw new AppError('VALIDATION_FAILED', 'You teach this grade and subject at several schools: choose the school', {
      issues: [{ in: 'body', path: 'schoolId', message: 'Choose the school' }],
    });
  }
  return { principal: p, schoolId: schools[0]! };
}

/** Moving a quiz to another grade or subject (an edit): the teacher must cover the new ones at the quiz's school. */
export function authorizeRetarget(p: Principal, f: AssessmentFacts, next: { grade: number; subjectId: number }): void {
  if (!covers(p, { schoolId: f.schoolId, grade: next.grade, subjectId: next.subjectId }))
    throw forbidden('This grade and subject are not assigned to you');
}

/**
 * Setting a quiz for a class: the class is a section (or every section) of the quiz's own school
 * and grade, which its teacher covers for the quiz's subject. Another school or grade is refused
 * (400): a quiz is written for one board, grade and subject.
 */
export function authorizeAssignClass(
  p: Principal,
  f: AssessmentFacts,
  target: { schoolId: number; grade: number },
): void {
  if (target.schoolId !== f.schoolId || target.grade !== f.grade) {
    throw new AppError('VALIDATION_FAILED', 'A quiz is set for a class of its own school and grade', {
      issues: [
        {
          in: 'body',
          path: target.schoolId !== f.schoolId ? 'schoolId' : 'grade',
          message: 'Not the quiz’s school and grade',
        },
      ],
    });
  }
  if (!covers(p, f)) throw forbidden('This class is not assigned to you');
}

/** Uploading an image: a teacher, into one of their schools (the first when none is named). */
export function authorizeUploadImage(
  principal: Principal | null,
  schoolId: number | undefined,
): { principal: Principal; schoolId: number } {
  const p = requireRole(principal, 'teacher');
  const schools = [...p.schoolIds].sort((a, b) => a - b);
  const chosen = schoolId ?? schools[0];
  if (chosen === undefined || !schools.includes(chosen))
    throw forbidden('You may upload images for your own school only');
  return { principal: p, schoolId: chosen };
}

/**
 * Seeing an image: its uploader, staff who may read a quiz showing it, a student whose attempt
 * shows it or who may open the join page of a quiz with it as cover. Anyone else, and an image
 * that does not exist, get the same 404.
 */
export function authorizeReadImage(principal: Principal | null, f: ImageFacts | undefined): Principal {
  const p = requireUser(principal);
  const allowed =
    f !== undefined &&
    (f.uploadedBy === p.userId ||
      f.usedBy.some((a) => canReadAssessment(p, a)) ||
      (p.role === 'student' && f.studentMaySee));
  if (!allowed) throw notFound('Image');
  return p;
}

/** Whether the caller may mark answers of this class's quiz: a teacher covering its class and subject, or a principal of its school. */
export function canMark(p: Principal, f: AssignmentFacts): boolean {
  return covers(p, f) || (p.role === 'principal' && p.schoolIds.includes(f.schoolId));
}

/** The marking queue: teachers and principals; super-admins read reports but do not mark. */
export function markingScope(principal: Principal | null): AssessmentScope {
  const p = requireRole(principal, 'teacher', 'principal');
  return p.role === 'teacher'
    ? { kind: 'teacher', userId: p.userId, covers: coversOf(p), schoolIds: [...p.schoolIds] }
    : { kind: 'schools', schoolIds: [...p.schoolIds] };
}

/** Marking one answer: as canMark; an answer of another class, a practice attempt's or none is 404 alike. */
export function authorizeMark(principal: Principal | null, f: AssignmentFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher', 'principal');
  if (!f || !canMark(p, f)) throw notFound('Answer');
  return p;
}

/**
 * What a quiz list may hold: a teacher's own quizzes and those of the classes they cover; every
 * quiz of a principal's schools or a super-admin's chain.
 */
export async function assessmentListScope(db: PolicyDb, principal: Principal | null): Promise<AssessmentScope> {
  const p = requireAssessmentStaff(principal);
  if (p.role === 'teacher')
    return { kind: 'teacher', userId: p.userId, covers: coversOf(p), schoolIds: [...p.schoolIds] };
  if (p.role === 'principal') return { kind: 'schools', schoolIds: [...p.schoolIds] };
  if (p.chainId === null) throw new AppError('NO_CHAIN', 'This administrator account is not linked to a school chain');
  return { kind: 'schools', schoolIds: await loadChainSchoolIds(db, p.chainId) };
}

/**
 * The reports a caller may see, narrowed by the school and grade asked for: a teacher the classes
 * and subjects they cover (quizzes of colleagues included: they are their class's); a principal
 * their schools; a super-admin their chain's. A school or grade asked for outside that is a 403,
 * never a silently smaller answer (docs/DECISIONS.md "School analytics").
 */
export async function reportScope(
  db: PolicyDb,
  principal: Principal | null,
  requested: { schoolId?: number | undefined; grade?: number | undefined },
): Promise<AssessmentScope> {
  const p = requireAssessmentStaff(principal);
  if (p.role === 'teacher') {
    const mine = coversOf(p).filter(
      (c) =>
        (requested.schoolId === undefined || c.schoolId === requested.schoolId) &&
        (requested.grade === undefined || c.grade === requested.grade),
    );
    if (mine.length === 0)
      throw forbidden(
        requested.grade === undefined
          ? 'No classes of this school are assigned to you'
          : 'This grade is not assigned to you',
      );
    // Only covered classes: their own quizzes of classes they no longer teach are not in reports.
    return { kind: 'teacher', userId: p.userId, covers: mine, schoolIds: [...p.schoolIds] };
  }
  const scope = await assessmentListScope(db, p);
  if (scope.kind !== 'schools') throw forbidden();
  if (requested.schoolId === undefined) return scope;
  if (!scope.schoolIds.includes(requested.schoolId)) throw forbidden('You may not see this school');
  return { kind: 'schools', schoolIds: [requested.schoolId] };
}

/** Whether a class's quiz is within a report scope (the detail of one assignment). */
export function inReportScope(scope: AssessmentScope, f: AssignmentFacts): boolean {
  return scope.kind === 'schools'
    ? scope.schoolIds.includes(f.schoolId)
    : scope.covers.some(
        (c) =>
          c.schoolId === f.schoolId && c.grade === f.grade && (c.subjectId === null || c.subjectId === f.subjectId),
      );
}

/**
 * Whether staff who may open a class room (policy/class-rooms.ts) may also open the report of a quiz
 * set for it: its principals and super-admin may (the room is in their schools), a teacher when they
 * cover the quiz's subject for that grade, as authorizeReadReport decides. A teacher of the class in
 * another subject sees a colleague's quiz listed, without a link that would answer 404.
 */
export function opensClassQuizReport(p: Principal, f: { schoolId: number; grade: number; subjectId: number }): boolean {
  return p.role !== 'teacher' || covers(p, f);
}

/** One assignment's report (and its CSVs): staff whose report scope holds it; any other, or none, is 404 alike. */
export async function authorizeReadReport(
  db: PolicyDb,
  principal: Principal | null,
  f: AssignmentFacts | undefined,
): Promise<Principal> {
  const p = requireAssessmentStaff(principal);
  if (!f) throw notFound('Report');
  const scope =
    p.role === 'teacher'
      ? { kind: 'teacher' as const, userId: p.userId, covers: coversOf(p), schoolIds: [...p.schoolIds] }
      : await assessmentListScope(db, p);
  if (!inReportScope(scope, f)) throw notFound('Report');
  return p;
}
