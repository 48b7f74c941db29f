import { describe, expect, it } from 'vitest';
import {
  authorizeDeleteBroadcast,
  authorizePostBroadcast,
  authorizeReadBroadcast,
  broadcastReaderClasses,
  postableGrades,
  staffSeesBroadcast,
  type BroadcastFacts,
} from './broadcasts';
import type { Principal } from './policy';

const base: Principal = {
  userId: 1,
  role: 'teacher',
  isQa: false,
  firstName: 'T',
  lastName: 'Q',
  chainId: null,
  schoolIds: [10],
  teacherAssignments: [],
  enrolment: null,
  sessionId: 's',
};
/** Grade 7 (science only) at school 10, grade 8 at school 11: assignments are per school. */
const teacher: Principal = {
  ...base,
  schoolIds: [10, 11],
  teacherAssignments: [
    { schoolId: 10, grade: 7, subjectId: 5 },
    { schoolId: 11, grade: 8, subjectId: null },
  ],
};
const principal: Principal = { ...base, userId: 2, role: 'principal', schoolIds: [10] };
const superadmin: Principal = { ...base, userId: 3, role: 'superadmin', schoolIds: [], chainId: 4 };
const school10 = { schoolId: 10, chainId: 4 };
const grades = [6, 7, 8];
const notice = (over: Partial<BroadcastFacts> = {}): BroadcastFacts => ({
  ...school10,
  authorId: 2,
  grades: [8],
  ...over,
});
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('school notices policy (issue #26)', () => {
  it('lets a teacher post only to the grades they teach at that school, whatever the subject', () => {
    expect(postableGrades(teacher, school10, grades)).toEqual([7]);
    expect(postableGrades(principal, school10, grades)).toEqual([6, 7, 8]);
    expect(postableGrades(superadmin, school10, grades)).toEqual([6, 7, 8]);
    // Grade 8 is the teacher's at school 11, not at school 10.
    expect(code(() => authorizePostBroadcast(teacher, school10, grades, [7, 8]))).toBe('FORBIDDEN');
    expect(code(() => authorizePostBroadcast(teacher, school10, grades, [7]))).toBe('allowed');
    expect(code(() => authorizePostBroadcast({ ...superadmin, chainId: 9 }, school10, grades, [7]))).toBe('FORBIDDEN');
  });

  it('shows a teacher the notices of their grades and their own; deleting is the author’s or the school’s', () => {
    expect(staffSeesBroadcast(teacher, notice())).toBe(false);
    expect(staffSeesBroadcast(teacher, notice({ grades: [7, 8] }))).toBe(true);
    expect(staffSeesBroadcast(teacher, notice({ authorId: 1 }))).toBe(true);
    expect(code(() => authorizeDeleteBroadcast(teacher, notice()))).toBe('NOT_FOUND');
    expect(code(() => authorizeDeleteBroadcast(teacher, notice({ grades: [7] })))).toBe('FORBIDDEN');
    expect(code(() => authorizeDeleteBroadcast(teacher, notice({ authorId: 1 })))).toBe('allowed');
    expect(code(() => authorizeDeleteBroadcast(superadmin, notice()))).toBe('allowed');
  });

  it('lets a notice be read only by students of its grades and their parents', () => {
    const student: Principal = {
      ...base,
      role: 'student',
      schoolIds: [],
      enrolment: { schoolId: 10, boardId: 1, grade: 8, section: 'A', enrolledAt: new Date(0) },
    };
    expect(code(() => authorizeReadBroadcast(broadcastReaderClasses(student), notice()))).toBe('allowed');
    expect(code(() => authorizeReadBroadcast(broadcastReaderClasses(student), notice({ grades: [7] })))).toBe(
      'NOT_FOUND',
    );
    const parent: Principal = { ...base, role: 'parent', schoolIds: [] };
    expect(broadcastReaderClasses(parent, [{ schoolId: 10, grade: 8, firstName: 'Ravi' }])).toEqual([
      { schoolId: 10, grade: 8, child: 'Ravi' },
    ]);
    expect(code(() => broadcastReaderClasses(teacher))).toBe('FORBIDDEN');
  });
});
