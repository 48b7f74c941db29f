import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type LoaderFunction, type RouteObject } from 'react-router';
// The DOM build of the provider: it can render a navigation at once when asked (flushSync, lib/url-state.ts).
import { RouterProvider } from 'react-router/dom';
import { CHAT_ROUTES, paths, QUIZ_ROUTES, TEACHER_ROUTES } from '../config/paths';
import { i18next, i18nReady, type Namespace } from '../lib/i18n';
import { ErrorPage } from './error-page';
import {
  CalendarUsersOnly,
  ContentRolesOnly,
  GuestOnly,
  HomeRedirect,
  RequireAuth,
  RequireOnboarded,
  RequirePlan,
  RequireProduct,
  StaffOnly,
  StudentsOnly,
} from './guards';
import { AppLayout, AuthLayout } from './layout';
import { ScrollMemory } from './scroll-memory';
import { SessionEvents } from './session-events';

/**
 * One lazy module per page, so each route downloads only its own code. A page's strings (its i18next
 * namespaces) download beside its module instead of after it has rendered and asked for them. Pages
 * built with Mantine get its provider (MantineRoot), which loads beside them too; the learner's home
 * page and the topic game are plain HTML and CSS, so their first load carries no Mantine code
 * (docs/PERFORMANCE.md, "A Mantine-free first load").
 */
const page = (
  load: () => Promise<Record<string, unknown>>,
  name: string,
  strings?: Namespace | readonly Namespace[],
  { mantine = true }: { mantine?: boolean } = {},
): Pick<RouteObject, 'lazy'> => ({
  lazy: () =>
    Promise.all([
      load(),
      mantine ? import('../ui/mantine-root') : undefined,
      strings && i18nReady.then(() => i18next.loadNamespaces(strings)),
    ]).then(([m, root]) => {
      const Page = m[name] as ComponentType;
      if (!root) return { Component: Page };
      const { MantineRoot } = root;
      return {
        Component: () => (
          <MantineRoot>
            <Page />
          </MantineRoot>
        ),
      };
    }),
});

/**
 * The loader of a subject's pages (chapters, island, concept, games): starts the subject's content
 * and progress as soon as the route matches. Its module (with the device store) loads beside the page.
 */
const subjectLoader: LoaderFunction = ({ params }) => {
  const slug = params.subject;
  if (!slug) return null;
  return onFirstLoad(import('../features/learn/api/start-subject-view').then((m) => m.startSubjectView(slug)));
};

/**
 * The strings of a subject's pages and games: the home's (`learn`: loading a subject, coins, the
 * streak), which /concepts loads alone, and the rest of the learner journey's (`journey`).
 */
const JOURNEY_STRINGS = ['learn', 'journey'] as const;

/** How long the app's first load waits for a page's data before rendering without it. */
const FIRST_LOAD_WAIT_MS = 1500;

/** Set once the router has finished its first navigation (below). */
let firstLoadDone = false;

/**
 * A loader's answer: on the app's first load, while index.html's static shell is showing, the page
 * waits (at most FIRST_LOAD_WAIT_MS, and not offline, where unanswered requests pause) for the
 * requests it started, so it renders once with its data instead of a loader followed by a re-render
 * per answer. Later navigations only start the requests and never hold up the page on screen. A
 * failure to start them (their module could not be fetched) never fails the page: it asks itself.
 */
function onFirstLoad(started: Promise<unknown>): Promise<null> | null {
  const settled = started.catch(() => undefined);
  if (firstLoadDone || !navigator.onLine) return null;
  return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]).then(() => null);
}

const notBuiltModule = () => import('./not-built-page');
const notBuilt = page(notBuiltModule, 'NotBuiltPage');
const chatPages = () => import('../features/chat/pages');
const chatPage = page(() => chatPages().then((m) => m.loadChatPage()), 'ChatPage');
/** A staff meeting (issue #25, 2.1 /meeting/{roomId}), through chat's small module too. */
const meetingPage = page(() => chatPages().then((m) => m.loadMeetingPage()), 'MeetingPage');
/** The school calendar: FullCalendar comes with this page only (features/calendar/pages.ts). */
const calendarPage = page(() => import('../features/calendar/pages').then((m) => m.loadCalendarPage()), 'CalendarPage');
/** Plans and payment (issue #27): the page and its strings, through the feature's small module (features/plans/pages.ts). */
const plansPage = page(() => import('../features/plans/pages').then((m) => m.loadPlansPage()), 'PlansPage');
/** School notices for staff (issue #26): the page and its strings, through the feature's small module (features/broadcasts/pages.ts). */
const broadcastPage = page(
  () => import('../features/broadcasts/pages').then((m) => m.loadBroadcastPage()),
  'BroadcastPage',
);
/**
 * Doubts (issue #26): the student's /ask-doubts and the staff's /doubts, each with its strings,
 * through the feature's small module (features/doubts/pages.ts): one import here for both.
 */
