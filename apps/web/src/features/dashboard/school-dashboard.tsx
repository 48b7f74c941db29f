import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { BarChart, CompositeChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { IconInfoCircle, IconUsers, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { displayScore, gradeLabel } from '@ki/domain';
import type { MeResponse } from '@ki/contracts';
import { OPENED_FROM_APP, positiveParam, useUrlState } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useGrade, useInsights, useOverview, type Scope } from './api/analytics';
import { isRefused, LoadError } from './load-error';
import { defaultGradeTab } from './default-grade';
import { ErasureRequestsCard } from './erasure-requests-card';
import { GradeCountsTable } from './grade-counts-table';
import { GradePanelSkeleton } from './grade-panel-skeleton';
import { gradeChartRows } from './overview-chart-data';
import { ParentRequestsCard } from './parent-requests-card';
import { StudentActions } from './student-actions';
import { StudentsReport } from './students-report';
import { useScope } from './use-scope';

const studentListHref = (scope: Scope, params: Record<string, string | number>) => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (scope.grade !== null && !q.has('grade')) q.set('grade', String(scope.grade));
  return `/student-list?${q.toString()}`;
};

/**
 * The principal, teacher and super-admin dashboard (dashboards.md 2.3, 2.5, 2.6): one view over a
 * scope that the server narrows to what the caller may see.
 */
