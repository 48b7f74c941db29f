import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { AppLayout } from './layout';
import { ErrorPage } from './error-page';

/** One lazy module per page, so each route downloads only its own code. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: paths.home, lazy: () => import('../features/shell/home-page').then((m) => ({ Component: m.HomePage })) },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
