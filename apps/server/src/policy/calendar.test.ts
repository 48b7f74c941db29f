import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  authorizeChangeEvent,
  authorizeCreateEvent,
  calendarAudience,
  maySeeEvent,
  type CalendarTarget,
} from './calendar';
import type { CalendarEventFacts } from './facts';
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
const SCIENCE = 5;
const MATHS = 6;
/** Grade 7 in every subject at school 10, and grade 8 science there. */
const teacher: Principal = {
  ...base,
  teacherAssignments: [
    { schoolId: 10, grade: 7, subjectId: null },
    { schoolId: 10, grade: 8, subjectId: SCIENCE },
  ],
};
const principal: Principal = { ...base, userId: 2, role: 'principal', schoolIds: [10] };
const admin: Principal = { ...base, userId: 3, role: 'superadmin', chainId: 100, schoolIds: [] };
const student = (grade: number | null): Principal => ({
  ...base,
  userId: 4,
  role: 'student',
  schoolIds: [10],
  enrolment: {
    schoolId: 10,
    boardId: grade === null ? null : 1,
    grade,
    section: 'A',
    enrolledAt: new Date('2026-06-01T00:00:00Z'),
  },
});
const parent: Principal = { ...base, userId: 9, role: 'parent', schoolIds: [] };
const target = (over: Partial<CalendarTarget> = {}): CalendarTarget => ({
  schoolId: 10,
  chainId: 100,
  boardId: 1,
  grade: 7,
  subjectId: null,
  ...over,
});
const event = (over: Partial<CalendarEventFacts> = {}): CalendarEventFacts => ({ ...target(), createdBy: 1, ...over });
const whole = { boardId: null, grade: null, subjectId: null };
const code = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
  return 'allowed';
};

describe('calendar policy', () => {
  it('lets principals and super-admins write for the whole school or any class, a teacher only for a class an assignment covers', () => {
    expect(code(() => authorizeCreateEvent(principal, target(whole)))).toBe('allowed');
    expect(code(() => authorizeCreateEvent(principal, target({ schoolId: 11 })))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCreateEvent(admin, target({ schoolId: 11, ...whole })))).toBe('allowed');
    expect(code(() => authorizeCreateEvent(admin, target({ chainId: 200 })))).toBe('403 FORBIDDEN');
    // A teacher: grade 7 in any subject or none; grade 8 science only; never the whole school.
    expect(code(() => authorizeCreateEvent(teacher, target()))).toBe('allowed');
    expect(code(() => authorizeCreateEvent(teacher, target({ subjectId: MATHS })))).toBe('allowed');
    expect(code(() => authorizeCreateEvent(teacher, target({ grade: 8, subjectId: SCIENCE })))).toBe('allowed');
    expect(code(() => authorizeCreateEvent(teacher, target({ grade: 8 })))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCreateEvent(teacher, target({ grade: 8, subjectId: MATHS })))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCreateEvent(teacher, target(whole)))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCreateEvent(teacher, target({ schoolId: 11 })))).toBe('403 FORBIDDEN');
    for (const p of [student(7), parent, { ...base, role: 'content_editor' as const }])
      expect(code(() => authorizeCreateEvent(p, target()))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCreateEvent(null, target()))).toBe('401 UNAUTHENTICATED');
  });

  it('shows a student their school’s whole-school events and their own board and grade’s, and a parent their children’s', () => {
    expect(maySeeEvent(student(7), event(whole))).toBe(true);
    expect(maySeeEvent(student(7), event())).toBe(true);
    expect(maySeeEvent(student(7), event({ grade: 8 }))).toBe(false);
    expect(maySeeEvent(student(7), event({ boardId: 2 }))).toBe(false);
    expect(maySeeEvent(student(7), event({ schoolId: 11, ...whole }))).toBe(false);
    // Before a grade is picked: the whole school only.
    expect(maySeeEvent(student(null), event(whole))).toBe(true);
    expect(maySeeEvent(student(null), event())).toBe(false);
    expect(maySeeEvent(parent, event(), [{ schoolId: 10, boardId: 1, grade: 7 }])).toBe(true);
    expect(maySeeEvent(parent, event({ grade: 8 }), [{ schoolId: 10, boardId: 1, grade: 7 }])).toBe(false);
    expect(maySeeEvent(parent, event(whole))).toBe(false);
    expect(calendarAudience(parent)).toEqual({ chainIds: [], schoolIds: [], classes: [], authorId: null });
    expect(code(() => calendarAudience({ ...base, role: 'content_approver' }))).toBe('403 FORBIDDEN');
  });

  it('shows a teacher their schools’ whole-school events, their grades’ on any board, and their own', () => {
    expect(maySeeEvent(teacher, event(whole))).toBe(true);
    expect(maySeeEvent(teacher, event({ grade: 8, subjectId: MATHS, createdBy: 2 }))).toBe(true);
    expect(maySeeEvent(teacher, event({ grade: 9, createdBy: 2 }))).toBe(false);
    expect(maySeeEvent(teacher, event({ schoolId: 11, createdBy: 2 }))).toBe(false);
    expect(maySeeEvent(principal, event({ grade: 9 }))).toBe(true);
    expect(maySeeEvent(admin, event({ schoolId: 11 }))).toBe(true);
    expect(maySeeEvent(admin, event({ chainId: 200 }))).toBe(false);
  });

  it('lets the author who still covers the class, the principal and the super-admin change an event; others see 403 or nothing', () => {
    expect(code(() => authorizeChangeEvent(teacher, event()))).toBe('allowed');
    // Moving it somewhere the teacher does not teach is refused; so is someone else's event they only see.
    expect(code(() => authorizeChangeEvent(teacher, event(), target({ grade: 8 })))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeChangeEvent(teacher, event({ createdBy: 2 })))).toBe('403 FORBIDDEN');
    // No longer assigned to the grade: they still see what they wrote, but it is the principal's to change.
    expect(
      code(() =>
        authorizeChangeEvent(
          { ...teacher, teacherAssignments: [{ schoolId: 10, grade: 6, subjectId: null }] },
          event(),
        ),
      ),
    ).toBe('403 FORBIDDEN');
    expect(code(() => authorizeChangeEvent(principal, event({ createdBy: 1 })))).toBe('allowed');
    expect(code(() => authorizeChangeEvent(principal, event({ schoolId: 11 })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeChangeEvent(admin, event({ schoolId: 11 })))).toBe('allowed');
    expect(code(() => authorizeChangeEvent(admin, event({ chainId: 200 })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeChangeEvent(principal, undefined))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeChangeEvent(student(7), event()))).toBe('403 FORBIDDEN');
  });
});
