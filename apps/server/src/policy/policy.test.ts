import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  authorizeLaunchExam,
  authorizeDecideLinkRequest,
  authorizeLinkParent,
  authorizeReadParentLinks,
  authorizeReadStudent,
  authorizeReadStudentDashboard,
  authorizeReadStudentSubject,
  authorizeReindexStudent,
  authorizeRequestParentLink,
  authorizeSchoolLinkRequests,
  authorizeUnlinkParent,
  narrowScope,
  parentLinkPermissions,
  requireParent,
  teacherCovers,
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
const req = (schoolIds: number[], grade: number | null = null, subjectId: number | null = null) => ({
  schoolIds,
  grade,
  subjectId,
  figures: subjectId === null ? ('all subjects' as const) : ('one subject' as const),
});

describe('narrowScope (dashboards.md 6)', () => {
  it('gives a principal their school, any grade', () => {
    expect(narrowScope(base, req([]))).toEqual({ schoolIds: [10], grades: null, subjectId: null, pairs: null });
    expect(narrowScope(base, req([10], 7))).toEqual({ schoolIds: [10], grades: [7], subjectId: null, pairs: null });
    expect(() => narrowScope(base, req([11]))).toThrow(/may not see these schools/);
  });

  it('limits a teacher to assigned grades and an assigned subject', () => {
    const teacher: Principal = {
      ...base,
      role: 'teacher',
      teacherAssignments: [
        { schoolId: 10, grade: 6, subjectId: null },
        { schoolId: 10, grade: 7, subjectId: null },
      ],
    };
    expect(narrowScope(teacher, req([10]))).toEqual({ schoolIds: [10], grades: [6, 7], subjectId: null, pairs: null });
    expect(() => narrowScope(teacher, req([10], 9))).toThrow(/not assigned/);
    const science: Principal = { ...teacher, teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }] };
    expect(narrowScope(science, req([10], 7, 3))).toEqual({ schoolIds: [10], grades: [7], subjectId: 3, pairs: null });
    expect(() => narrowScope(science, req([10], 7, 4))).toThrow(/subject is not assigned/);
    // Totals over every subject (overview, student lists) include other subjects than science.
    expect(() => narrowScope(science, req([10], 7))).toThrow(/one subject only/);
    expect(() => narrowScope(science, { ...req([10], 7), subjectId: 3 })).toThrow(/one subject only/);
  });

  // Penetration test of issue #21: assignments were pooled into sets of schools, grades and
  // subjects, so one assignment's school met another's grade or subject.
  describe('checks each assignment whole, never schools, grades and subjects pooled', () => {
    // (school 4, grade 6, every subject) + (school 5, grade 9, science = 3).
    const twoSchools: Principal = {
      ...base,
      role: 'teacher',
      schoolIds: [4, 5],
      teacherAssignments: [
        { schoolId: 4, grade: 6, subjectId: null },
        { schoolId: 5, grade: 9, subjectId: 3 },
      ],
    };
    // (school 10, grade 7, science = 3) + (school 10, grade 8, maths = 4).
    const twoSubjects: Principal = {
      ...base,
      role: 'teacher',
      teacherAssignments: [
        { schoolId: 10, grade: 7, subjectId: 3 },
        { schoolId: 10, grade: 8, subjectId: 4 },
      ],
    };

    it('gives figures over every subject only where an assignment to every subject is', () => {
      expect(narrowScope(twoSchools, req([4]))).toEqual({ schoolIds: [4], grades: [6], subjectId: null, pairs: null });
      expect(narrowScope(twoSchools, req([]))).toEqual({ schoolIds: [4], grades: [6], subjectId: null, pairs: null });
      expect(() => narrowScope(twoSchools, req([4, 5]))).toThrow(/one subject only/);
      expect(() => narrowScope(twoSchools, req([4, 5], 9))).toThrow(/not assigned/);
      expect(() => narrowScope(twoSchools, req([4], 9))).toThrow(/not assigned/);
      expect(() => narrowScope(twoSchools, req([5], 6))).toThrow(/not assigned/);
      expect(() => narrowScope(twoSubjects, req([10]))).toThrow(/one subject only/);
    });

    it('gives a subject’s figures only at the school and grade assigned that subject (or every subject)', () => {
      expect(narrowScope(twoSchools, req([5], 9, 3))).toEqual({
        schoolIds: [5],
        grades: [9],
        subjectId: 3,
        pairs: null,
      });
      // School 4's grade 6 is assigned every subject, school 5's grade 9 science: never 4's 9 or 5's 6.
      expect(narrowScope(twoSchools, req([], null, 3))).toEqual({
        schoolIds: [4, 5],
        grades: [6, 9],
        subjectId: 3,
        pairs: [
          { schoolId: 4, grade: 6 },
          { schoolId: 5, grade: 9 },
        ],
      });
      expect(() => narrowScope(twoSchools, req([4, 5], 9, 3))).toThrow(/not assigned/);
      expect(() => narrowScope(twoSchools, req([5], 9, 4))).toThrow(/subject is not assigned/);
      expect(narrowScope(twoSubjects, req([10], 7, 3))).toEqual({
        schoolIds: [10],
        grades: [7],
        subjectId: 3,
        pairs: null,
      });
      expect(() => narrowScope(twoSubjects, req([10], 7, 4))).toThrow(/subject is not assigned/);
      expect(() => narrowScope(twoSubjects, req([10], 8, 3))).toThrow(/subject is not assigned/);
    });

    it('opens a student’s subject only where the assignment covers it, and the whole student only to every subject', () => {
      const grade7 = { studentId: 5, schoolId: 10, boardId: 1, grade: 7, chainId: 1, callerIsLinkedParent: false };
      expect(authorizeReadStudentSubject(twoSubjects, grade7, 3)).toBe(twoSubjects);
      expect(() => authorizeReadStudentSubject(twoSubjects, grade7, 4)).toThrow(/may not see this student/);
      expect(() => authorizeReadStudent(twoSubjects, grade7)).toThrow(/may not see this student/);
      expect(() => authorizeReadStudentDashboard(twoSubjects, grade7)).toThrow(/may not see this student/);
      const school4grade9 = { ...grade7, schoolId: 4, grade: 9 };
      expect(() => authorizeReadStudentSubject(twoSchools, school4grade9, 3)).toThrow(/may not see this student/);
      expect(() => authorizeReadStudent(twoSchools, school4grade9)).toThrow(/may not see this student/);
      // Asking for a parent link and reindexing show no figures: a teacher of the grade in any subject.
      expect(authorizeRequestParentLink(twoSubjects, grade7)).toBe(twoSubjects);
      expect(() => authorizeLinkParent(twoSubjects, grade7)).toThrow(/principal/);
      expect(authorizeReindexStudent({ ...twoSubjects, isQa: true }, grade7).userId).toBe(1);
    });
  });

  it('gives a super-admin only schools of their chain', () => {
    const admin: Principal = { ...base, role: 'superadmin', schoolIds: [], chainId: 5 };
    expect(narrowScope(admin, req([1, 2]), [1, 2, 3])).toEqual({
      schoolIds: [1, 2],
      grades: null,
      subjectId: null,
      pairs: null,
    });
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
  const facts = (callerIsLinkedParent = false) => ({
    studentId: 5,
    schoolId: 10,
    boardId: 1,
    grade: 7,
    chainId: 1,
    callerIsLinkedParent,
  });
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
    [
      'the grade’s teacher',
      as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }] }),
      false,
      true,
      false,
    ],
    [
      'another grade’s teacher',
      as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 8, subjectId: null }] }),
      false,
      false,
      false,
    ],
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
    expect(parentLinkPermissions(caller, facts(linked))).toEqual({
      canLink: mayLink,
      canRequest: mayRequest,
      canDecide: mayLink,
      canUnlink: mayLink,
    });
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

