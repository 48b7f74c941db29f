import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import {
  authorizeAssessmentStudent,
  canOpenAttempt,
  canSeeJoinPage,
  canTakeAssignment,
  type AssignmentFacts,
} from './assessment-attempts';
import type { Principal } from './policy';

const enrolment = { schoolId: 10, boardId: 2, grade: 7, section: 'A', enrolledAt: new Date('2026-06-01T00:00:00Z') };
const student: Principal = {
  userId: 5,
  role: 'student',
  isQa: false,
  firstName: 'Asha',
  lastName: 'S',
  chainId: null,
  schoolIds: [],
  teacherAssignments: [],
  enrolment,
  sessionId: 's',
};
const as = (over: Partial<Principal>): Principal => ({ ...student, ...over });

describe('who plays (access-and-app-shell.md 6)', () => {
  it('an enrolled student with a board and grade', () => {
    expect(authorizeAssessmentStudent(student).userId).toBe(5);
  });
  it.each([
    ['nobody', null, 401],
    ['a parent', as({ role: 'parent', enrolment: null }), 403],
    [
      'a teacher',
      as({
        role: 'teacher',
        enrolment: null,
        schoolIds: [10],
        teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }],
      }),
      403,
    ],
    ['a principal', as({ role: 'principal', enrolment: null, schoolIds: [10] }), 403],
    ['a super-admin', as({ role: 'superadmin', enrolment: null, chainId: 1 }), 403],
    ['a content editor', as({ role: 'content_editor', enrolment: null }), 403],
    ['a student not enrolled', as({ enrolment: null }), 403],
    ['a student without a grade', as({ enrolment: { ...enrolment, grade: null } }), 403],
  ] as const)('refuses %s', (_who, principal, status) => {
    try {
      authorizeAssessmentStudent(principal);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).status).toBe(status);
    }
  });
});

describe('whose attempt and which class', () => {
  const me = authorizeAssessmentStudent(student);
  it('opens only the student’s own attempt', () => {
    expect(canOpenAttempt(me, { studentId: 5 })).toBe(true);
    expect(canOpenAttempt(me, { studentId: 6 })).toBe(false);
  });

  const assignment: AssignmentFacts = {
    schoolId: 10,
    grade: 7,
    section: null,
    boardId: 2,
    published: true,
    deleted: false,
  };
  it.each([
    ['every section of the class', {}, true],
    ['the student’s section', { section: 'A' }, true],
    ['another section', { section: 'B' }, false],
    ['another grade', { grade: 8 }, false],
    ['another school', { schoolId: 11 }, false],
    ['a quiz of another board', { boardId: 3 }, false],
    ['a draft', { published: false }, false],
    ['a deleted quiz', { deleted: true }, false],
  ] as const)('an assignment to %s: %s', (_what, over, allowed) => {
    expect(canTakeAssignment(me, { ...assignment, ...over })).toBe(allowed);
  });

  it.each([
    ['of the school, board and grade', {}, true],
    ['of another grade', { grade: 8 }, false],
    ['of another school', { schoolId: 11 }, false],
    ['of another board', { boardId: 3 }, false],
    ['not published', { published: false }, false],
    ['deleted', { deleted: true }, false],
  ] as const)('the join page of a quiz %s: %s', (_what, over, allowed) => {
    expect(canSeeJoinPage(me, { schoolId: 10, boardId: 2, grade: 7, published: true, deleted: false, ...over })).toBe(
      allowed,
    );
  });
});
