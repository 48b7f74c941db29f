/**
 * The teacher-side assessment rules as a role x action x tenant table (policy/assessment-authoring.ts);
 * the access matrix checks the same through every route.
 */
import { describe, expect, it } from 'vitest';
import {
  authorizeAssignClass,
  authorizeCreateAssessment,
  authorizeEditAssessment,
  authorizeMark,
  authorizeReadAssessment,
  authorizeReadImage,
  authorizeUploadImage,
  canEditAssessment,
  canReadAssessment,
  inReportScope,
  markingScope,
  type AssessmentFacts,
  type AssignmentFacts,
} from './assessment-authoring';
import type { Principal } from './policy';

const base: Principal = {
  userId: 1,
  role: 'teacher',
  isQa: false,
  firstName: 'T',
  lastName: 'T',
  chainId: null,
  schoolIds: [10],
  teacherAssignments: [],
  enrolment: null,
  sessionId: 's',
};
const SCIENCE = 3;
const MATHS = 4;
/** School 10 (chain 100), grade 7, science, written by user 1. */
const quiz: AssessmentFacts = {
  assessmentId: 5,
  schoolId: 10,
  chainId: 100,
  grade: 7,
  subjectId: SCIENCE,
  createdBy: 1,
};
const assignment: AssignmentFacts = { ...quiz, assignmentId: 9, section: null };

const author: Principal = { ...base, teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: SCIENCE }] };
const colleague: Principal = { ...base, userId: 2, teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }] };
const mathsTeacher: Principal = {
  ...base,
  userId: 3,
  teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: MATHS }],
};
const otherGrade: Principal = { ...base, userId: 4, teacherAssignments: [{ schoolId: 10, grade: 8, subjectId: null }] };
/** Assigned at school 10 in the past, no longer works there. */
const leftSchool: Principal = {
  ...base,
  userId: 1,
  schoolIds: [11],
  teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: SCIENCE }],
};
const principal: Principal = { ...base, userId: 6, role: 'principal', schoolIds: [10] };
const otherPrincipal: Principal = { ...base, userId: 7, role: 'principal', schoolIds: [20] };
const superadmin: Principal = { ...base, userId: 8, role: 'superadmin', schoolIds: [], chainId: 100 };
const otherSuperadmin: Principal = { ...base, userId: 9, role: 'superadmin', schoolIds: [], chainId: 200 };
const student: Principal = {
  ...base,
  userId: 20,
  role: 'student',
  enrolment: { schoolId: 10, boardId: 1, grade: 7, section: 'A', enrolledAt: new Date(0) },
};
const parent: Principal = { ...base, userId: 21, role: 'parent' };
const editor: Principal = { ...base, userId: 22, role: 'content_editor' };

const code = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('reading and changing a quiz', () => {
  it.each([
    ['its author', author, 'ok', 'ok'],
    ['a colleague of its class in every subject', colleague, 'ok', 'FORBIDDEN'],
    ['a maths teacher of its class', mathsTeacher, 'NOT_FOUND', 'NOT_FOUND'],
    ['a teacher of another grade', otherGrade, 'NOT_FOUND', 'NOT_FOUND'],
    ['its author, who has left the school', leftSchool, 'NOT_FOUND', 'NOT_FOUND'],
    ['its school’s principal', principal, 'ok', 'FORBIDDEN'],
    ['another school’s principal', otherPrincipal, 'NOT_FOUND', 'NOT_FOUND'],
    ['its chain’s super-admin', superadmin, 'ok', 'FORBIDDEN'],
    ['another chain’s super-admin', otherSuperadmin, 'NOT_FOUND', 'NOT_FOUND'],
    ['a student', student, 'FORBIDDEN', 'FORBIDDEN'],
    ['a parent', parent, 'FORBIDDEN', 'FORBIDDEN'],
    ['a content editor', editor, 'FORBIDDEN', 'FORBIDDEN'],
  ] as const)('%s: read %s, change %s', (_who, p, read, change) => {
    expect(code(() => authorizeReadAssessment(p, quiz))).toBe(read);
    expect(code(() => authorizeEditAssessment(p, quiz))).toBe(change);
    expect(canReadAssessment(p, quiz)).toBe(read === 'ok');
    expect(canEditAssessment(p, quiz)).toBe(change === 'ok');
  });

  it('answers a quiz that does not exist as one out of reach, and nobody signed in with 401', () => {
    expect(code(() => authorizeReadAssessment(principal, undefined))).toBe('NOT_FOUND');
    expect(code(() => authorizeEditAssessment(author, undefined))).toBe('NOT_FOUND');
    expect(code(() => authorizeReadAssessment(null, quiz))).toBe('UNAUTHENTICATED');
  });
});

