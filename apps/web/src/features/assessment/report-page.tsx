import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { assessmentPaths } from '../../config/assessment-paths';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format-date';
import { useAttempt } from './api/get-attempt';
import type { LoadedAttempt } from './api/loaded-attempt';
import { BackLink } from './components/back-link';
import { MissingAnswer, StudentsOnly } from './components/page-states';
import { QuestionCard } from './components/question-card';
import { ResultDetails } from './components/result-details';
import { attemptTitle } from './attempt-title';

/**
 * The report of a finished attempt (spec 2.8, 4.9): per question the student's answer, the right
 * answer, the marks and the solution; an open-ended answer not yet marked says feedback comes
 * later, and shows the teacher's mark and comment once given.
 */
export function AttemptReportPage() {
  return (
    <StudentsOnly>
      <Report />
    </StudentsOnly>
  );
}

function Report() {
  const { t } = useTranslation('assessment');
  const { attemptId = '' } = useParams();
  const attempt = useAttempt(attemptId);
  const back = <BackLink to={paths.practice} label={t('practice.back')} />;
  if (!attempt.data)
    return (
      <Stack gap="md">
        {back}
        <MissingAnswer query={attempt} failedText={t('attempt.loadFailed')} />
      </Stack>
    );
  return (
    <Stack gap="md" maw={860} mx="auto">
      {back}
      <ReportBody attempt={attempt.data} />
    </Stack>
  );
}

function ReportBody({ attempt }: { attempt: LoadedAttempt }) {
  const { t, i18n } = useTranslation('assessment');
  if (!attempt.finishedAt)
    return (
      <Alert color="violet" title={attemptTitle(t, attempt)} data-testid="report-not-finished">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('report.notFinished')}</Text>
          <Button component={Link} to={assessmentPaths.attempt(attempt.id)}>
            {t('home.resume')}
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <>
      <Card withBorder radius="md" padding="md" data-testid="report-summary">
        <Group justify="space-between" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3" data-testid="report-title">
                {attemptTitle(t, attempt)}
              </Title>
              <Badge variant="light" color={attempt.kind === 'quiz' ? 'orange' : 'blue'}>
                {t(`kind.${attempt.kind}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {attempt.subject.name} · {formatDateTime(attempt.finishedAt, i18n.resolvedLanguage)}
            </Text>
            {attempt.finishReason && attempt.finishReason !== 'submitted' ? (
              <Text size="sm" c="orange" data-testid="report-reason">
                {t(`done.reason.${attempt.finishReason}`)}
              </Text>
            ) : null}
          </div>
          <Text fz={28} fw={800} data-testid="report-marks">
            {t('marksOf', { marks: attempt.marks ?? 0, max: attempt.maxMarks })}
          </Text>
        </Group>
        {attempt.awaitingMarking > 0 ? (
          <Alert color="yellow" variant="light" mt="sm" data-testid="report-awaiting">
            {t('done.awaiting', { count: attempt.awaitingMarking })}
          </Alert>
        ) : null}
      </Card>
      {attempt.questions.map((q) => (
        <Card key={q.position} withBorder radius="md" padding="md" data-testid={`report-q${q.position}`}>
          <Stack gap="sm">
            <Text fw={700} size="sm" c="dimmed">
              {t('attempt.questionOf', { n: q.position, total: attempt.questions.length })}
            </Text>
            <QuestionCard question={q} kind={attempt.kind} />
            {q.result ? (
              <ResultDetails question={q} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="no-result">
                {t('report.noResult')}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </>
  );
}
