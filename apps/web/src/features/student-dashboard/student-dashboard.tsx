import { BarChart, PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Accordion,
  Badge,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROGRESS_FILTERS, type ProgressFilter, type StudentDashboardResponse } from '@ki/contracts';
import { displayPercent, displayScore, toRoman } from '@ki/domain';
import { paths } from '../../config/paths';
import { formatDate, intlLocale } from '../../lib/format-date';
import { CodeBoundary, retryableLazy } from '../../ui/code-boundary';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useStudentDashboard } from './api/get-student-dashboard';
import { useStudentProgress } from './api/get-student-progress';
import { hasProgress, progressChartData } from './progress-chart-data';

// A subject's analysis opens on a click: its code loads then, not with the dashboard.
const { Part: SubjectAnalysis, preload: preloadSubjectAnalysis } = retryableLazy(() =>
  import('./subject-analysis').then((m) => m.SubjectAnalysis),
);

/** Back to /dashboard this long after 'Could not get user data' (dashboards.md 8). */
const FAILURE_REDIRECT_MS = 3000;

/**
 * A student view that failed (no such student, not the caller's, no id): warn 'Could not get user
 * data', then return to /dashboard after 3 seconds (dashboards.md 8), replacing the failed page so
 * Back does not reopen it.
 */
export function useReturnOnFailure(failed: boolean) {
  const { t } = useTranslation('student');
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed) return;
    notifications.show({ id: 'student-dashboard-failed', color: 'yellow', message: t('failed') });
    const timer = setTimeout(() => void navigate(paths.dashboard, { replace: true }), FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate, t]);
}

/**
 * The student dashboard (dashboards.md 2.2), for the student, a linked parent or staff in scope:
 * info cards, profile, recently played, concepts to relearn, subject pies, progress and, once a
 * subject is chosen, its analysis.
 */
export function StudentDashboard({
  studentId,
  onLoaded,
}: {
  studentId: number;
  onLoaded?: (d: StudentDashboardResponse) => void;
}) {
  const { t } = useTranslation('student');
  const dashboard = useStudentDashboard(studentId);
  const [subjectId, setSubjectId] = useState<number | null>(null);

  // The server refused (a 4xx ApiError): say so and go back. A lost network or a server in trouble
  // offers to try again instead.
  const status = dashboard.data ? 0 : ((dashboard.error as { status?: number } | null)?.status ?? 0);
  const refused = status >= 400 && status < 500;
  useReturnOnFailure(refused);
  useEffect(() => {
    if (dashboard.data) onLoaded?.(dashboard.data);
  }, [dashboard.data, onLoaded]);

  if (refused) return <Text c="dimmed">{t('failed')}</Text>;
  if (!dashboard.data) return <NotOnDevice query={dashboard} failedText={t('failed')} loader={<FullScreenLoader />} />;
  const d = dashboard.data;
  return (
    <Stack gap="md" data-testid="student-dashboard">
      <InfoCards cards={d.cards} />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <ProfileCard profile={d.profile} />
        <RecentlyPlayed groups={d.recentlyPlayed} timeZone={d.profile.timeZone} />
        <ConceptsToRelearn groups={d.conceptsToRelearn} />
      </SimpleGrid>
      <SubjectPies subjects={d.subjects} onChoose={setSubjectId} />
      <ProgressChart studentId={studentId} initial={d.progress} />
      {subjectId !== null ? (
        <CodeBoundary key={subjectId} fallback={<Text c="dimmed">{t('failed')}</Text>}>
          <Suspense fallback={<FullScreenLoader />}>
            <SubjectAnalysis studentId={studentId} subjectId={subjectId} timeZone={d.profile.timeZone} />
          </Suspense>
        </CodeBoundary>
      ) : null}
    </Stack>
  );
}

