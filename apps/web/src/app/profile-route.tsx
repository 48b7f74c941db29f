import { Suspense } from 'react';
import { useMe } from '../lib/session';
import { CodeBoundary, retryableLazy } from '../ui/code-boundary';
import { ProfilePage } from '../features/profile/profile-page';

// The plan section is a feature of its own (features do not import each other): composed here, its
// code and strings loading beside the profile for students only.
const { Part: PlanSection } = retryableLazy(() => import('../features/plans/pages').then((m) => m.loadPlanSection()));

/** /profile: the profile, with a student's plan and receipts (access-and-app-shell.md 2.8). */
export function ProfileRoute() {
  const { data: me } = useMe();
  const plan = me?.plan ? (
    <CodeBoundary fallback={null}>
      <Suspense fallback={null}>
        <PlanSection access={me.plan} />
      </Suspense>
    </CodeBoundary>
  ) : null;
  return <ProfilePage plan={plan} />;
}
