import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { authorizeBuyPlan, authorizeOwnOrder, authorizeRefund, requireActivePlan } from './plans';
import type { Principal } from './policy';

const NOW = new Date('2026-11-20T10:00:00Z');
const base: Principal = {
  userId: 7,
  role: 'student',
  isQa: false,
  firstName: 'S',
  lastName: 'T',
  chainId: null,
  schoolIds: [10],
  teacherAssignments: [],
  enrolment: { schoolId: 10, boardId: 1, grade: 7, section: 'A', enrolledAt: NOW },
  sessionId: 's',
};
const student = (plan: Principal['plan']): Principal => ({ ...base, plan });
const codeOf = (f: () => unknown) => {
  try {
    f();
    return 'allowed';
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
};

describe('requireActivePlan', () => {
  it('stops a student of a family-paid school with no plan running, at the instant the plan ends', () => {
    expect(codeOf(() => requireActivePlan(student({ schoolPays: false, until: null }), NOW))).toBe('402 PLAN_REQUIRED');
    expect(codeOf(() => requireActivePlan(student({ schoolPays: false, until: NOW }), NOW))).toBe('402 PLAN_REQUIRED');
    expect(
      codeOf(() => requireActivePlan(student({ schoolPays: false, until: new Date(NOW.getTime() + 1) }), NOW)),
    ).toBe('allowed');
  });

  it('lets through a student whose school pays, staff, parents and callers without a session', () => {
    expect(codeOf(() => requireActivePlan(student({ schoolPays: true, until: null }), NOW))).toBe('allowed');
    for (const role of ['teacher', 'principal', 'superadmin', 'parent', 'content_editor'] as const) {
      expect(
        codeOf(() => requireActivePlan({ ...base, role, enrolment: null }, NOW)),
        role,
      ).toBe('allowed');
    }
    expect(codeOf(() => requireActivePlan(null, NOW))).toBe('allowed');
  });
});

describe('buying, orders and refunds', () => {
  it('lets only a student of a family-paid school buy', () => {
    expect(codeOf(() => authorizeBuyPlan(student({ schoolPays: false, until: null })))).toBe('allowed');
    expect(codeOf(() => authorizeBuyPlan(student({ schoolPays: true, until: null })))).toBe('409 SCHOOL_PAYS');
    expect(codeOf(() => authorizeBuyPlan({ ...base, role: 'parent', enrolment: null }))).toBe('403 FORBIDDEN');
    expect(codeOf(() => authorizeBuyPlan(null))).toBe('401 UNAUTHENTICATED');
  });

  it('hides another student’s order as missing', () => {
    expect(codeOf(() => authorizeOwnOrder(base, { studentId: 7 }))).toBe('allowed');
    expect(codeOf(() => authorizeOwnOrder(base, { studentId: 8 }))).toBe('404 NOT_FOUND');
    expect(codeOf(() => authorizeOwnOrder(base, undefined))).toBe('404 NOT_FOUND');
  });

  it('gives refunds to the super-administrator of the order’s chain only', () => {
    const admin: Principal = { ...base, role: 'superadmin', chainId: 3, enrolment: null, schoolIds: [] };
    expect(codeOf(() => authorizeRefund(admin, { chainId: 3 }))).toBe('allowed');
    expect(codeOf(() => authorizeRefund(admin, { chainId: 4 }))).toBe('404 NOT_FOUND');
    expect(codeOf(() => authorizeRefund(admin, { chainId: null }))).toBe('404 NOT_FOUND');
    expect(codeOf(() => authorizeRefund({ ...admin, role: 'principal' }, { chainId: 3 }))).toBe('403 FORBIDDEN');
  });
});
