import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { useMe } from '../lib/session';
import { FullScreenLoader } from '../ui/full-screen-loader';

// Each view is its own chunk: a student's phone never downloads the school dashboard, nor staff the student's.
const SchoolDashboard = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MyDashboard = lazy(() =>
  import('../features/student-dashboard/pages').then((m) => ({ default: m.MyDashboardPage })),
);

/** /dashboard by user type (dashboards.md 2): a student's own dashboard, a parent's children, staff the school view. */
export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) return <FullScreenLoader />;
  if (me.abilities.dashboard === 'children') return <Navigate to={paths.parentDashboard} replace />;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      {me.abilities.dashboard === 'student' ? <MyDashboard /> : <SchoolDashboard />}
    </Suspense>
  );
}