export function SchoolDashboard({ me }: { me: MeResponse }) {
  const { t } = useTranslation('dashboard');
  const { scope, setGrade } = useScope();
  const { params, setView } = useUrlState();
  const overview = useOverview(scope);
  const navigate = useNavigate();
  const multiSchool = me.abilities.chooseSchools === 'many' || scope.schoolIds.length > 1;
  // Opened lists and pages come back here with Back, to this tab, grade tab, page and search.
  const open = (href: string) => void navigate(href, { state: OPENED_FROM_APP });

  if (overview.isPending) return <FullScreenLoader />;
  if (overview.isError && isRefused(overview.error)) return <LoadError error={overview.error} />;
  if (overview.isError || overview.data.grades.length === 0) {
    return (
      <Alert color="yellow" data-testid="dashboard-empty">
        {multiSchool ? t('noData') : t('noActiveUsers')}
      </Alert>
    );
  }
  const data = overview.data;
  const isPace = data.schools.every((s) => s.isPace);
  const chart = gradeChartRows(data, t('withoutGrade.label'));
  const gradeBarHref = (kind: 'active' | 'inactive', grade: number) =>
    studentListHref(
      { ...scope, grade },
      {
        category: kind,
        view: 'mixbar',
        grade,
        title: t('bandTitle', { type: t(`cards.${kind}`), grade: gradeLabel(grade, { isPace }) }),
      },
    );
  const openGradeBar = (kind: 'active' | 'inactive', grade: number) => open(gradeBarHref(kind, grade));
  const cards = [
    { key: 'registered', count: data.registered, icon: <IconUsers size={22} />, color: 'cyan' },
    { key: 'active', count: data.active, icon: <IconUserCheck size={22} />, color: 'teal' },
    { key: 'inactive', count: data.inactive, icon: <IconUserOff size={22} />, color: 'orange' },
  ] as const;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} data-testid="dashboard-title">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm" data-testid="dashboard-schools">
            {data.schools.map((s) => s.name).join(', ')}
          </Text>
        </div>
        <Group gap="xs">
          {me.abilities.chooseSchools === 'many' ? (
            <Button
              component={Link}
              to="/select-school?edit=1"
              variant="light"
              size="xs"
              data-testid="add-remove-schools"
            >
              {t('addRemoveSchools')}
            </Button>
          ) : null}
          <NativeSelect
            aria-label={t('gradeSelect')}
            value={scope.grade === null ? 'all' : String(scope.grade)}
            onChange={(e) => setGrade(e.currentTarget.value === 'all' ? null : Number(e.currentTarget.value))}
            data={[
              { value: 'all', label: t('gradeAll') },
              ...data.grades.map((g) => ({ value: String(g.grade), label: gradeLabel(g.grade, { isPace }) })),
            ]}
            data-testid="grade-select"
          />
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {cards.map((c) => (
          <Card
            key={c.key}
            withBorder
            padding="md"
            radius="md"
            style={{ opacity: c.count === 0 ? 0.5 : 1 }}
            data-testid={`card-${c.key}-box`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <UnstyledButton
                disabled={c.count === 0}
                onClick={() => open(studentListHref(scope, { category: c.key, view: 'card' }))}
                data-testid={`card-${c.key}`}
                aria-label={`${t(`cards.${c.key}`)}: ${c.count}`}
                style={{ flex: 1 }}
              >
                <Text size="sm" c="dimmed">
                  {t(`cards.${c.key}`)}
                </Text>
                <Text fz={28} fw={700} data-testid={`card-${c.key}-count`}>
                  {c.count}
                </Text>
              </UnstyledButton>
              <Group gap={4} wrap="nowrap">
                {/* The card's info popover (dashboards.md 2.5). */}
                <Popover width={240} position="bottom-end" withArrow shadow="md">
                  <Popover.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('cards.about', { card: t(`cards.${c.key}`) })}
                      data-testid={`card-${c.key}-info`}
                    >
                      <IconInfoCircle size={18} />
                    </ActionIcon>
                  </Popover.Target>
                  <Popover.Dropdown>
                    <Text size="sm" data-testid={`card-${c.key}-info-text`}>
                      {t(`cards.${c.key}Info`, { days: data.activityWindowDays })}
                    </Text>
                  </Popover.Dropdown>
                </Popover>
                <Badge size="xl" circle color={c.color} variant="light">
                  {c.icon}
                </Badge>
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      {me.abilities.decideParentLinks && scope.schoolIds.length === 1 ? (
        <ParentRequestsCard schoolId={scope.schoolIds[0]!} isPace={isPace} />
      ) : null}
      {me.abilities.eraseStudents && scope.schoolIds.length === 1 ? (
        <ErasureRequestsCard schoolId={scope.schoolIds[0]!} isPace={isPace} />
      ) : null}

      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm">
          {t('gradeChartTitle')}
        </Text>
        <CompositeChart
          h={260}
          data-testid="grade-chart"
          data={chart}
          dataKey="label"
          withLegend
          // Students on the left axis, the average score (a percent) on its own right axis.
          yAxisLabel={t('students')}
          withRightYAxis
          rightYAxisLabel={t('averageScoreUnit')}
          rightYAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], unit: '%', allowDecimals: false }}
          lineProps={{ unit: '%' }}
          curveType="linear"
          // Room for the right axis' title, which Mantine only makes on the left.
          composedChartProps={{ margin: { top: 5, right: 16, bottom: 5, left: 10 } }}
          series={[
            { name: 'active', label: t('cards.active'), color: 'teal.6', type: 'bar' },
            { name: 'inactive', label: t('cards.inactive'), color: 'orange.5', type: 'bar' },
            { name: 'averageScore', label: t('averageScore'), color: 'indigo.6', type: 'line', yAxisId: 'right' },
          ]}
          barProps={(series) => ({
            cursor: 'pointer',
            onClick: (entry: { payload?: { grade: number | null } }) =>
              entry.payload?.grade != null && openGradeBar(series.name as 'active' | 'inactive', entry.payload.grade),
          })}
        />
        {/* The same figures as a table: each count links to the grade's active or inactive students. */}
        <GradeCountsTable rows={chart} hrefFor={gradeBarHref} />
        {data.withoutGrade.registered > 0 ? (
          <Text size="sm" c="dimmed" mt="xs" data-testid="without-grade-note">
            {t('withoutGrade.note', { count: data.withoutGrade.registered })}
          </Text>
        ) : null}
      </Paper>

      <Tabs
        value={params.get('tab') === 'insights' ? 'insights' : 'grades'}
        onChange={(tab) => setView({ tab: tab === 'insights' ? tab : null })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="grades" data-testid="tab-grades">
            {t('tabs.grades')}
          </Tabs.Tab>
          <Tabs.Tab value="insights" data-testid="tab-insights">
            {t('tabs.insights')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="grades" pt="md">
          <GradeTabs scope={scope} grades={data.grades.map((g) => g.grade)} isPace={isPace} multiSchool={multiSchool} />
        </Tabs.Panel>
        <Tabs.Panel value="insights" pt="md">
          <Insights scope={scope} multiSchool={multiSchool} isPace={isPace} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function GradeTabs({
  scope,
  grades,
  isPace,
  multiSchool,
}: {
  scope: Scope;
  grades: number[];
  isPace: boolean;
  multiSchool: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const { params, setView } = useUrlState();
  const shown = scope.grade === null ? grades : grades.filter((g) => g === scope.grade);
  const chosen = positiveParam(params, 'gradeTab');
  const current = chosen !== null && shown.includes(chosen) ? chosen : defaultGradeTab(shown);
  return (
    // Another grade tab shows its own report from page 1 (dashboards.md 4).
    <Tabs
      value={current === null ? null : String(current)}
      onChange={(tab) => setView({ gradeTab: tab, page: null, q: null })}
      keepMounted={false}
    >
      <Tabs.List>
        {shown.map((g) => (
          <Tabs.Tab key={g} value={String(g)} data-testid={`grade-tab-${g}`}>
            {multiSchool ? t('gradeTab', { grade: gradeLabel(g, { isPace }) }) : gradeLabel(g, { isPace })}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {current !== null ? (
        <Tabs.Panel value={String(current)} pt="md">
          <GradePanel scope={{ ...scope, grade: current }} isPace={isPace} />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

function GradePanel({ scope, isPace }: { scope: Scope & { grade: number }; isPace: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const grade = useGrade(scope, scope.grade);
  if (grade.isPending) return <GradePanelSkeleton />;
  if (grade.isError) return <LoadError error={grade.error} />;
  const openBand = (band: number, label: string) =>
    void navigate(
      studentListHref(scope, {
        category: 'band',
        band,
        view: 'simplebar',
        title: t('bandTitle', { type: label, grade: gradeLabel(scope.grade, { isPace }) }),
      }),
      {
        state: OPENED_FROM_APP,
      },
    );
  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md" w={220}>
        <Text size="sm" c="dimmed">
          {t('totalStudents')}
        </Text>
        <Text fz={28} fw={700} data-testid="grade-total">
          {grade.data.totalStudents}
        </Text>
      </Card>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm">
          {t('distributionTitle', { grade: gradeLabel(scope.grade, { isPace }) })}
        </Text>
        <BarChart
          h={220}
          data={grade.data.distribution}
          dataKey="label"
          series={[{ name: 'students', label: t('students'), color: 'cyan.6' }]}
          barProps={{
            cursor: 'pointer',
            onClick: (entry: { payload?: { band: number; label: string } }) =>
              entry.payload && openBand(entry.payload.band, entry.payload.label),
          }}
        />
        <Group gap={4} mt="xs" aria-label={t('bands')}>
          {grade.data.distribution.map((d) => (
            <Button
              key={d.band}
              size="compact-xs"
              variant="subtle"
              disabled={d.students === 0}
              onClick={() => openBand(d.band, d.label)}
              data-testid={`band-${d.band}`}
            >
              {d.label}: {d.students}
            </Button>
          ))}
        </Group>
      </Paper>
      <div>
        <Text fw={600} mb="xs">
          {t('subjects')}
        </Text>
        {grade.data.subjects.length === 0 ? (
          <Text c="dimmed">{t('noSubjects')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {grade.data.subjects.map((s) => (
              <Card
                key={s.subjectId}
                component={Link}
                to={`/subject-detail?subjectId=${s.subjectId}&grade=${scope.grade}`}
                state={OPENED_FROM_APP}
                withBorder
                padding="sm"
                radius="md"
                data-testid={`subject-card-${s.slug}`}
              >
                <Text fw={600}>{s.names[i18n.resolvedLanguage ?? 'en'] ?? s.names.en}</Text>
                <Text size="sm" c="dimmed">
                  {t('studentCount', { count: s.students })}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </div>
      <div>
        {/* No grade legend here: the report shows no grade letters (the legend sits with the student's chapter table). */}
        <Text fw={600} mb="xs">
          {t('report.title')}
        </Text>
        <StudentsReport scope={scope} filter={{ category: 'registered' }} isPace={isPace} />
      </div>
    </Stack>
  );
}

function Insights({ scope, multiSchool, isPace }: { scope: Scope; multiSchool: boolean; isPace: boolean }) {
  const { t } = useTranslation('dashboard');
  const na = t('na');
  const insights = useInsights(scope, true);
  if (insights.isPending) return <FullScreenLoader />;
  if (insights.isError) return <LoadError error={insights.error} />;
  const { topBand, belowHalf, mostInactive, toppers } = insights.data;
  const where = (i: { grade: number; schoolName: string }) =>
    multiSchool
      ? t('insights.whereSchool', { grade: gradeLabel(i.grade, { isPace }), school: i.schoolName })
      : t('insights.where', { grade: gradeLabel(i.grade, { isPace }) });
  return (
    <Stack gap="sm">
      <Alert color="teal" data-testid="insight-top">
        {topBand ? t('insights.top', { where: where(topBand), percent: topBand.percent }) : t('insights.topNone')}
      </Alert>
      <Alert color="orange" data-testid="insight-below">
        {belowHalf
          ? t('insights.below', { where: where(belowHalf), percent: belowHalf.percent })
          : t('insights.belowNone')}
      </Alert>
      <Alert color="gray" data-testid="insight-inactive">
        {mostInactive
          ? t('insights.inactive', { where: where(mostInactive), count: mostInactive.students })
          : t('insights.inactiveNone')}
      </Alert>
      <Accordion variant="contained" defaultValue="toppers">
        <Accordion.Item value="toppers">
          <Accordion.Control data-testid="toppers-toggle">{t('insights.toppers')}</Accordion.Control>
          <Accordion.Panel>
            <Table data-testid="toppers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.gradePlayed')}</Table.Th>
                  <Table.Th>{t('columns.userId')}</Table.Th>
                  <Table.Th>{t('columns.grade')}</Table.Th>
                  <Table.Th>{t('columns.fullName')}</Table.Th>
                  {multiSchool ? <Table.Th>{t('columns.school')}</Table.Th> : null}
                  <Table.Th ta="right">{t('columns.knowledgeWealth')}</Table.Th>
                  <Table.Th>{t('viewDetails')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {toppers.flatMap((g) =>
                  g.students.map((s) => (
                    <Table.Tr key={`${g.grade}-${s.studentId}`}>
                      <Table.Td>{gradeLabel(g.grade, { isPace })}</Table.Td>
                      <Table.Td>{s.studentId}</Table.Td>
                      <Table.Td>{gradeLabel(s.userGrade, { isPace })}</Table.Td>
                      <Table.Td>{s.fullName}</Table.Td>
                      {multiSchool ? <Table.Td>{s.schoolName}</Table.Td> : null}
                      <Table.Td ta="right">{displayScore(s.totalScore, na)}</Table.Td>
                      <Table.Td>
                        <StudentActions studentId={s.studentId} grade={s.userGrade} table="none" />
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
