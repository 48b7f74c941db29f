/** Every route path of the web app, in one place. */
export const paths = {
  root: '/',
  concepts: '/concepts',
  login: '/login',
  studentLogin: '/student/login',
  teacherLogin: '/teacher/login',
  /** Families' sign-up with a school's sign-up code (issue #27); ?code=<code> fills it in. */
  signUp: '/signup',
  onboarding: '/onboarding',
  selectSchool: '/select-school',
  dashboard: '/dashboard',
  // The dashboards by the names of the route table (access-and-app-shell.md 2.1, 4.6): the same
  // dashboard as /dashboard, which picks its view from the user.
  principalDashboard: '/principal-dashboard',
  masterSchoolDashboard: '/master-school-dashboard',
  /** Where staff go after choosing one school on /select-school (access-and-app-shell.md 4.6). */
  paceDashboard: '/pace-view/dashboard',
  parentDashboard: '/parent/dashboard',
  studentDetail: '/student-detail',
  noContent: '/nocontent',
  /** A student's live classes and educational TV (issue #26); needs the school's liveclasses product. */
  liveClasses: '/live-classes',
  /** Staff schedule live classes and take their register (issue #26; access-and-app-shell.md 2.1). */
  liveClass: '/live-class',
  practice: '/assessment',
  bookmarks: '/bookmarks',
  leaderboard: '/leaderboard',
  leaderboardSettings: '/leaderboard-settings',
  profile: '/profile',
  calendar: '/calendar',
  /** Plans and payment (issue #27; access-and-app-shell.md 2.1, 2.8); ?plan=<code> is the plan being paid for. */
  plans: '/plans',
  privacy: '/privacy',
  // Teachers' quizzes and tests (access-and-app-shell.md 2.1): listing, editor, detail, marking, reports.
  createQuiz: '/create-quiz',
  quizListing: '/quiz-listing',
  editQuiz: (id: number) => `/assessment-quiz?id=${id}`,
  quizDetail: (id: number) => `/quiz-detail?id=${id}`,
  marking: '/assessments',
  reports: '/reports',
  reportDetails: (assignmentId: number) => `/report-details?assignment=${assignmentId}`,
  /** Staff chat (access-and-app-shell.md 2.1); ?room=<id> is the open room, ?tab=meetings the meetings. */
  chat: '/chat',
  /** A staff meeting's page (issue #25; access-and-app-shell.md 2.1 /meeting/{roomId}): the meeting's id. */
  meeting: (id: string) => `/meeting/${id}`,
  /** School notices: staff post to grades and see who has read them (issue #26; access-and-app-shell.md 2.1). */
  broadcast: '/broadcast',
  /** Students' doubts, answered by their teachers (issue #26; access-and-app-shell.md 2.1): the staff's list. */
  doubts: '/doubts',
  /** A student asks a doubt and reads the answers; ?subject=<slug>&topic=<id> picks the topic. */
  askDoubts: '/ask-doubts',
  /**
   * A teacher's classes (issue #26; access-and-app-shell.md 2.1 /class-rooms and /class-rooms/*); one
   * class room's href is built by its feature (features/class-rooms/class-room-model.ts classRoomPath),
   * which alone links there: this file is in every first load.
   */
  classRooms: '/class-rooms',
  /** A teacher's files, in folders, shared with their classes (issue #26; access-and-app-shell.md 2.1); ?folder=<id> is the open folder. */
  drive: '/drive',
  subjectChapters: (subject: string) => `/${subject}/chapters`,
  chainLogin: (chainId: number | string) => `/chain/login/${chainId}`,
  authoring: '/authoring',
  authoringChapter: (id: number | string) => `/authoring/chapters/${id}`,
  authoringTopic: (id: number | string) => `/authoring/topics/${id}`,
  authoringQuestion: (topicId: number | string, questionId: number | 'new') =>
    `/authoring/topics/${topicId}/questions/${questionId}`,
  authoringReview: '/authoring/review',
  authoringSubmission: (id: number | string) => `/authoring/review/${id}`,
  // Learning path (access-and-app-shell.md 2.1); the topic game's own route is ours: /play.
  island: (subject: string, chapter: string) => `/${subject}/${chapter}/topics`,
  concept: (subject: string, chapter: string, topic: string) => `/${subject}/${chapter}/${topic}/concept`,
  bookmarkedConcept: (subject: string, chapter: string, topic: string) =>
    `/bookmarked/${subject}/${chapter}/${topic}/concept`,
  play: (subject: string, chapter: string, topic: string) => `/${subject}/${chapter}/${topic}/play`,
  revise: (subject: string, chapter: string) => `/revise/${subject}/${chapter}`,
  treasure: (subject: string, chapter: string) => `/treasurecontent/${subject}/${chapter}`,
  bookmarkList: (subject: string) => `/bookmarkList/${subject}`,
  // Exam launcher (access-and-app-shell.md 2.1, 2.2); /himalayansuper30/{type} launches as /exams/{type}.
  exams: '/exams',
  exam: (type: string) => `/exams/${encodeURIComponent(type)}`,
  himalayanSuper30: '/himalayan-super30',
} as const;

/** The teachers' quizzes and tests, built in features/assessment-teacher (its pages.ts names each screen). */
export const QUIZ_ROUTES: readonly string[] = [
  paths.quizListing,
  paths.createQuiz,
  '/assessment-quiz',
  '/quiz-detail',
  paths.marking,
  paths.reports,
  '/report-details',
];

/** The old communication area (2.1 /home, /room and /{roomId} under them): the chat page now. */
export const CHAT_ROUTES: readonly string[] = ['/home', '/room'];

/**
 * Teacher routes of the route table (access-and-app-shell.md 2.1, 6): students are sent away from
 * these. Those not built yet (neither QUIZ_ROUTES, /chat, /broadcast, /doubts, /live-class,
 * /class-rooms, /drive nor CHAT_ROUTES) say 'The feature is not available yet.' to staff.
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
  '/scholarship',
  '/testdash',
  '/pages-starter',
] as const;

export const PRODUCT_NAME = 'Knowledge Islands';
/** The sign-in screens show 0.1.0 (access-and-app-shell.md 2.4); the app is 2.0.0 (9). */
export const SIGN_IN_VERSION = '0.1.0';
export const APP_VERSION = '2.0.0';

/** Navigation state of a parent sent from a learner's or staff page to their children's dashboards. */
export const PARENT_REDIRECT = { notForParents: true } as const;