const doubtsPages = () => import('../features/doubts/pages');
const askDoubtsPage = page(() => doubtsPages().then((m) => m.loadAskDoubtsPage()), 'AskDoubtsPage');
const doubtsPage = page(() => doubtsPages().then((m) => m.loadDoubtsPage()), 'DoubtsPage');
/**
 * Live classes (issue #26): the student's /live-classes (only with the school's liveclasses product,
 * access-and-app-shell.md 4.4), the staff's /live-class and the join page, each with its strings,
 * through the feature's small module (features/live-classes/pages.ts): one import here for all.
 */
const livePages = () => import('../features/live-classes/pages');
const liveClassPage = page(() => livePages().then((m) => m.loadLiveClassPage()), 'LiveClassPage');
const joinPage = page(() => livePages().then((m) => m.loadJoinPage()), 'JoinPage');
/**
 * Class rooms (issue #26): the staff's list of their classes (/class-rooms) and one class room
 * (/class-rooms/*), one module for both with its strings (features/class-rooms/pages.ts).
 */
const classRoomsPage = page(
  () => import('../features/class-rooms/pages').then((m) => m.loadClassRoomsRoute()),
  'ClassRoomsRoute',
);
/** The teachers' drive (issue #26): the page and its strings, through the feature's small module (features/drive/pages.ts). */
const drivePage = page(() => import('../features/drive/pages').then((m) => m.loadDrivePage()), 'DrivePage');
/** Families' sign-up (issue #27): the page and its strings, through the feature's small module (features/sign-up/pages.ts). */
const signUpPage = page(() => import('../features/sign-up/pages').then((m) => m.loadSignUpPage()), 'SignUpPage');

/** The old rooms area (/home, /room and a room of theirs) is the chat page, with the room open. */
function ChatRedirect() {
  const { roomId } = useParams();
  return <Navigate to={roomId && /^\d{1,10}$/.test(roomId) ? `${paths.chat}?room=${roomId}` : paths.chat} replace />;
}
/**
 * The exam launcher's pages and their strings (`exams`), through the feature's small module
 * (features/exams/pages.ts): one entry in this file's import table, and none in the strings' table.
 */
const examPages = () => import('../features/exams/pages').then((m) => m.loadExamPages());

/**
 * The teachers' quizzes and tests (features/assessment-teacher): one module per screen, reached
 * through the feature's small table of screens by path, so this entry names one import instead of
 * every screen's files (each dynamic import here carries the list of its chunks, and /concepts'
 * first load pays for those bytes).
 */
const quizPage = (path: string) =>
  page(() => import('../features/assessment-teacher/pages').then((m) => m.loadPage(path)), 'Page');

