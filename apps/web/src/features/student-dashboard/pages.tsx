import { Alert, Anchor, Breadcrumbs, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toRoman } from '@ki/domain';
import type { StudentDashboardResponse } from '@ki/contracts';
import { type PARENT_REDIRECT, paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { BackLink } from '../../ui/back-link';
import { CodeBoundary, retryableLazy } from '../../ui/code-boundary';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useChildren } from './api/get-children';
import type { DataRightsViewer } from './data-rights';
import { StudentDashboard, useReturnOnFailure } from './student-dashboard';

// Flags are rare and for staff only: their code loads when there are some, not with the page.
const { Part: FlaggedGames } = retryableLazy(() => import('./flagged-games').then((m) => m.FlaggedGames));
// Staff tools below the dashboard: their forms and dialogs load after the figures, not before.
const { Part: ParentLinksPanel } = retryableLazy(() => import('./parent-links').then((m) => m.ParentLinksPanel));
// The data rights (download, erasure) are used rarely: their dialogs load after the figures too.
const { Part: DataRightsPanel } = retryableLazy(() => import('./data-rights').then((m) => m.DataRightsPanel));

/** A student's data rights under their dashboard, once it has loaded (never under its failure). */
function DataRights({
  studentId,
  profile,
  viewer,
}: {
  studentId: number;
  profile: StudentDashboardResponse['profile'];
  viewer: DataRightsViewer;
}) {
  return (
    <CodeBoundary fallback={null}>
      <Suspense fallback={null}>
        <DataRightsPanel studentId={studentId} studentName={profile.name} timeZone={profile.timeZone} viewer={viewer} />
      </Suspense>
    </CodeBoundary>
  );
}

/** The dashboard of a student or of a parent's child, and their data rights below it. */
function DashboardWithDataRights({ studentId, viewer }: { studentId: number; viewer: DataRightsViewer }) {
  const [loaded, setLoaded] = useState<StudentDashboardResponse | null>(null);
  const onLoaded = useCallback((d: StudentDashboardResponse) => setLoaded(d), []);
  return (
    <>
      <StudentDashboard studentId={studentId} onLoaded={onLoaded} />
      {loaded ? <DataRights studentId={studentId} profile={loaded.profile} viewer={viewer} /> : null}
    </>
  );
}

/** /dashboard for a student: their own dashboard. */
export function MyDashboardPage() {
  const { t } = useTranslation('student');
  const { data: me } = useMe();
  if (!me) return <FullScreenLoader />;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={2}>{t('title')}</Title>
      <DashboardWithDataRights studentId={me.user.id} viewer="student" />
    </Stack>
  );
}

/**
 * /parent/dashboard: each linked child's dashboard, one at a time. `notices`: the children's school
 * notices (another feature's card, composed by app/parent-dashboard-route.tsx), above the dashboard.
 */
export function ParentDashboardPage({ notices }: { notices?: ReactNode } = {}) {
  const { t } = useTranslation('student');
  const children = useChildren();
  const [chosen, setChosen] = useState<string | null>(null);
  // Sent here from a learner's or staff page (a typed or shared link): say why, until put away.
  const location = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const noted =
    (location.state as Partial<typeof PARENT_REDIRECT> | null)?.notForParents === true && closedAt !== location.key;
  if (children.isPending) return <FullScreenLoader />;
  if (children.isError) return <Alert color="yellow">{t('failed')}</Alert>;
  const list = children.data.children;
  const current = chosen ?? (list[0] ? String(list[0].studentId) : null);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end">
        <Title order={2}>{t('parent.title')}</Title>
        {list.length > 1 ? (
          <Select
            label={t('parent.child')}
            data={list.map((c) => ({
              value: String(c.studentId),
              label: `${c.name}${c.grade ? ` · ${toRoman(c.grade)}` : ''}`,
            }))}
            value={current}
            onChange={setChosen}
            allowDeselect={false}
            data-testid="child-select"
          />
        ) : null}
      </Group>
      {noted ? (
        <Alert
          color="blue"
          variant="light"
          withCloseButton
          closeButtonLabel={t('parent.closeNote')}
          onClose={() => setClosedAt(location.key)}
          data-testid="parent-redirect-note"
        >
          {t('parent.notForParents')}
        </Alert>
      ) : null}
      {current === null ? (
        <Alert color="blue" variant="light">
          {t('parent.noChildren')}
        </Alert>
      ) : (
        <>
          {notices}
          <Text fw={600} data-testid="child-name">
            {list.find((c) => String(c.studentId) === current)?.name}
          </Text>
          <DashboardWithDataRights key={current} studentId={Number(current)} viewer="parent" />
        </>
      )}
    </Stack>
  );
}

/** /student-detail?studentId=: staff's view of one student, with the back bar (dashboards.md 2.2). */
export function StudentDetailPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('studentId'));
  const studentId = Number.isInteger(raw) && raw > 0 ? raw : null;
  // Another student is a fresh page: nothing of the previous one's name, flags or parents lingers.
  return <StudentDetail key={studentId ?? 'none'} studentId={studentId} />;
}

function StudentDetail({ studentId }: { studentId: number | null }) {
  const { t } = useTranslation('student');
  // The dashboard once loaded: the back bar's name, the flagged games and the school's time zone.
  const [loaded, setLoaded] = useState<StudentDashboardResponse | null>(null);
  const onLoaded = useCallback((d: StudentDashboardResponse) => setLoaded(d), []);
  useReturnOnFailure(studentId === null);
  const flagged = loaded?.flaggedRecords;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Paper withBorder p="xs" radius="md">
        <Group gap="sm">
          {/* Back to the list or dashboard as it was left (its tab, page, search and scroll). */}
          <BackLink fallback={paths.dashboard} label={t('back')} testId="back" />
          <Breadcrumbs>
            <Anchor component={Link} to={paths.dashboard} size="sm">
              {t('title')}
            </Anchor>
            <Text size="sm" fw={600} data-testid="breadcrumb-name">
              {loaded?.profile.name}
            </Text>
          </Breadcrumbs>
        </Group>
      </Paper>
      {studentId === null ? (
        <Alert color="yellow">{t('failed')}</Alert>
      ) : (
        <>
          {flagged?.length ? (
            <CodeBoundary fallback={null}>
              <Suspense fallback={null}>
                <FlaggedGames flagged={flagged} timeZone={loaded?.profile.timeZone} />
              </Suspense>
            </CodeBoundary>
          ) : null}
          <StudentDashboard studentId={studentId} onLoaded={onLoaded} />
          {/* Only under a student's dashboard: never under 'Could not get user data'. */}
          {loaded ? (
            <CodeBoundary fallback={null}>
              <Suspense fallback={null}>
                <ParentLinksPanel studentId={studentId} timeZone={loaded.profile.timeZone} />
              </Suspense>
            </CodeBoundary>
          ) : null}
          {loaded ? <DataRights studentId={studentId} profile={loaded.profile} viewer="staff" /> : null}
        </>
      )}
    </Stack>
  );
}
