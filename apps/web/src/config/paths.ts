/** Every route path of the web app, in one place. */
export const paths = {
  root: '/',
  concepts: '/concepts',
  login: '/login',
  studentLogin: '/student/login',
  teacherLogin: '/teacher/login',
  onboarding: '/onboarding',
  selectSchool: '/select-school',
  dashboard: '/dashboard',
  noContent: '/nocontent',
  liveClasses: '/live-classes',
  practice: '/assessment',
  bookmarks: '/bookmarks',
  leaderboard: '/leaderboard',
  profile: '/profile',
  calendar: '/calendar',
  createQuiz: '/create-quiz',
  reports: '/reports',
  subjectChapters: (subject: string) => `/${subject}/chapters`,
  chainLogin: (chainId: number | string) => `/chain/login/${chainId}`,
} as const;

/**
 * Teacher routes of the route table (access-and-app-shell.md 2.1, 6): students are sent away from
 * these. Most are not built yet; staff opening one see 'The feature is not available yet.'
 */
export const TEACHER_ROUTES = [
  '/home',
  '/room',
  '/reports',
  '/report-details',
  '/create-quiz',
  '/quiz-detail',
  '/quiz-listing',
  '/assessment-quiz',
  '/live-class',
  '/chat',
  '/assessments',
  '/drive',
  '/broadcast',
  '/class-rooms',
  '/doubts',
  '/testdash',
] as const;

export const PRODUCT_NAME = 'Knowledge Islands';
/** The sign-in screens show 0.1.0 (access-and-app-shell.md 2.4); the app is 2.0.0 (9). */
export const SIGN_IN_VERSION = '0.1.0';
export const APP_VERSION = '2.0.0';
