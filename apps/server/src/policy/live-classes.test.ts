/** The live classes policy (issue #26): who lists, schedules, joins and reads the register. */
import { describe, expect, it } from 'vitest';
import type { CalendarEventFacts } from './facts';
import {
  authorizeLiveAttendance,
  authorizeLiveClass,
  authorizeLiveReader,
  authorizeScheduleLiveClass,
  joinsAsModerator,
} from './live-classes';
import type { Principal } from './policy';

const base: Principal = {
  userId: 1,
  role: 'student',
  chainId: 1,
  schoolIds: [],
  teacherAssignments: [],
  enrolment: { schoolId: 10, boardId: 2, grade: 7 },
} as unknown as Principal;
const student = base;
const teacher = {
  ...base,
  userId: 2,
  role: 'teacher',
  enrolment: null,
  schoolIds: [10],
  teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 5 }],
} as unknown as Principal;
const parent = { ...base, userId: 3, role: 'parent', enrolment: null } as unknown as Principal;
const seventh: CalendarEventFacts = { schoolId: 10, chainId: 1, boardId: 2, grade: 7, subjectId: 5, createdBy: 2 };
const target = { schoolId: 10, chainId: 1, boardId: 2, grade: 7, subjectId: 5 };

describe('live classes policy', () => {
  it('lists for students of a school with the product and for staff; not for parents', () => {
    expect(authorizeLiveReader(student, true).userId).toBe(1);
    expect(() => authorizeLiveReader(student, false)).toThrow(
      expect.objectContaining({ code: 'LIVE_CLASSES_NOT_IN_PLAN' }),
    );
    expect(authorizeLiveReader(teacher, false).role).toBe('teacher');
    expect(() => authorizeLiveReader(parent, true)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorizeLiveReader(null, true)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('schedules where the calendar may be written, at a school with the product', () => {
    expect(authorizeScheduleLiveClass(teacher, target, true).userId).toBe(2);
    expect(() => authorizeScheduleLiveClass(teacher, { ...target, grade: 8 }, true)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => authorizeScheduleLiveClass(teacher, target, false)).toThrow(
      expect.objectContaining({ code: 'LIVE_CLASSES_NOT_IN_PLAN' }),
    );
    expect(() => authorizeScheduleLiveClass(student, target, true)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('lets the class and its staff in (staff as moderators); another class finds nothing', () => {
    expect(authorizeLiveClass(student, seventh, true).userId).toBe(1);
    expect(() => authorizeLiveClass(student, { ...seventh, grade: 8 }, true)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => authorizeLiveClass(student, undefined, true)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect([joinsAsModerator(student), joinsAsModerator(teacher)]).toEqual([false, true]);
  });

  it('shows the register to staff who see the class only', () => {
    expect(authorizeLiveAttendance(teacher, seventh).userId).toBe(2);
    expect(() => authorizeLiveAttendance(student, seventh)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorizeLiveAttendance(teacher, { ...seventh, schoolId: 11, createdBy: 99 })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });
});
