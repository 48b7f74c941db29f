import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  STAFF_ROLES,
  SUBJECT_THEMES,
  USER_ROLES,
  homePathForRole,
  isLanguage,
  isStaffRole,
  isUserRole,
  loginPathForRole,
  subjectTheme,
} from './roles';
import type { UserRole } from './roles';

describe('roles', () => {
  it('lists every role once', () => {
    expect(USER_ROLES).toEqual([
      'student',
      'parent',
      'teacher',
      'principal',
      'superadmin',
      'content_editor',
      'content_approver',
    ]);
    expect(STAFF_ROLES).toEqual(['teacher', 'principal', 'superadmin']);
  });

  it.each<[UserRole, string, string, boolean]>([
    // [role, home after login (access-and-app-shell.md 4.3), login page (4.5), staff]
    ['student', '/concepts', '/login', false],
    ['content_editor', '/concepts', '/login', false],
    ['content_approver', '/concepts', '/login', false],
    ['parent', '/parent/dashboard', '/login', false],
    ['teacher', '/dashboard', '/teacher/login', true],
    ['principal', '/dashboard', '/teacher/login', true],
    ['superadmin', '/select-school', '/teacher/login', true],
  ])('%s: home %s, login %s, staff %s', (role, home, login, staff) => {
    expect(homePathForRole(role)).toBe(home);
    expect(loginPathForRole(role)).toBe(login);
    expect(isStaffRole(role)).toBe(staff);
    expect(isUserRole(role)).toBe(true);
  });

  it.each(['admin', 'qa', 'Student', ''])('does not take %j as a role', (value) => {
    expect(isUserRole(value)).toBe(false);
    expect(isStaffRole(value)).toBe(false);
  });
});

describe('languages (access-and-app-shell.md section 5)', () => {
  it('supports exactly the six languages', () => {
    expect(LANGUAGES).toEqual(['en', 'mr', 'gu', 'hi', 'ta', 'te']);
  });

  it.each([
    ['hi', true],
    ['te', true],
    ['fr', false],
    ['EN', false],
  ])('isLanguage(%s) = %s', (value, ok) => {
    expect(isLanguage(value)).toBe(ok);
  });
});

describe('subjectTheme (access-and-app-shell.md section 5)', () => {
  it('knows the twelve themed subjects', () => {
    expect(SUBJECT_THEMES).toEqual([
      'maths',
      'science',
      'biology',
      'chemistry',
      'cyber',
      'physics',
      'english',
      'history',
      'economics',
      'geography',
      'political',
      'cricket',
    ]);
    for (const theme of SUBJECT_THEMES) expect(subjectTheme(theme)).toBe(theme);
  });

  it.each([
    ['Maths', 'maths'],
    [' physics ', 'physics'],
    ['mathematics', 'default'],
    ['marathi', 'default'],
    ['', 'default'],
  ])('subjectTheme(%j) = %s', (slug, theme) => {
    expect(subjectTheme(slug)).toBe(theme);
  });
});
