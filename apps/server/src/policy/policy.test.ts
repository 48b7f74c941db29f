import { describe, expect, it } from 'vitest';
import {
  authorizeDecideLinkRequest,
  authorizeLinkParent,
  authorizeReadParentLinks,
  authorizeReadStudentDashboard,
  authorizeRequestParentLink,
  authorizeUnlinkParent,
  narrowScope,
  parentLinkPermissions,
  requireParent,
  type Principal,
} from './policy';

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

describe('student dashboard and parent links: role x tenant', () => {
  // Student 5 of school 10, grade 7, chain 1.
  const facts = (callerIsLinkedParent = false) => ({ studentId: 5, schoolId: 10, grade: 7, chainId: 1, callerIsLinkedParent });
  const as = (p: Partial<Principal>): Principal => ({ ...base, ...p });
  const callers: [string, Principal, boolean, boolean, boolean][] = [
    // name, caller, linked parent?, may read the dashboard, may link a parent
    ['the student', as({ role: 'student', userId: 5, schoolIds: [] }), false, true, false],
    ['a classmate', as({ role: 'student', userId: 6, schoolIds: [] }), false, false, false],
    ['a linked parent', as({ role: 'parent', userId: 7, schoolIds: [] }), true, true, false],
    ['another parent', as({ role: 'parent', userId: 8, schoolIds: [] }), false, false, false],
    ['the principal', as({ role: 'principal' }), false, true, true],
    ['another school’s principal', as({ role: 'principal', schoolIds: [11] }), false, false, false],
    // A teacher only requests a link; the principal decides (security issue #21).
    ['the grade’s teacher', as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }] }), false, true, false],
    ['another grade’s teacher', as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 8, subjectId: null }] }), false, false, false],
    ['the chain’s super-admin', as({ role: 'superadmin', chainId: 1, schoolIds: [] }), false, true, true],
    ['another chain’s super-admin', as({ role: 'superadmin', chainId: 2, schoolIds: [] }), false, false, false],
    ['a content editor', as({ role: 'content_editor', schoolIds: [] }), false, false, false],
    ['a content approver', as({ role: 'content_approver', schoolIds: [] }), false, false, false],
  ];
  it.each(callers)('%s', (_name, caller, linked, mayRead, mayLink) => {
    const read = () => authorizeReadStudentDashboard(caller, facts(linked));
    const link = () => authorizeLinkParent(caller, facts(linked));
    if (mayRead) expect(read()).toBe(caller);
    else expect(read).toThrow(/may not see this student/);
    if (mayLink) expect(link()).toBe(caller);
    else expect(link).toThrow(/Only the principal/);
    // Deciding requests and unlinking follow linking; requesting is the grade's teacher's alone.
    const decide = () => authorizeDecideLinkRequest(caller, facts(linked));
    const unlink = () => authorizeUnlinkParent(caller, facts(linked));
    if (mayLink) expect([decide(), unlink()]).toEqual([caller, caller]);
    else [decide, unlink].forEach((f) => expect(f).toThrow(/Only the principal/));
    const mayRequest = caller.role === 'teacher' && mayRead;
    const request = () => authorizeRequestParentLink(caller, facts(linked));
    if (mayRequest) expect(request()).toBe(caller);
    else expect(request).toThrow(/Only a teacher/);
    expect(parentLinkPermissions(caller, facts(linked))).toEqual({ canLink: mayLink, canRequest: mayRequest, canDecide: mayLink, canUnlink: mayLink });
    // Staff over the student see the links; parents (even linked ones) and students do not.
    const list = () => authorizeReadParentLinks(caller, facts(linked));
    if (mayRead && !['student', 'parent'].includes(caller.role)) expect(list()).toBe(caller);
    else expect(list).toThrow(/Only staff/);
  });

  it('needs a session, and only parents list children', () => {
    expect(() => authorizeReadStudentDashboard(null, facts())).toThrow(/Sign in/);
    expect(() => authorizeLinkParent(null, facts())).toThrow(/Sign in/);
    expect(requireParent(as({ role: 'parent' })).role).toBe('parent');
    expect(() => requireParent(as({ role: 'student' }))).toThrow();
  });
});
