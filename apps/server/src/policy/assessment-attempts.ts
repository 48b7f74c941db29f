/**
 * Who may do what with a student's attempts (issue #23; access-and-app-shell.md 2.8, 4.9, 6): the
 * student part of the assessment module. Only an enrolled student with a board and grade plays
 * practice quizzes and tests and the quizzes assigned to their class, and only their own attempts.
 * Everyone else (parents, staff, content roles) is refused with 403 before anything is looked up;
 * teachers read attempts through the reports and marking (policy/assessment-authoring.ts).
 *
 * What a student may not open is answered as not found (404), the same as what does not exist: an
 * attempt of another student, an assignment of another class, a quiz of another school, board or
 * grade. So probing ids tells a student nothing about other classes.
 */
import type { Placement, Principal } from './policy';
import { requireEnrolledStudent } from './policy';

export type AssessmentStudent = Principal & { enrolment: Placement };

/** The caller, when an enrolled student placed in a board and grade; 401 or 403 otherwise. */
export function authorizeAssessmentStudent(principal: Principal | null): AssessmentStudent {
  return requireEnrolledStudent(principal);
}

/** The class whose assignments a student sees and takes: their school, board, grade and section. */
export interface StudentClass {
  schoolId: number;
  boardId: number;
  grade: number;
  section: string;
}

/** The student's own class (the only one whose assignments they may list). */
export function classOf(student: AssessmentStudent): StudentClass {
  const e = student.enrolment;
  return { schoolId: e.schoolId, boardId: e.boardId, grade: e.grade, section: e.section };
}

/** Whether the attempt is the caller's own: nobody else opens it (not even to read it). */
export function canOpenAttempt(student: AssessmentStudent, attempt: { studentId: number }): boolean {
  return attempt.studentId === student.userId;
}

/** What taking or listing an assignment depends on. */
export interface AssignmentFacts {
  schoolId: number;
  grade: number;
  /** Null: every section of the grade. */
  section: string | null;
  /** The quiz's board (a class's grade of one board). */
  boardId: number;
  published: boolean;
  deleted: boolean;
}

/**
 * Whether the assignment is for the student's class: their school and grade, their section when it
 * names one, a published quiz of their board that was not deleted. The opening window is a rule of
 * the attempt, not of access (ASSIGNMENT_NOT_OPEN), so a student sees an assignment of their class
 * before it opens.
 */
export function canTakeAssignment(student: AssessmentStudent, a: AssignmentFacts): boolean {
  const c = classOf(student);
  return (
    a.published &&
    !a.deleted &&
    a.schoolId === c.schoolId &&
    a.grade === c.grade &&
    a.boardId === c.boardId &&
    (a.section === null || a.section === c.section)
  );
}

/** What a shared quiz's join page depends on. */
export interface JoinFacts {
  schoolId: number;
  boardId: number;
  grade: number;
  published: boolean;
  deleted: boolean;
}

/**
 * The join page of a shared link (/assessment/quiz/:id): a published quiz of the student's school,
 * board and grade. It may not be assigned to their section (the page then says so); a quiz of
 * another school or grade is not found.
 */
export function canSeeJoinPage(student: AssessmentStudent, a: JoinFacts): boolean {
  const c = classOf(student);
  return a.published && !a.deleted && a.schoolId === c.schoolId && a.boardId === c.boardId && a.grade === c.grade;
}