describe('writing a new quiz', () => {
  it('finds the one school covering the grade and subject, asks when there are two, refuses uncovered ones', () => {
    expect(authorizeCreateAssessment(author, { grade: 7, subjectId: SCIENCE }).schoolId).toBe(10);
    expect(authorizeCreateAssessment(colleague, { grade: 7, subjectId: MATHS }).schoolId).toBe(10);
    expect(code(() => authorizeCreateAssessment(author, { grade: 7, subjectId: MATHS }))).toBe('FORBIDDEN');
    expect(code(() => authorizeCreateAssessment(author, { grade: 8, subjectId: SCIENCE }))).toBe('FORBIDDEN');
    expect(code(() => authorizeCreateAssessment(leftSchool, { grade: 7, subjectId: SCIENCE }))).toBe('FORBIDDEN');
    const two: Principal = {
      ...author,
      schoolIds: [10, 11],
      teacherAssignments: [...author.teacherAssignments, { schoolId: 11, grade: 7, subjectId: SCIENCE }],
    };
    expect(code(() => authorizeCreateAssessment(two, { grade: 7, subjectId: SCIENCE }))).toBe('VALIDATION_FAILED');
    expect(authorizeCreateAssessment(two, { grade: 7, subjectId: SCIENCE, schoolId: 11 }).schoolId).toBe(11);
    expect(code(() => authorizeCreateAssessment(two, { grade: 7, subjectId: SCIENCE, schoolId: 12 }))).toBe(
      'FORBIDDEN',
    );
    for (const p of [principal, superadmin, student, parent, editor])
      expect(code(() => authorizeCreateAssessment(p, { grade: 7, subjectId: SCIENCE }))).toBe('FORBIDDEN');
  });

  it('sets a quiz only for its own school and grade, in a class its teacher covers', () => {
    expect(code(() => authorizeAssignClass(author, quiz, { schoolId: 10, grade: 7 }))).toBe('ok');
    expect(code(() => authorizeAssignClass(author, quiz, { schoolId: 10, grade: 8 }))).toBe('VALIDATION_FAILED');
    expect(code(() => authorizeAssignClass(author, quiz, { schoolId: 20, grade: 7 }))).toBe('VALIDATION_FAILED');
    expect(code(() => authorizeAssignClass(mathsTeacher, quiz, { schoolId: 10, grade: 7 }))).toBe('FORBIDDEN');
  });

  it('lets teachers upload pictures into their own schools only', () => {
    expect(authorizeUploadImage(author, undefined).schoolId).toBe(10);
    expect(code(() => authorizeUploadImage(author, 20))).toBe('FORBIDDEN');
    for (const p of [principal, student, editor])
      expect(code(() => authorizeUploadImage(p, undefined))).toBe('FORBIDDEN');
  });
});

describe('pictures, marking and reports', () => {
  it('shows a picture to its uploader, staff who read a quiz with it and the students it was shown to; 404 to everyone else', () => {
    const facts = { uploadedBy: 1, usedBy: [quiz], studentMaySee: false };
    for (const p of [author, colleague, principal, superadmin])
      expect(code(() => authorizeReadImage(p, facts))).toBe('ok');
    for (const p of [mathsTeacher, otherPrincipal, otherSuperadmin, student, parent, editor])
      expect(code(() => authorizeReadImage(p, facts))).toBe('NOT_FOUND');
    expect(code(() => authorizeReadImage(student, { ...facts, studentMaySee: true }))).toBe('ok');
    // studentMaySee is for students only.
    expect(code(() => authorizeReadImage(parent, { ...facts, studentMaySee: true }))).toBe('NOT_FOUND');
    expect(code(() => authorizeReadImage(mathsTeacher, { uploadedBy: 3, usedBy: [], studentMaySee: false }))).toBe(
      'ok',
    );
    expect(code(() => authorizeReadImage(principal, undefined))).toBe('NOT_FOUND');
  });

  it('lets teachers of the class and subject and the school’s principals mark; not super-admins', () => {
    for (const p of [author, colleague, principal]) expect(code(() => authorizeMark(p, assignment))).toBe('ok');
    for (const p of [mathsTeacher, otherGrade, otherPrincipal])
      expect(code(() => authorizeMark(p, assignment))).toBe('NOT_FOUND');
    for (const p of [superadmin, student, parent, editor])
      expect(code(() => authorizeMark(p, assignment))).toBe('FORBIDDEN');
    expect(markingScope(colleague)).toEqual({
      kind: 'teacher',
      userId: 2,
      covers: [{ schoolId: 10, grade: 7, subjectId: null }],
      schoolIds: [10],
    });
    expect(markingScope(principal)).toEqual({ kind: 'schools', schoolIds: [10] });
  });

  it('puts a class’s report in a teacher’s scope by class and subject, not by authorship', () => {
    expect(
      inReportScope({ kind: 'teacher', userId: 1, covers: author.teacherAssignments, schoolIds: [10] }, assignment),
    ).toBe(true);
    expect(
      inReportScope(
        { kind: 'teacher', userId: 1, covers: [{ schoolId: 10, grade: 7, subjectId: MATHS }], schoolIds: [10] },
        assignment,
      ),
    ).toBe(false);
    expect(inReportScope({ kind: 'schools', schoolIds: [10] }, assignment)).toBe(true);
    expect(inReportScope({ kind: 'schools', schoolIds: [20] }, assignment)).toBe(false);
  });
});