const routes: RouteObject[] = [
  {
    element: (
      <>
        {/* A new page opens at its top; Back and Forward return to where the page was scrolled. */}
        <ScrollMemory />
        <SessionEvents />
      </>
    ),
    errorElement: <ErrorPage />,
    children: [
      // Guest-only: a signed-in user is sent home (access-and-app-shell.md 4.4).
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.login, ...page(() => import('../features/auth/student-login-page'), 'StudentLoginPage') },
              {
                path: paths.studentLogin,
                ...page(() => import('../features/auth/student-login-page'), 'StudentLoginPage'),
              },
              {
                path: paths.teacherLogin,
                ...page(() => import('../features/auth/teacher-login-page'), 'TeacherLoginPage'),
              },
            ],
          },
        ],
      },
      // Families' sign-up, beside the sign-in pages: guest-only as they are, but the page is its own
      // guard, since its last step shows the child their new code once they are signed in.
      { element: <AuthLayout />, children: [{ path: paths.signUp, ...signUpPage }] },
      {
        element: <AppLayout />,
        children: [
          { path: '/chain/login/:chainId', ...page(() => import('./chain-login-page'), 'ChainLoginPage') },
          // Open without login (access-and-app-shell.md 2.1).
          {
            path: paths.himalayanSuper30,
            ...page(examPages, 'HimalayanSuper30Page'),
          },
          // Staff-only routes remember the path and ask staff to sign in.
          {
            element: <RequireAuth loginPath={paths.teacherLogin} />,
            children: [
              {
                element: <StaffOnly />,
                children: [
                  {
                    path: paths.selectSchool,
                    ...page(() => import('../features/schools/select-school-page'), 'SelectSchoolPage'),
                  },
                  {
                    path: '/student-list',
                    ...page(() => import('../features/dashboard/student-list-page'), 'StudentListPage'),
                  },
                  {
                    path: '/subject-detail',
                    ...page(() => import('../features/dashboard/subject-detail-page'), 'SubjectDetailPage'),
                  },
                  {
                    path: paths.leaderboardSettings,
                    ...page(
                      () => import('../features/leaderboard/leaderboard-settings-page'),
                      'LeaderboardSettingsPage',
                    ),
                  },
                  {
                    path: paths.studentDetail,
                    ...page(() => import('../features/student-dashboard/pages'), 'StudentDetailPage'),
                  },
                  // The dashboards the route table names (access-and-app-shell.md 2.1, 4.6): the
                  // multi-school principal's, and one school's after choosing it on /select-school.
                  ...[paths.principalDashboard, paths.masterSchoolDashboard, paths.paceDashboard].map((path) => ({
                    path,
                    ...page(() => import('./dashboard-route'), 'DashboardRoute'),
                  })),
                  ...TEACHER_ROUTES.map((path) => ({
                    path,
                    ...(path === paths.chat
                      ? chatPage
                      : path === paths.broadcast
                        ? broadcastPage
                        : path === paths.doubts
                          ? doubtsPage
                          : path === paths.liveClass
                            ? liveClassPage
                            : path === paths.classRooms
                              ? classRoomsPage
                              : path === paths.drive
                                ? drivePage
                                : CHAT_ROUTES.includes(path)
                                  ? { element: <ChatRedirect /> }
                                  : QUIZ_ROUTES.includes(path)
                                    ? quizPage(path)
                                    : notBuilt),
                  })),
                  // The route table's /doubts/* (2.1): the doubts page.
                  { path: `${paths.doubts}/*`, ...doubtsPage },
                  // The route table's /class-rooms/* (2.1): one class room, /class-rooms/{school}/{board}/{grade}/{section}.
                  { path: `${paths.classRooms}/*`, ...classRoomsPage },
                  // The route table's room pages (2.1 /home/{roomId}, /room/{roomId}) open that room in /chat.
                  ...CHAT_ROUTES.map((path) => ({ path: `${path}/:roomId`, element: <ChatRedirect /> })),
                  // The room area's meeting (2.1 /meeting/{roomId}: the meeting's id).
                  { path: '/meeting/:roomId', ...meetingPage },
                ],
              },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.onboarding, ...page(() => import('../features/auth/onboarding-page'), 'OnboardingPage') },
              {
                element: <RequireOnboarded />,
                children: [
                  // The subscription check (access-and-app-shell.md 4.7): a student without a
                  // running plan goes to /plans from the learner pages (RequirePlan says which not).
                  {
                    element: <RequirePlan />,
                    children: [
                      { path: paths.root, element: <HomeRedirect /> },
                      {
                        path: paths.concepts,
                        // The home's answers are asked for as soon as the route matches, not once its code has arrived.
                        loader: () =>
                          onFirstLoad(
                            import('../features/learn/api/start-learner-home').then((m) => m.startLearnerHome()),
                          ),
                        ...page(() => import('./concepts-route'), 'ConceptsRoute', 'learn', { mantine: false }),
                      },
                      {
                        path: paths.noContent,
                        ...page(() => import('../features/learn/no-content-page'), 'NoContentPage', 'journey'),
                      },
                      {
                        path: paths.dashboard,
                        ...page(() => import('./dashboard-route'), 'DashboardRoute'),
                      },
                      {
                        path: paths.parentDashboard,
                        ...page(() => import('./parent-dashboard-route'), 'ParentDashboardRoute'),
                      },
                      {
                        path: paths.leaderboard,
                        ...page(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage'),
                      },
                      // Exam launcher (access-and-app-shell.md 2.2).
                      { path: paths.exams, ...page(examPages, 'ExamsPage') },
                      ...['/exams/:type', '/himalayansuper30/:type'].map((path) => ({
                        path,
                        ...page(examPages, 'ExamLaunchPage'),
                      })),
                      // The school calendar (issue #26): students, parents and staff; not the content roles.
                      {
                        element: <CalendarUsersOnly />,
                        children: [{ path: paths.calendar, ...calendarPage }],
                      },
                      // The student's quizzes and tests and the live challenge (access-and-app-shell.md
                      // 2.1, 2.8): one module holds their routes, each page loading with its own
                      // (app/assessment-pages.tsx).
                      {
                        path: `${paths.practice}/*`,
                        ...page(
                          () => import('./assessment-pages').then((m) => m.assessmentStringsReady().then(() => m)),
                          'AssessmentPages',
                        ),
                      },
                      // A student's live classes, only where the school has them (access-and-app-shell.md 4.4).
                      {
                        element: <RequireProduct product="liveclasses" />,
                        children: [
                          {
                            path: paths.liveClasses,
                            ...page(() => livePages().then((m) => m.loadLiveClassesPage()), 'LiveClassesPage'),
                          },
                        ],
                      },
                      // A live class's join page (2.1), with or without the provider's name, and the
                      // pace schools': students and staff (the server says whose class it is).
                      { path: '/liveclass/:chainId/:schoolId/:room/:provider?', ...joinPage },
                      { path: '/pace/liveclass/:schoolId/:room', ...joinPage },
                      // Routes of the table with no screen yet (2.1 /tutor-chat, /latex): they say so.
                      ...['/tutor-chat', '/latex'].map((path) => ({ path, ...notBuilt })),
                      {
                        path: '/:subject/chapters',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/chapters-page'), 'ChaptersPage', JOURNEY_STRINGS),
                      },
                      {
                        path: paths.profile,
                        ...page(() => import('./profile-route'), 'ProfileRoute'),
                      },
                      // Plans and payment (issue #27; access-and-app-shell.md 2.1, 2.8) and asking a
                      // doubt (issue #26, 2.1 /ask-doubts): students only.
                      {
                        element: <StudentsOnly />,
                        children: [
                          { path: paths.plans, ...plansPage },
                          { path: paths.askDoubts, ...askDoubtsPage },
                        ],
                      },
                      {
                        element: <ContentRolesOnly />,
                        children: [
                          {
                            path: paths.authoring,
                            ...page(() => import('../features/authoring/authoring-home-page'), 'AuthoringHomePage'),
                          },
                          {
                            path: '/authoring/chapters/:chapterId',
                            ...page(() => import('../features/authoring/chapter-page'), 'AuthoringChapterPage'),
                          },
                          {
                            path: '/authoring/topics/:topicId',
                            ...page(() => import('../features/authoring/topic-page'), 'AuthoringTopicPage'),
                          },
                          {
                            path: '/authoring/topics/:topicId/questions/:questionId',
                            ...page(() => import('../features/authoring/question-page'), 'AuthoringQuestionPage'),
                          },
                          {
                            path: paths.authoringReview,
                            ...page(() => import('../features/authoring/review-queue-page'), 'ReviewQueuePage'),
                          },
                          {
                            path: '/authoring/review/:submissionId',
                            ...page(() => import('../features/authoring/submission-page'), 'SubmissionPage'),
                          },
                        ],
                      },
                      // Learner journey (access-and-app-shell.md 2.1): island, concept, topic game, revise, treasure, bookmarks.
                      {
                        path: '/:subject/:chapter/topics',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/island-page'), 'IslandPage', JOURNEY_STRINGS),
                      },
                      {
                        path: '/:subject/:chapter/:topic/concept',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/concept-page'), 'ConceptPage', JOURNEY_STRINGS),
                      },
                      {
                        path: '/:bookmarked/:subject/:chapter/:topic/concept',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/concept-page'), 'ConceptPage', JOURNEY_STRINGS),
                      },
                      {
                        path: '/:subject/:chapter/:topic/play',
                        loader: subjectLoader,
                        // The topic game is plain HTML and CSS too; its result screen brings Mantine.
                        ...page(() => import('../features/learn/play-page'), 'PlayPage', JOURNEY_STRINGS, {
                          mantine: false,
                        }),
                      },
                      {
                        path: '/revise/:subject/:chapter',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/chapter-game-pages'), 'RevisePage', JOURNEY_STRINGS),
                      },
                      {
                        path: '/treasurecontent/:subject/:chapter',
                        loader: subjectLoader,
                        ...page(() => import('../features/learn/chapter-game-pages'), 'TreasurePage', JOURNEY_STRINGS),
                      },
                      {
                        path: paths.bookmarks,
                        ...page(() => import('../features/learn/bookmarks-page'), 'BookmarksPage', 'journey'),
                      },
                      {
                        path: '/bookmarkList/:subject',
                        ...page(() => import('../features/learn/bookmarks-page'), 'BookmarksPage', 'journey'),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          // Public (2.1): opens the link handed over in navigation state, else says it is not available.
          { path: '/displayLink', ...page(notBuiltModule, 'DisplayLinkPage') },
          // The privacy policy: public, read signed in or out (access-and-app-shell.md 2.7a, 2.8).
          {
            path: paths.privacy,
            ...page(() => import('../features/privacy/privacy-page'), 'PrivacyPage', undefined, { mantine: false }),
          },
          { path: '*', ...page(() => import('./not-found-page'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Creates the router once: it ranks the routes and starts the first page's code and data. It is
 * the largest piece of the app's start (React Router's code running for the first time, about
 * 40 ms on this machine's CPU, four times that on a slow phone), so main.tsx runs it in a task of
 * its own, not inside the evaluation of the app's code: the browser can paint and answer input
 * between the two.
 */
export function startRouter() {
  if (router) return router;
  router = createBrowserRouter(routes);
  if (router.state.initialized) firstLoadDone = true;
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      firstLoadDone = true;
      unsubscribe();
    });
  }
  return router;
}

export function AppRouter() {
  return <RouterProvider router={startRouter()} />;
}
