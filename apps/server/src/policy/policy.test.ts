import { describe, expect, it } from 'vitest';
import { narrowScope, type Principal } from './policy';

const base: Principal = {
  userId: 1,
  role: 'principal',
  isQa: false,
  firstName: 'P',
  lastName: 'Q',
  chainId: null,
  schoolIds: [10],
  teacherAssignments: [],
  enrolment: null,
  sessionId: 's',
};
const req = (schoolIds: number[], grade: number | null = null, subjectId: number | null = null) => ({ schoolIds, grade, subjectId });

describe('narrowScope (dashboards.md 6)', () => {
  it('gives a principal their school, any grade', () => {
    expect(narrowScope(base, req([]))).toEqual({ schoolIds: [10], grades: null, subjectId: null });
    expect(narrowScope(base, req([10], 7))).toEqual({ schoolIds: [10], grades: [7], subjectId: null });
    expect(() => narrowScope(base, req([11]))).toThrow(/may not see these schools/);
  });

  it('limits a teacher to assigned grades and forces an assigned subject', () => {
    const teacher: Principal = { ...base, role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 6, subjectId: null }, { schoolId: 10, grade: 7, subjectId: null }] };
    expect(narrowScope(teacher, req([10]))).toEqual({ schoolIds: [10], grades: [6, 7], subjectId: null });
    expect(() => narrowScope(teacher, req([10], 9))).toThrow(/not assigned/);
    const science: Principal = { ...teacher, teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }] };
    expect(narrowScope(science, req([10], 7))).toEqual({ schoolIds: [10], grades: [7], subjectId: 3 });
    expect(() => narrowScope(science, req([10], 7, 4))).toThrow(/subject is not assigned/);
  });

  it('gives a super-admin only schools of their chain', () => {
    const admin: Principal = { ...base, role: 'superadmin', schoolIds: [], chainId: 5 };
    expect(narrowScope(admin, req([1, 2]), [1, 2, 3])).toEqual({ schoolIds: [1, 2], grades: null, subjectId: null });
    expect(narrowScope(admin, req([]), [1, 2, 3]).schoolIds).toEqual([1, 2, 3]);
    expect(() => narrowScope(admin, req([1, 9]), [1, 2, 3])).toThrow();
  });

  it('refuses students, parents and content roles', () => {
    for (const role of ['student', 'parent', 'content_editor', 'content_approver'] as const) {
      expect(() => narrowScope({ ...base, role }, req([10]))).toThrow();
    }
    expect(() => narrowScope(null, req([10]))).toThrow(/Sign in/);
  });
});
