import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayPercent, gradeLabel } from '@ki/domain';
import type { ReportDetail } from '@ki/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { positiveParam } from '../../lib/url-state';
import { BackLink } from '../../ui/back-link';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { questionsCsvUrl, studentsCsvUrl, useReportDetail } from './api/reports';
import { CsvButton } from './components/csv-button';
import { QuizPage } from './components/quiz-page';
import { optionLetter } from './components/question-view';
import { ScrollTable, type Column } from './components/scroll-table';
import { useErrorText } from './use-error-text';

type Student = ReportDetail['students'][number];
type Question = ReportDetail['questions'][number];

/**
 * /report-details?assignment=: one assignment per student (state, marks, correct answers, time)
 * and per question (facility, discrimination, how often each wrong option was chosen), each table
 * with the server's CSV of it.
 */
export function ReportDetailsPage() {
  const { t } = useTranslation('quizzes');
  const [params] = useSearchParams();
  const id = positiveParam(params, 'assignment');
  const report = useReportDetail(id);
  const errorText = useErrorText();
  if (id === null) return <Navigate to={paths.reports} replace />;
  return (
    <QuizPage allow={['author', 'view', 'reports']} title={report.data?.row.name ?? t('details.title')}>
      <BackLink fallback={paths.reports} label={t('details.back')} testId="details-back" />
      {report.isPending ? (
        <FullScreenLoader />
      ) : report.isError ? (
        <Alert color="red" data-testid="details-failed">
          {errorText(report.error)}
        </Alert>
      ) : (
        <Details id={id} report={report.data} />
      )}
    </QuizPage>
  );
}

const seconds = (t: TFunction, value: number) => t('details.seconds', { value: Math.round(value) });

function Details({ id, report }: { id: number; report: ReportDetail }) {
  const { t } = useTranslation('quizzes');
  const { row } = report;
  const na = t('na');
  const figures: [string, string, string][] = [
    [
      'class',
      t('reports.class'),
      [row.schoolName, gradeLabel(row.grade), row.section ?? t('assign.allSections')].join(' · '),
    ],
    ['participants', t('reports.participants'), t('reports.ofClass', { count: row.participants, size: row.classSize })],
    ['accuracy', t('reports.accuracy'), row.accuracy === null ? na : `${displayPercent(row.accuracy)}%`],
    [
      'average',
      t('reports.average'),
      row.averageMarks === null ? na : `${displayPercent(row.averageMarks)} / ${row.maxMarks}`,
    ],
  ];
  const studentColumns: Column<Student>[] = [
    { key: 'name', header: t('details.student'), render: (s) => s.name },
    { key: 'section', header: t('assign.section'), render: (s) => s.section },
    { key: 'state', header: t('details.state'), render: (s) => stateText(t, s) },
    {
      key: 'marks',
      header: t('details.marks'),
      align: 'right',
      render: (s) =>
        s.marks === null
          ? na
          : s.awaitingMarking > 0
            ? t('details.marksAwaiting', { marks: s.marks, count: s.awaitingMarking })
            : String(s.marks),
    },
    { key: 'correct', header: t('details.correct'), align: 'right', render: (s) => s.correct },
    { key: 'answered', header: t('details.answered'), align: 'right', render: (s) => s.answered },
    {
      key: 'time',
      header: t('details.time'),
      align: 'right',
      render: (s) => (s.state === 'not_started' ? na : seconds(t, s.seconds)),
    },
  ];
  const questionColumns: Column<Question>[] = [
    { key: 'position', header: '#', render: (q) => q.position },
    {
      key: 'text',
      header: t('details.question'),
      wrap: true,
      render: (q) => (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {q.text}
        </Text>
      ),
    },
    { key: 'type', header: t('details.type'), render: (q) => t(`types.${q.type}`) },
    { key: 'attempts', header: t('details.attempts'), align: 'right', render: (q) => q.attempts },
    {
      key: 'facility',
      header: t('details.facility'),
      align: 'right',
      render: (q) => (q.facility === null ? na : `${displayPercent(q.facility * 100)}%`),
    },
    {
      key: 'discrimination',
      header: t('details.discrimination'),
      align: 'right',
      render: (q) => (q.discrimination === null ? na : displayPercent(q.discrimination)),
    },
    { key: 'wrong', header: t('details.wrongOptions'), wrap: true, render: (q) => wrongText(t, q) },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {figures.map(([key, label, value]) => (
          <Card key={key} withBorder padding="sm" radius="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} data-testid={`details-${key}`}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('details.students')}
          </Title>
          <CsvButton href={studentsCsvUrl(id)} isEmpty={report.students.length === 0} testId="students-csv">
            {t('reports.csv')}
          </CsvButton>
        </Group>
        {report.students.length === 0 ? (
          <Text c="dimmed">{t('details.noStudents')}</Text>
        ) : (
          <ScrollTable
            rows={report.students}
            columns={studentColumns}
            rowKey={(s) => s.studentId}
            label={t('details.students')}
            minWidth={640}
            testId="details-students"
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('details.questions')}
          </Title>
          <CsvButton href={questionsCsvUrl(id)} isEmpty={report.questions.length === 0} testId="questions-csv">
            {t('reports.csv')}
          </CsvButton>
        </Group>
        <Text size="xs" c="dimmed">
          {t('details.analysisNote')}
        </Text>
        <ScrollTable
          rows={report.questions}
          columns={questionColumns}
          rowKey={(q) => q.position}
          label={t('details.questions')}
          minWidth={760}
          testId="details-questions"
        />
      </Stack>
    </Stack>
  );
}

function stateText(t: TFunction, s: Student): string {
  if (s.state !== 'finished') return t(`details.states.${s.state}`);
  const reason =
    s.finishReason && s.finishReason !== 'submitted'
      ? t(`details.reasons.${s.finishReason}`, { defaultValue: '' })
      : '';
  return reason ? `${t('details.states.finished')} (${reason})` : t('details.states.finished');
}

/** "B: 3, D: 1": each wrong option chosen, most chosen first; none for open-ended questions. */
function wrongText(t: TFunction, q: Question): string {
  if (q.type === 'open_ended') return t('na');
  const chosen = q.wrongOptions.filter((w) => w.count > 0).sort((a, b) => b.count - a.count || a.option - b.option);
  return chosen.length === 0
    ? t('details.noWrong')
    : chosen.map((w) => `${optionLetter(w.option)}: ${w.count}`).join(', ');
}
