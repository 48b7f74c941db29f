import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assessmentPaths } from '../../../config/assessment-paths';
import { paths } from '../../../config/paths';
import type { LoadedAttempt } from '../api/loaded-attempt';
import { attemptTitle } from '../attempt-title';
import { resultCounts } from '../attempt-view';
import { pendingAnswers } from '../pending-answers';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" ta="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The completion page (spec 2.8): how the attempt ended (submitted, time up, left full screen,
 * aborted), its marks and counts, open-ended answers awaiting a teacher, and the way to the report.
 * Answers that never reached the server before the end are counted here rather than lost silently.
 */
export function Completion({ attempt }: { attempt: LoadedAttempt }) {
  const { t } = useTranslation('assessment');
  // Answers still waiting on this device when the attempt ended can no longer count: said, then dropped.
  const [lost] = useState(() => Object.keys(pendingAnswers.of(attempt.id)).length);
  useEffect(() => {
    pendingAnswers.drop(attempt.id);
    // The test is over: full screen is no longer needed.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, [attempt.id]);
  const counts = resultCounts(attempt);
  const reason = attempt.finishReason;
  const aborted = reason === 'aborted';
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="completion" data-reason={reason ?? ''}>
      <Card withBorder radius="lg" padding="lg" ta="center">
        <Stack gap="xs" align="center">
          <IconConfetti size={40} color="var(--mantine-color-violet-filled)" aria-hidden="true" />
          <Title order={2} data-testid="completion-title">
            {aborted ? t('done.abortedTitle') : attempt.kind === 'quiz' ? t('done.quizTitle') : t('done.testTitle')}
          </Title>
          <Text c="dimmed">
            {attemptTitle(t, attempt)} · {attempt.subject.name}
          </Text>
          {reason && reason !== 'submitted' ? (
            <Alert color={aborted ? 'gray' : 'orange'} variant="light" data-testid="completion-reason" w="100%">
              {t(`done.reason.${reason}`)}
            </Alert>
          ) : null}
          {!aborted ? (
            <Text fz={32} fw={800} data-testid="completion-marks">
              {t('marksOf', { marks: attempt.marks ?? 0, max: attempt.maxMarks })}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {!aborted ? (
        <SimpleGrid cols={3} spacing="xs">
          <Figure label={t('done.right')} value={counts.correct} testId="count-right" />
          <Figure label={t('done.wrong')} value={counts.wrong} testId="count-wrong" />
          <Figure label={t('done.unanswered')} value={counts.unanswered} testId="count-unanswered" />
        </SimpleGrid>
      ) : null}
      {counts.awaitingMarking > 0 ? (
        <Alert color="yellow" variant="light" data-testid="completion-awaiting">
          {t('done.awaiting', { count: counts.awaitingMarking })}
        </Alert>
      ) : null}
      {lost > 0 ? (
        <Alert color="red" variant="light" data-testid="completion-lost">
          {t('done.lost', { count: lost })}
        </Alert>
      ) : null}
      <Group justify="center" gap="sm">
        <Button component={Link} to={assessmentPaths.attemptReport(attempt.id)} size="md" data-testid="see-report">
          {t('done.report')}
        </Button>
        <Button component={Link} to={paths.practice} variant="default" size="md" data-testid="back-home">
          {t('done.home')}
        </Button>
      </Group>
    </Stack>
  );
}
