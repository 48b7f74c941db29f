import { describe, expect, it } from 'vitest';
import {
  authorizeAnswerDoubt,
  authorizeDoubtPicture,
  authorizeSetDoubtPicture,
  authorizeStaffDoubts,
  canAnswerDoubt,
  doubtScope,
  staffSeesDoubt,
  type DoubtFacts,
} from './doubts';
import type { Principal } from './policy';

const base: Principal = {
  userId: 1,
  role: 'teacher',
  isQa: false,
  firstName: 'T',
  lastName: 'Q',
  chainId: 3,
  schoolIds: [10],
  teacherAssignments: [],
  enrolment: null,
  sessionId: 's',
};
/** Grade 7 science (subject 5) at school 10; grade 8 every subject at school 11. */
const teacher: Principal = {
  ...base,
  schoolIds: [10, 11],
  teacherAssignments: [
    { schoolId: 10, grade: 7, subjectId: 5 },
    { schoolId: 11, grade: 8, subjectId: null },
  ],
};
const principal: Principal = { ...base, userId: 2, role: 'principal', schoolIds: [10] };
const superadmin: Principal = { ...base, userId: 3, role: 'superadmin', schoolIds: [] };
const student: Principal = { ...base, userId: 40, role: 'student', schoolIds: [], chainId: null };
const parent: Principal = { ...base, userId: 50, role: 'parent', schoolIds: [], chainId: null };

/** Student 40's grade 7 science doubt at school 10 (chain 3). */
const science7: DoubtFacts = { studentId: 40, schoolId: 10, chainId: 3, grade: 7, subjectId: 5, status: 'open' };
const maths7: DoubtFacts = { ...science7, subjectId: 6 };
const grade8AtOther: DoubtFacts = { ...science7, schoolId: 11, grade: 8, subjectId: 6 };

describe('doubts policy (issue #26)', () => {
  it('staff read the doubts of their classes: subject-bound assignments by subject, whole-grade ones all', () => {
    expect(staffSeesDoubt(teacher, science7)).toBe(true);
    expect(staffSeesDoubt(teacher, maths7)).toBe(false);
    expect(staffSeesDoubt(teacher, grade8AtOther)).toBe(true);
    expect(staffSeesDoubt(principal, maths7)).toBe(true);
    expect(staffSeesDoubt(principal, grade8AtOther)).toBe(false);
    expect(staffSeesDoubt(superadmin, grade8AtOther)).toBe(true);
    expect(staffSeesDoubt({ ...superadmin, chainId: 4 }, science7)).toBe(false);
  });

  it('the scope the list reads is the same rule', () => {
    expect(doubtScope(authorizeStaffDoubts(teacher))).toEqual({
      kind: 'classes',
      classes: [
        { schoolId: 10, grade: 7, subjectId: 5 },
        { schoolId: 11, grade: 8, subjectId: null },
      ],
    });
    expect(doubtScope(authorizeStaffDoubts(principal))).toEqual({ kind: 'schools', schoolIds: [10] });
    expect(doubtScope(authorizeStaffDoubts(superadmin))).toEqual({ kind: 'chain', chainId: 3 });
    expect(() => authorizeStaffDoubts(student)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorizeStaffDoubts(parent)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('teachers of the class and the principal answer; the super-admin reads only; others find nothing', () => {
    expect(canAnswerDoubt(teacher, science7)).toBe(true);
    expect(canAnswerDoubt(principal, science7)).toBe(true);
    expect(canAnswerDoubt(superadmin, science7)).toBe(false);
    expect(() => authorizeAnswerDoubt(superadmin, science7)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorizeAnswerDoubt(teacher, maths7)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => authorizeAnswerDoubt(teacher, undefined)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => authorizeAnswerDoubt(student, science7)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('the picture: its student and the staff who read the doubt; added only by its student while unanswered', () => {
    expect(authorizeDoubtPicture(student, science7).userId).toBe(40);
    expect(authorizeDoubtPicture(teacher, science7).userId).toBe(1);
    expect(() => authorizeDoubtPicture({ ...student, userId: 41 }, science7)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeDoubtPicture(teacher, maths7)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => authorizeDoubtPicture(parent, science7)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(authorizeSetDoubtPicture(student, science7).userId).toBe(40);
    expect(() => authorizeSetDoubtPicture(student, { ...science7, status: 'answered' })).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    );
    expect(() => authorizeSetDoubtPicture({ ...student, userId: 41 }, science7)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeSetDoubtPicture(teacher, science7)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
