import { Alert, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_TIME_ZONE, displayPercent, gradeLabel } from '@ki/domain';
import type { ReportsResponse } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format-date';
import { OPENED_FROM_APP, useUrlState } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useAssessmentClasses } from './api/assessments';
import { reportsCsvUrl, useReports } from './api/reports';
import { CsvButton } from './components/csv-button';
import { QuizPage } from './components/quiz-page';
import { ScrollTable, type Column } from './components/scroll-table';
import { classFilterChoices, reportsQueryFrom } from './report-filters';
import { useErrorText } from './use-error-text';

type Row = ReportsResponse['rows'][number];

/**
 * /reports (access-and-app-shell.md 2.8 "reports filtered by date and class", 3 "Report rows: quiz
 * name, type, participants, accuracy"): one row per assignment in the date range and class, each
 * opening its details; the CSV is the server's file of the same query. Principals see their
 * school's, teachers their classes', super-admins their chain's.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('quizzes');
  const classes = useAssessmentClasses();
  const { params, setView } = useUrlState();
  const [now] = useState(() => Date.now());
  const zone = classes.data?.classes[0]?.timeZone ?? DEFAULT_TIME_ZONE;
  const q = reportsQueryFrom(params, now, zone);
  const reports = useReports(q);
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage;
  const choices = classFilterChoices(classes.data?.classes ?? [], q.schoolId, q.grade);
  const several = choices.schools.length > 1;
  const na = t('na');

  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('reports.name'),
      render: (r) => (
        <Text
          component={Link}
          to={paths.reportDetails(r.assignmentId)}
          state={OPENED_FROM_APP}
          c="blue"
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="report-open"
        >
          {r.name}
        </Text>
      ),
    },
    { key: 'kind', header: t('reports.kind'), render: (r) => t(`kinds.${r.kind}`) },
    {
      key: 'class',
      header: t('reports.class'),
      render: (r) =>
        [several ? r.schoolName : '', gradeLabel(r.grade), r.section ?? t('assign.allSections')]
          .filter(Boolean)
          .join(' · '),
    },
    { key: 'closes', header: t('reports.closes'), render: (r) => formatDate(r.closesAt, language, zone) },
    {
      key: 'participants',
      header: t('reports.participants'),
      align: 'right',
      render: (r) => t('reports.ofClass', { count: r.participants, size: r.classSize }),
    },
    {
      key: 'accuracy',
      header: t('reports.accuracy'),
      align: 'right',
      render: (r) => (r.accuracy === null ? na : `${displayPercent(r.accuracy)}%`),
    },
    {
      key: 'average',
      header: t('reports.average'),
      align: 'right',
      render: (r) => (r.averageMarks === null ? na : `${displayPercent(r.averageMarks)} / ${r.maxMarks}`),
    },
  ];

  return (
    <QuizPage allow={['author', 'view', 'reports']} title={t('reports.title')}>
      <Group gap="sm" wrap="wrap" align="flex-end" data-testid="report-filters">
        <TextInput
          type="date"
          label={t('reports.from')}
          value={q.from}
          max={q.to}
          onChange={(e) => setView({ from: e.currentTarget.value || null })}
          w={160}
          data-testid="report-from"
        />
        <TextInput
          type="date"
          label={t('reports.to')}
          value={q.to}
          min={q.from}
          onChange={(e) => setView({ to: e.currentTarget.value || null })}
          w={160}
          data-testid="report-to"
        />
        {several ? (
          <NativeSelect
            label={t('reports.school')}
            value={q.schoolId === undefined ? '' : String(q.schoolId)}
            onChange={(e) => setView({ schoolId: e.currentTarget.value || null, grade: null, section: null })}
            data={[
              { value: '', label: t('reports.allSchools') },
              ...choices.schools.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            data-testid="report-school"
          />
        ) : null}
        <NativeSelect
          label={t('reports.grade')}
          value={q.grade === undefined ? '' : String(q.grade)}
          onChange={(e) => setView({ grade: e.currentTarget.value || null, section: null })}
          data={[
            { value: '', label: t('reports.allGrades') },
            ...choices.grades.map((g) => ({ value: String(g), label: gradeLabel(g) })),
          ]}
          data-testid="report-grade"
        />
        {q.grade !== undefined && choices.sections.length > 0 ? (
          <NativeSelect
            label={t('assign.section')}
            value={q.section ?? ''}
            onChange={(e) => setView({ section: e.currentTarget.value || null })}
            data={[
              { value: '', label: t('assign.allSections') },
              ...choices.sections.map((s) => ({ value: s, label: s })),
            ]}
            data-testid="report-section"
          />
        ) : null}
        <CsvButton
          href={reportsCsvUrl(q)}
          isEmpty={!reports.data || reports.data.rows.length === 0}
          testId="reports-csv"
        >
          {t('reports.csv')}
        </CsvButton>
      </Group>
      {reports.isPending ? (
        <FullScreenLoader />
      ) : reports.isError ? (
        <Alert color="red">{errorText(reports.error)}</Alert>
      ) : reports.data.rows.length === 0 ? (
        <Text c="dimmed" data-testid="reports-empty">
          {t('reports.empty')}
        </Text>
      ) : (
        <Stack gap={4} style={{ opacity: reports.isPlaceholderData ? 0.6 : 1 }}>
          <ScrollTable
            rows={reports.data.rows}
            columns={columns}
            rowKey={(r) => r.assignmentId}
            label={t('reports.title')}
            minWidth={760}
            testId="reports"
          />
        </Stack>
      )}
    </QuizPage>
  );
}
