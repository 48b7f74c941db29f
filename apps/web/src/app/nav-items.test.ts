import { describe, expect, it } from 'vitest';
import type { Abilities, MeResponse } from '@ki/contracts';
import { navItems } from './nav-items';

/** The abilities the server's policy (abilitiesOf) gives each role; the menu reads only these. */
function abilities(role: MeResponse['user']['role'], schoolIds: number[]): Abilities {
  const isStaff = role === 'teacher' || role === 'principal' || role === 'superadmin';
  const isContent = role === 'content_editor' || role === 'content_approver';
  return {
    dashboard: role === 'student' ? 'student' : role === 'parent' ? 'children' : isStaff ? 'school' : 'none',
    subjectSummary: null,
    subjectSummaries: [],
    studentDashboards: role !== 'content_editor' && role !== 'content_approver',
    chooseSchools: role === 'superadmin' ? 'many' : isStaff && schoolIds.length > 1 ? 'one' : 'none',
    learn: role === 'student' || isContent,
    writeRecords: role === 'student',
    schoolSettings: role === 'principal',
    exportSchoolRecords: role === 'principal' || role === 'superadmin',
    reindexStudents: false,
    reindexOnTopics: false,
    eraseStudents: role === 'principal' || role === 'superadmin',
    linkParents: isStaff,
    decideParentLinks: role === 'principal' || role === 'superadmin',
    author: role === 'content_editor',
    approve: role === 'content_approver',
    launchExams: role === 'student' || isStaff,
    assessments:
      role === 'teacher' ? 'author' : role === 'principal' ? 'view' : role === 'superadmin' ? 'reports' : 'none',
    chat: isStaff,
    calendar: isStaff ? 'edit' : role === 'student' || role === 'parent' ? 'view' : 'none',
  };
}

function me(role: MeResponse['user']['role'], extra: { products?: string[]; schoolIds?: number[] } = {}): MeResponse {
  return {
    user: {
      id: 1,
      role,
      isQa: false,
      firstName: 'A',
      lastName: 'B',
      mobile: null,
      email: null,
      language: 'en',
      avatar: 'default',
    },
    school: { id: 1, name: 'S', chainId: 1, isPace: false, languages: ['en'], products: extra.products ?? [] },
    enrolment: null,
    staff: {
      chainId: null,
      schoolIds: extra.schoolIds ?? [1],
      assignedGrades: [],
      assignedSubjectId: null,
      subjects: [],
    },
    onboarding: { needsLanguage: false, needsBoard: false, needsGrade: false },
    home: '/',
    abilities: abilities(role, extra.schoolIds ?? [1]),
    plan: role === 'student' ? { status: 'school', endsAt: null } : null,
  };
}
const labels = (m: MeResponse) => navItems(m).map((i) => i.labelKey.replace('nav.', ''));

