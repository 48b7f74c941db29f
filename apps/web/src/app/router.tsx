import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths, TEACHER_ROUTES } from '../config/paths';
import { ErrorPage } from './error-page';
import { GuestOnly, HomeRedirect, RequireAuth, RequireOnboarded, RequireProduct, StaffOnly } from './guards';
import { AppLayout, AuthLayout } from './layout';
import { SessionEvents } from './session-events';

/** One lazy module per page, so each route downloads only its own code. */
const page = (load: () => Promise<Record<string, unknown>>, name: string): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((m) => ({ Component: m[name] as React.ComponentType })),
});

const notBuilt = page(() => import('./not-built-page'), 'NotBuiltPage');

const routes: RouteObject[] = [
  {
    element: <SessionEvents />,
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
      {
        element: <AppLayout />,
        children: [
          { path: '/chain/login/:chainId', ...page(() => import('./chain-login-page'), 'ChainLoginPage') },
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
                  ...['/student-detail', '/principal-dashboard', '/master-school-dashboard', ...TEACHER_ROUTES].map(
                    (path) => ({ path, ...notBuilt }),
                  ),
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
                  { path: paths.root, element: <HomeRedirect /> },
                  { path: paths.concepts, ...page(() => import('../features/learn/concepts-page'), 'ConceptsPage') },
                  {
                    path: paths.noContent,
                    ...page(() => import('../features/learn/no-content-page'), 'NoContentPage'),
                  },
                  {
                    path: paths.dashboard,
                    ...page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
                  },
                  {
                    path: paths.leaderboard,
                    ...page(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage'),
                  },
                  ...[paths.practice, paths.bookmarks, paths.profile, paths.calendar].map((path) => ({
                    path,
                    ...notBuilt,
                  })),
                  {
                    path: paths.liveClasses,
                    lazy: () =>
                      import('./not-built-page').then((m) => ({
                        Component: () => (
                          <RequireProduct product="liveclasses">
                            <m.NotBuiltPage />
                          </RequireProduct>
                        ),
                      })),
                  },
                  {
                    path: '/:subject/chapters',
                    ...page(() => import('../features/learn/chapters-page'), 'ChaptersPage'),
                  },
                ],
              },
            ],
          },
          { path: '*', ...page(() => import('./not-found-page'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