function InfoCards({ cards }: { cards: StudentDashboardResponse['cards'] }) {
  const { t } = useTranslation('student');
  const na = t('na');
  const items = [
    { key: 'totalScore', value: displayScore(cards.totalScore, na), suffix: '' },
    { key: 'knowledgeEfficiency', value: displayPercent(cards.knowledgeEfficiency), suffix: '%' },
    { key: 'learningEfficiency', value: displayPercent(cards.learningEfficiency), suffix: '%' },
    { key: 'overallAccuracy', value: displayPercent(cards.overallAccuracy), suffix: '%' },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {items.map((c) => (
        <Card key={c.key} withBorder radius="md" padding="md" data-testid={`card-${c.key}`}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="sm" c="dimmed">
              {t(`cards.${c.key}`)}
            </Text>
            <Tooltip
              label={t(`cards.${c.key}Info`)}
              multiline
              w={220}
              events={{ hover: true, focus: true, touch: true }}
            >
              <IconInfoCircle size={16} aria-label={t(`cards.${c.key}Info`)} tabIndex={0} />
            </Tooltip>
          </Group>
          <Text fz={26} fw={700} data-testid={`value-${c.key}`}>
            {c.value}
            {c.value === na ? '' : c.suffix}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function ProfileCard({ profile }: { profile: StudentDashboardResponse['profile'] }) {
  const { t } = useTranslation('student');
  const na = t('na');
  const orNA = (value: string | number | null) => (value === null || value === '' ? na : String(value));
  const rows = [
    ['studentId', profile.studentId],
    ['name', profile.name],
    ['mobile', profile.mobile],
    ['school', profile.school],
    ['grade', profile.grade === null ? null : toRoman(profile.grade)],
    ['email', profile.email],
  ] as const;
  return (
    <Paper withBorder p="md" radius="md" data-testid="profile-card">
      <Title order={4} mb="sm">
        {t('profile.title')}
      </Title>
      <Stack gap={6}>
        {rows.map(([key, value]) => (
          <Group key={key} justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t(`profile.${key}`)}
            </Text>
            <Text size="sm" ta="right" data-testid={`profile-${key}`} style={{ overflowWrap: 'anywhere' }}>
              {orNA(value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Empty() {
  const { t } = useTranslation('student');
  return (
    <Text size="sm" c="dimmed">
      {t('empty')}
    </Text>
  );
}

/** Dates are calendar days of the student's school (`timeZone`). */
function RecentlyPlayed({
  groups,
  timeZone,
}: {
  groups: StudentDashboardResponse['recentlyPlayed'];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('student');
  return (
    <Paper withBorder p="md" radius="md" data-testid="recently-played">
      <Title order={4} mb="sm">
        {t('recent.title')}
      </Title>
      {groups.length === 0 ? (
        <Empty />
      ) : (
        <Accordion multiple defaultValue={groups.map((g) => g.subjectName)} variant="contained">
          {groups.map((g) => (
            <Accordion.Item key={g.subjectName} value={g.subjectName}>
              <Accordion.Control>{g.subjectName}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {g.activities.map((a, i) => (
                    <div key={i} data-testid="recent-activity">
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {formatDate(a.playedAt, i18n.language, timeZone)}
                        </Text>
                        {/* What was played: a topic game, a revise, a treasure... */}
                        <Badge size="xs" variant="light" tt="none" data-testid="recent-kind">
                          {t(`flags.kind.${a.kind}`)}
                        </Badge>
                      </Group>
                      {a.topicName ? <Text size="sm">{a.topicName}</Text> : null}
                      {/* A quiz or test has no chapter: its kind and accuracy say what it was. */}
                      {a.chapterName ? (
                        <Text size="sm" c="dimmed">
                          {a.chapterName}
                        </Text>
                      ) : null}
                      {a.learningEfficiency !== null ? (
                        <Text size="sm">
                          {t('recent.learningEfficiency', { value: displayPercent(a.learningEfficiency) })}
                        </Text>
                      ) : a.knowledgeEfficiency !== null ? (
                        <Text size="sm">
                          {t('recent.knowledgeEfficiency', { value: displayPercent(a.knowledgeEfficiency) })}
                        </Text>
                      ) : a.accuracy !== null ? (
                        <Text size="sm">{t('recent.accuracy', { value: displayPercent(a.accuracy) })}</Text>
                      ) : null}
                    </div>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Paper>
  );
}

function ConceptsToRelearn({ groups }: { groups: StudentDashboardResponse['conceptsToRelearn'] }) {
  const { t } = useTranslation('student');
  const na = t('na');
  return (
    <Paper withBorder p="md" radius="md" data-testid="concepts-to-relearn">
      <Title order={4} mb="sm">
        {t('relearn.title')}
      </Title>
      {groups.length === 0 ? (
        <Empty />
      ) : (
        <Accordion multiple variant="contained">
          {groups.map((g) => (
            <Accordion.Item key={g.subjectName} value={g.subjectName}>
              <Accordion.Control>{g.subjectName}</Accordion.Control>
              <Accordion.Panel>
                <Table fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('relearn.chapter')}</Table.Th>
                      <Table.Th>{t('relearn.score')}</Table.Th>
                      <Table.Th>{t('relearn.globalAverage')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.chapters.map((c) => (
                      <Table.Tr key={c.chapterId}>
                        <Table.Td>{c.chapterName}</Table.Td>
                        <Table.Td>{displayPercent(c.score, na)}</Table.Td>
                        <Table.Td>{displayPercent(c.globalAverage, na)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Paper>
  );
}

function SubjectPies({
  subjects,
  onChoose,
}: {
  subjects: StudentDashboardResponse['subjects'];
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('student');
  return (
    <Paper withBorder p="md" radius="md" data-testid="subject-pies">
      <Title order={4}>{t('subjects.title')}</Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('subjects.hint')}
      </Text>
      {subjects.length === 0 ? (
        <Empty />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {subjects.map((s) => {
            const clickable = s.completedTopics > 0;
            const completed = t('subjects.completed', { completed: s.completedTopics, total: s.totalTopics });
            const data = [
              { name: t('subjects.complete'), value: s.completedTopics, color: 'teal.6' },
              {
                name: t('subjects.incomplete'),
                value: Math.max(0, s.totalTopics - s.completedTopics),
                color: 'gray.3',
              },
            ];
            return (
              <UnstyledButton
                key={s.subjectId}
                disabled={!clickable}
                onClick={() => onChoose(s.subjectId)}
                onPointerEnter={clickable ? () => void preloadSubjectAnalysis() : undefined}
                data-testid={`pie-${s.subjectName}`}
                aria-label={`${s.subjectName}: ${completed}`}
                style={{ cursor: clickable ? 'pointer' : 'default', textAlign: 'center' }}
              >
                <Stack gap={4} align="center">
                  <PieChart
                    data={data}
                    size={110}
                    withTooltip={false}
                    startAngle={90}
                    endAngle={-270}
                    strokeWidth={s.completedTopics > 0 && s.completedTopics < s.totalTopics ? 1 : 0}
                  />
                  <Text fw={600} size="sm">
                    {s.subjectName}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid={`pie-text-${s.subjectName}`}>
                    {completed}
                  </Text>
                </Stack>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}

function ProgressChart({ studentId, initial }: { studentId: number; initial: StudentDashboardResponse['progress'] }) {
  const { t, i18n } = useTranslation('student');
  const [filter, setFilter] = useState<ProgressFilter>('day');
  const progress = useStudentProgress(studentId, filter, initial);
  const points = progress.data?.points ?? [];
  const labels: Record<ProgressFilter, string> = {
    day: t('progress.filterDay'),
    week: t('progress.filterWeek'),
    month: t('progress.filterMonth'),
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="progress">
      <Group justify="space-between" mb="sm">
        <Title order={4} data-testid="progress-title">
          {t(`progress.${filter}`)}
        </Title>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as ProgressFilter)}
          data={PROGRESS_FILTERS.map((f) => ({ value: f, label: labels[f] }))}
          data-testid="progress-filter"
        />
      </Group>
      {hasProgress(points) ? (
        // Bars: each day, week or month stands alone; a curve would invent values between them.
        <BarChart
          h={240}
          data={progressChartData(filter, points, intlLocale(i18n.language))}
          dataKey="label"
          withLegend
          series={[
            { name: 'learningCurrency', label: t('progress.learningCurrency'), color: 'teal.6' },
            { name: 'knowledgeCurrency', label: t('progress.knowledgeCurrency'), color: 'indigo.6' },
          ]}
          data-testid={`progress-chart-${filter}`}
        />
      ) : (
        <Empty />
      )}
    </Paper>
  );
}
