import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { SchoolDashboard } from './school-dashboard';
import { SubjectDetailPage } from './subject-detail-page';

/**
 * The staff side of /dashboard (dashboards.md 2): staff get the school dashboard over their scope.
 * Students and parents are routed to their own dashboards before this (app/dashboard-route.tsx).
 */
export function DashboardPage() {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  if (!me) return <FullScreenLoader />;
  // A teacher assigned subjects only opens a subject summary directly (dashboards.md 2).
  if (me.abilities.dashboard === 'subject') return <SubjectDetailPage />;
  if (me.abilities.dashboard === 'school') return <SchoolDashboard me={me} />;
  return (
    <Alert color="blue" variant="light" maw={640} mx="auto">
      {t('notAvailable')}
    </Alert>
  );
}
