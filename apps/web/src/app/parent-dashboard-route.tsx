import { Suspense } from 'react';
import { ParentDashboardPage } from '../features/student-dashboard/pages';
import { CodeBoundary, retryableLazy } from '../ui/code-boundary';

// School notices are a feature of their own (features do not import each other): composed here, their
// code and strings loading beside the dashboard.
const { Part: ParentNotices } = retryableLazy(() =>
  import('../features/broadcasts/pages').then((m) => m.loadParentNotices()),
);

/** /parent/dashboard: the children's dashboards, with the notices of their schools (issue #26). */
export function ParentDashboardRoute() {
  return (
    <ParentDashboardPage
      notices={
        <CodeBoundary fallback={null}>
          <Suspense fallback={null}>
            <ParentNotices />
          </Suspense>
        </CodeBoundary>
      }
    />
  );
}