describe('side navigation per role (access-and-app-shell.md 2.7)', () => {
  it('students: Learn, Practice, Live Class only with the product, Bookmark, Rank, Ask a doubt, Dashboard (the calendar is in the profile menu)', () => {
    expect(labels(me('student'))).toEqual(['learn', 'practice', 'bookmark', 'rank', 'askDoubt', 'dashboard']);
    expect(labels(me('student', { products: ['liveclasses'] }))).toEqual([
      'learn',
      'practice',
      'liveClass',
      'bookmark',
      'rank',
      'askDoubt',
      'dashboard',
    ]);
  });

  it('parents: their children’s dashboards and the calendar', () => {
    expect(navItems(me('parent')).map((i) => i.to)).toEqual(['/parent/dashboard', '/calendar']);
  });

  it('content roles: as students, without the dashboard and the calendar, plus authoring and its review queue', () => {
    expect(labels(me('content_editor'))).toEqual(['learn', 'practice', 'bookmark', 'rank', 'authoring', 'review']);
    expect(labels(me('content_approver'))).toEqual(['learn', 'practice', 'bookmark', 'rank', 'authoring', 'review']);
  });

  it('staff: Dashboard, Assessment, Reports, Calendar, Learn, Chat, Notices, Doubts, Live Class, Class rooms, Drive; school choice for those with several schools', () => {
    expect(labels(me('principal'))).toEqual([
      'dashboard',
      'assessment',
      'reports',
      'calendar',
      'learn',
      'chat',
      'notices',
      'doubts',
      'liveClass',
      'classRooms',
      'drive',
      'leaderboardSettings',
    ]);
    expect(labels(me('teacher'))).toEqual([
      'dashboard',
      'assessment',
      'reports',
      'calendar',
      'learn',
      'chat',
      'notices',
      'doubts',
      'liveClass',
      'classRooms',
      'drive',
    ]);
    expect(labels(me('principal', { schoolIds: [1, 2] }))[1]).toBe('schools');
    expect(labels(me('superadmin'))[1]).toBe('schools');
  });

  it('links Assessment to writing a quiz for teachers, to the school’s quizzes for principals; super-admins get Reports only', () => {
    const to = (m: MeResponse, key: string) => navItems(m).find((i) => i.labelKey === `nav.${key}`)?.to;
    expect(to(me('teacher'), 'assessment')).toBe('/create-quiz');
    expect(to(me('principal'), 'assessment')).toBe('/quiz-listing');
    expect(labels(me('superadmin'))).toEqual([
      'dashboard',
      'schools',
      'reports',
      'calendar',
      'learn',
      'chat',
      'notices',
      'doubts',
      'liveClass',
      'classRooms',
      'drive',
    ]);
    for (const role of ['teacher', 'principal', 'superadmin'] as const)
      expect(to(me(role), 'reports')).toBe('/reports');
  });

  it('shows Chat to those the server lets chat (abilities.chat), linking /chat', () => {
    const chat = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.chat');
    expect(chat(me('teacher'))?.to).toBe('/chat');
    expect(chat(me('teacher'))?.soon).toBeUndefined();
    expect(chat({ ...me('teacher'), abilities: { ...me('teacher').abilities, chat: false } })).toBeUndefined();
    for (const role of ['student', 'parent', 'content_editor'] as const) expect(chat(me(role))).toBeUndefined();
  });

  it('links Notices (/broadcast) for staff only: students read notices on their home, parents on their dashboard', () => {
    const notices = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.notices');
    for (const role of ['teacher', 'principal', 'superadmin'] as const) {
      expect(notices(me(role))?.to, role).toBe('/broadcast');
      expect(notices(me(role))?.soon, role).toBeUndefined();
    }
    for (const role of ['student', 'parent', 'content_editor'] as const)
      expect(notices(me(role)), role).toBeUndefined();
  });

  it('links Doubts (/doubts) for staff and Ask a doubt (/ask-doubts) for students only', () => {
    const entry = (m: MeResponse, key: string) => navItems(m).find((i) => i.labelKey === `nav.${key}`);
    for (const role of ['teacher', 'principal', 'superadmin'] as const) {
      expect(entry(me(role), 'doubts')?.to, role).toBe('/doubts');
      expect(entry(me(role), 'doubts')?.soon, role).toBeUndefined();
      expect(entry(me(role), 'askDoubt'), role).toBeUndefined();
    }
    expect(entry(me('student'), 'askDoubt')?.to).toBe('/ask-doubts');
    expect(entry(me('student'), 'askDoubt')?.soon).toBeUndefined();
    for (const role of ['parent', 'content_editor', 'content_approver'] as const) {
      expect(entry(me(role), 'askDoubt'), role).toBeUndefined();
      expect(entry(me(role), 'doubts'), role).toBeUndefined();
    }
    expect(entry(me('student'), 'doubts')).toBeUndefined();
  });

  it('links Class rooms (/class-rooms) for staff only', () => {
    const rooms = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.classRooms');
    for (const role of ['teacher', 'principal', 'superadmin'] as const) {
      expect(rooms(me(role))?.to, role).toBe('/class-rooms');
      expect(rooms(me(role))?.soon, role).toBeUndefined();
    }
    for (const role of ['student', 'parent', 'content_editor', 'content_approver'] as const)
      expect(rooms(me(role)), role).toBeUndefined();
  });

  it('links Drive (/drive) for staff only', () => {
    const drive = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.drive');
    for (const role of ['teacher', 'principal', 'superadmin'] as const) {
      expect(drive(me(role))?.to, role).toBe('/drive');
      expect(drive(me(role))?.soon, role).toBeUndefined();
    }
    for (const role of ['student', 'parent', 'content_editor', 'content_approver'] as const)
      expect(drive(me(role)), role).toBeUndefined();
  });

  it('links the calendar for staff and parents the server gives one (abilities.calendar); a student’s is in the profile menu', () => {
    const calendar = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.calendar');
    expect(calendar(me('student'))).toBeUndefined();
    for (const role of ['parent', 'teacher', 'principal', 'superadmin'] as const) {
      expect(calendar(me(role))?.to, role).toBe('/calendar');
      expect(calendar(me(role))?.soon, role).toBeUndefined();
    }
    for (const role of ['content_editor', 'content_approver'] as const)
      expect(calendar(me(role)), role).toBeUndefined();
    const teacher = me('teacher');
    expect(calendar({ ...teacher, abilities: { ...teacher.abilities, calendar: 'none' } })).toBeUndefined();
  });

  it('links live classes: /live-classes for students of a school with the product, /live-class for staff (issue #26)', () => {
    const live = (m: MeResponse) => navItems(m).find((i) => i.labelKey === 'nav.liveClass');
    expect(live(me('student', { products: ['liveclasses'] }))).toMatchObject({ to: '/live-classes' });
    expect(live(me('student', { products: ['liveclasses'] }))?.soon).toBeUndefined();
    expect(live(me('student'))).toBeUndefined();
    for (const role of ['teacher', 'principal', 'superadmin'] as const) {
      expect(live(me(role))?.to, role).toBe('/live-class');
      expect(live(me(role))?.soon, role).toBeUndefined();
    }
    for (const role of ['parent', 'content_editor', 'content_approver'] as const)
      expect(live(me(role)), role).toBeUndefined();
  });

  it('marks the entries not built yet as coming soon instead of linking a dead end', () => {
    const soon = (m: MeResponse) =>
      navItems(m)
        .filter((i) => i.soon)
        .map((i) => i.labelKey.replace('nav.', ''));
    expect(soon(me('principal'))).toEqual([]);
    expect(soon(me('teacher'))).toEqual([]);
    expect(soon(me('superadmin'))).toEqual([]);
    expect(soon(me('student', { products: ['liveclasses'] }))).toEqual([]);
    expect(soon(me('content_editor'))).toEqual(['practice']);
    expect(navItems(me('principal')).find((i) => i.labelKey === 'nav.dashboard')?.soon).toBeUndefined();
  });
});