describe('abilities sent to the web app (GET /me), derived from the same rules', () => {
  const as = (p: Partial<Principal>): Principal => ({ ...base, ...p });
  it('opens each role’s dashboard, and a subject summary for a teacher of subjects only', () => {
    expect(abilitiesOf(as({ role: 'student', schoolIds: [] }))).toMatchObject({
      dashboard: 'student',
      learn: true,
      writeRecords: true,
      studentDashboards: true,
    });
    expect(abilitiesOf(as({ role: 'parent', schoolIds: [] }))).toMatchObject({
      dashboard: 'children',
      learn: false,
      writeRecords: false,
    });
    expect(abilitiesOf(base)).toMatchObject({
      dashboard: 'school',
      schoolSettings: true,
      eraseStudents: true,
      chooseSchools: 'none',
      reindexStudents: false,
      reindexOnTopics: false,
    });
    expect(abilitiesOf(as({ schoolIds: [10, 11], isQa: true }))).toMatchObject({
      chooseSchools: 'one',
      reindexStudents: true,
      reindexOnTopics: true,
    });
    expect(abilitiesOf(as({ role: 'superadmin', chainId: 1, schoolIds: [] }))).toMatchObject({
      dashboard: 'school',
      chooseSchools: 'many',
      schoolSettings: false,
    });
    const everySubject = as({
      role: 'teacher',
      teacherAssignments: [
        { schoolId: 10, grade: 7, subjectId: null },
        { schoolId: 10, grade: 8, subjectId: 4 },
      ],
    });
    expect(abilitiesOf(everySubject)).toMatchObject({
      dashboard: 'school',
      subjectSummary: null,
      studentDashboards: true,
      eraseStudents: false,
      linkParents: true,
    });
    const subjectsOnly = as({
      role: 'teacher',
      teacherAssignments: [
        { schoolId: 10, grade: 7, subjectId: 3 },
        { schoolId: 10, grade: 8, subjectId: 4 },
      ],
    });
    expect(abilitiesOf(subjectsOnly)).toMatchObject({
      dashboard: 'subject',
      subjectSummary: { subjectId: 3, grade: 7 },
      studentDashboards: false,
    });
    expect(abilitiesOf(as({ role: 'content_editor', schoolIds: [] }))).toMatchObject({
      dashboard: 'none',
      author: true,
      approve: false,
      learn: true,
    });
    expect(abilitiesOf(as({ role: 'content_approver', schoolIds: [] }))).toMatchObject({
      dashboard: 'none',
      author: false,
      approve: true,
    });
  });

  it('opens teachers’ quizzes: teachers write them, principals read them, super-admins read reports only (issue #23)', () => {
    const of = (p: Partial<Principal>) => abilitiesOf(as(p)).assessments;
    expect(of({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }] })).toBe('author');
    expect(of({})).toBe('view');
    expect(of({ role: 'superadmin', chainId: 1, schoolIds: [] })).toBe('reports');
    for (const role of ['student', 'parent', 'content_editor', 'content_approver'] as const)
      expect(of({ role, schoolIds: [] })).toBe('none');
  });

  it('lists a teacher’s subject summaries: exactly the school, grade and subject pairs the policy covers', () => {
    const assignments = [
      { schoolId: 10, grade: 6, subjectId: 3 },
      { schoolId: 10, grade: 7, subjectId: 3 },
      { schoolId: 10, grade: 7, subjectId: 4 },
      { schoolId: 11, grade: 9, subjectId: null },
    ];
    const teacher = as({ role: 'teacher', schoolIds: [10, 11], teacherAssignments: assignments });
    const listed = abilitiesOf(teacher).subjectSummaries;
    expect(listed).toEqual(assignments);
    for (const schoolId of [10, 11])
      for (const grade of [6, 7, 8, 9])
        for (const subjectId of [3, 4, 5]) {
          const offered = listed.some(
            (a) => a.schoolId === schoolId && a.grade === grade && (a.subjectId === null || a.subjectId === subjectId),
          );
          expect(offered, `${schoolId}/${grade}/${subjectId}`).toBe(teacherCovers(teacher, schoolId, grade, subjectId));
        }
    expect(abilitiesOf(base).subjectSummaries).toEqual([]);
    expect(abilitiesOf(as({ role: 'superadmin', chainId: 1, schoolIds: [] })).subjectSummaries).toEqual([]);
  });

  it('offers the school’s link requests exactly to those the policy lets decide them', () => {
    const own = { schoolId: 10, chainId: 1 };
    const callers = [
      base,
      as({ role: 'superadmin', chainId: 1, schoolIds: [] }),
      as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }] }),
      as({ role: 'student', schoolIds: [] }),
      as({ role: 'parent', schoolIds: [] }),
      as({ role: 'content_approver', schoolIds: [] }),
    ];
    const offered = callers.map((p) => abilitiesOf(p).decideParentLinks);
    const allowed = callers.map((p) => {
      try {
        authorizeSchoolLinkRequests(p, own);
        return true;
      } catch {
        return false;
      }
    });
    expect(offered).toEqual([true, true, false, false, false, false]);
    expect(offered).toEqual(allowed);
  });
});

