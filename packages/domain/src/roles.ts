/**
 * Role, language and subject-theme vocabulary (access-and-app-shell.md sections 4.3, 4.5 and 5;
 * dashboards.md section 6; the parent role is this project's addition). The server, the web and
 * the contracts all take these lists from here.
 */

/** Every user role. */
export const USER_ROLES = [
  'student',
  'parent',
  'teacher',
  'principal',
  'superadmin',
  'content_editor',
  'content_approver',
] as const;

/** A user role. */
export type UserRole = (typeof USER_ROLES)[number];

/**
 * School staff: the roles that sign in at /teacher/login and see dashboards. Content editors and
 * approvers are not school staff: they use the learner side (/concepts) to review content.
 */
export const STAFF_ROLES = ['teacher', 'principal', 'superadmin'] as const satisfies readonly UserRole[];

/** A school staff role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The six supported interface languages (access-and-app-shell.md section 5). */
export const LANGUAGES = ['en', 'mr', 'gu', 'hi', 'ta', 'te'] as const;

/** A supported interface language. */
export type Language = (typeof LANGUAGES)[number];

/** Subject names that have their own visual theme (access-and-app-shell.md section 5). */
export const SUBJECT_THEMES = [
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
] as const;

/** A subject theme key, or 'default' for subjects without their own theme. */
export type SubjectTheme = (typeof SUBJECT_THEMES)[number] | 'default';

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * Whether a string is a user role.
 *
 * @param value any string, for example from a session or a query
 */
export function isUserRole(value: string): value is UserRole {
  return includes(USER_ROLES, value);
}

/**
 * Whether a role is school staff (teacher, principal, superadmin).
 *
 * @param role any string
 */
export function isStaffRole(role: string): role is StaffRole {
  return includes(STAFF_ROLES, role);
}

/**
 * Whether a string is a supported language code.
 *
 * @param value any string
 */
export function isLanguage(value: string): value is Language {
  return includes(LANGUAGES, value);
}

/**
 * Where a role lands after login (access-and-app-shell.md section 4.3): students and content
 * roles at /concepts, superadmin at /select-school, teachers and principals at /dashboard.
 * Parents are not in the spec's login flow; they land on their own dashboard.
 */
export function homePathForRole(role: UserRole): string {
  switch (role) {
    case 'student':
    case 'content_editor':
    case 'content_approver':
      return '/concepts';
    case 'superadmin':
      return '/select-school';
    case 'parent':
      return '/parent/dashboard';
    case 'teacher':
    case 'principal':
      return '/dashboard';
  }
}

/**
 * The login page of a role, used after logout and for unauthenticated redirects
 * (access-and-app-shell.md section 4.5): staff use /teacher/login, everyone else /login.
 */
export function loginPathForRole(role: UserRole): string {
  return isStaffRole(role) ? '/teacher/login' : '/login';
}

/**
 * Theme key of a subject: its name when it is one of SUBJECT_THEMES (case and surrounding spaces
 * ignored), otherwise 'default'. Matching is exact so that, for example, 'mathsplus' does not
 * borrow the maths theme.
 *
 * @param slug the subject's slug or name
 */
export function subjectTheme(slug: string): SubjectTheme {
  const key = slug.trim().toLowerCase();
  return includes(SUBJECT_THEMES, key) ? key : 'default';
}