describe('Reindex (dashboards.md 2.3, 2.7, 6): qa on student tables, any role other than school on topic tables', () => {
  const student = { studentId: 5, schoolId: 10, boardId: 1, grade: 7, chainId: 1, callerIsLinkedParent: false };
  const as = (p: Partial<Principal>): Principal => ({ ...base, ...p });
  const teacher = as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }] });
  const superadmin = as({ role: 'superadmin', chainId: 1, schoolIds: [] });
  const allows = (p: Principal) => {
    try {
      authorizeReindexStudent(p, student);
      return true;
    } catch {
      return false;
    }
  };
  it.each([
    // role, caller, student tables, topic tables
    ['principal (school)', base, false, false],
    ['principal with qa', as({ isQa: true }), true, true],
    ['teacher', teacher, false, true],
    ['teacher with qa', { ...teacher, isQa: true }, true, true],
    ['super-admin', superadmin, false, true],
    ['super-admin with qa', { ...superadmin, isQa: true }, true, true],
    ['student', as({ role: 'student' }), false, false],
    ['parent', as({ role: 'parent', schoolIds: [] }), false, false],
    ['content editor with qa', as({ role: 'content_editor', schoolIds: [], isQa: true }), false, false],
  ] as const)(
    '%s: student tables %s, topic tables %s; the server allows where a button shows',
    (_, p, studentTables, topicTables) => {
      expect(abilitiesOf(p)).toMatchObject({ reindexStudents: studentTables, reindexOnTopics: topicTables });
      expect(allows(p)).toBe(topicTables);
    },
  );
  it('stays within the caller’s scope', () => {
    expect(allows(as({ role: 'superadmin', chainId: 2, schoolIds: [] }))).toBe(false);
    expect(allows(as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 8, subjectId: null }] }))).toBe(
      false,
    );
  });
});

describe('Exam launcher (access-and-app-shell.md 2.2; docs/DECISIONS.md "Exam launcher")', () => {
  const as = (p: Partial<Principal>): Principal => ({ ...base, ...p });
  it.each([
    ['student', as({ role: 'student', schoolIds: [] }), true],
    ['teacher', as({ role: 'teacher', teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: 3 }] }), true],
    ['principal', base, true],
    ['super-admin', as({ role: 'superadmin', chainId: 1, schoolIds: [] }), true],
    ['parent', as({ role: 'parent', schoolIds: [] }), false],
    ['content editor', as({ role: 'content_editor', schoolIds: [] }), false],
    ['content approver', as({ role: 'content_approver', schoolIds: [] }), false],
  ] as const)('%s may launch: %s, and /me says the same', (_, p, allowed) => {
    expect(abilitiesOf(p).launchExams).toBe(allowed);
    if (allowed) expect(authorizeLaunchExam(p)).toBe(p);
    else expect(() => authorizeLaunchExam(p)).toThrow(expect.objectContaining({ code: 'FORBIDDEN', status: 403 }));
  });
  it('asks a visitor to sign in', () => {
    expect(() => authorizeLaunchExam(null)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 }));
  });
});
