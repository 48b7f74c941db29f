import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { JoinInfo } from '@ki/contracts';
import { assessmentPaths } from '../../config/assessment-paths';
import { paths } from '../../config/paths';
import { useJoinInfo } from './api/get-join-info';
import { useStartAssignment } from './api/start-assignment';
import { useStateText } from './components/assigned-list';
import { Instructions } from './components/instructions';
import { OpenAttemptDialog } from './components/open-attempt-dialog';
import { BackLink } from './components/back-link';
import { MissingAnswer, StudentsOnly } from './components/page-states';
import { useAssessmentErrorText } from './error-text';
import { useStartAndOpen } from './hooks/use-start';

type Variant = 'quiz' | 'test' | 'competitive';

/** What the join page offers for the assignment's state: start, resume, the report, or only its dates. */
function JoinAction({ info }: { info: JoinInfo }) {
  const { t } = useTranslation('assessment');
  const start = useStartAssignment();
  const errorText = useAssessmentErrorText();
  const stateText = useStateText();
  const assignment = info.assignment;
  const { run, busy, error, conflict, closeConflict } = useStartAndOpen(info.kind, () =>
    start.mutateAsync(assignment!.assignmentId),
  );
  if (!assignment)
    return (
      <Alert color="yellow" data-testid="not-assigned">
        {t('join.notAssigned')}
      </Alert>
    );
  if (assignment.state === 'finished' && assignment.attemptId)
    return (
      <Stack gap="xs">
        <Alert color="blue" data-testid="join-finished">
          {t('assigned.finished')}
        </Alert>
        <Button component={Link} to={assessmentPaths.attemptReport(assignment.attemptId)} data-testid="join-report">
          {t('assigned.report')}
        </Button>
      </Stack>
    );
  if (assignment.state === 'not_open' || assignment.state === 'closed')
    return (
      <Alert color="gray" data-testid="join-closed">
        {stateText(assignment)}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {stateText(assignment)}
      </Text>
      {error ? (
        <Alert color="red" data-testid="start-error">
          {errorText(error)}
        </Alert>
      ) : null}
      <Button size="lg" loading={busy} onClick={() => void run()} data-testid="start">
        {assignment.state === 'started' ? t('assigned.resume') : t('practice.start')}
      </Button>
      <OpenAttemptDialog
        attemptId={conflict}
        onClose={closeConflict}
        onAborted={() => {
          closeConflict();
          void run();
        }}
      />
    </Stack>
  );
}

function JoinPage({ variant }: { variant: Variant }) {
  const { t } = useTranslation('assessment');
  const { assessmentId = '' } = useParams();
  const info = useJoinInfo(assessmentId);
  // The route names the kind; the quiz itself decides it (a shared link may be the other one).
  const kindShown = info.data?.kind ?? (variant === 'quiz' ? 'quiz' : 'test');
  const heading = variant === 'competitive' ? t('join.title.competitive') : t(`join.title.${kindShown}`);
  const back = <BackLink to={paths.practice} label={t('practice.back')} />;
  if (!info.data)
    return (
      <Stack gap="md" maw={760} mx="auto">
        {back}
        <Title order={2}>{heading}</Title>
        <MissingAnswer query={info} failedText={t('join.loadFailed')} />
      </Stack>
    );
  const { name, description, subjectName, kind, questionCount, durationMinutes, imageId } = info.data;
  return (
    <Stack gap="md" maw={760} mx="auto" data-testid="join-page">
      {back}
      <Card withBorder radius="md" padding="md">
        <Group gap="xs" mb={4}>
          <Badge variant="light" color={kind === 'quiz' ? 'orange' : 'blue'}>
            {heading}
          </Badge>
          <Badge variant="outline" color="gray">
            {subjectName}
          </Badge>
        </Group>
        <Title order={2} data-testid="join-name">
          {name}
        </Title>
        {description ? (
          <Text c="dimmed" mt="xs" className="ki-pre-wrap">
            {description}
          </Text>
        ) : null}
        {imageId ? (
          <img className="ki-aq-image" src={`/api/v1/images/${imageId}`} alt="" style={{ marginTop: 12 }} />
        ) : null}
      </Card>
      <Instructions kind={kind} questionCount={questionCount} minutes={durationMinutes} />
      <JoinAction info={info.data} />
    </Stack>
  );
}

/** /assessment/quiz/:assessmentId: the join page of a shared quiz (spec 2.8). */
export const JoinQuizPage = () => (
  <StudentsOnly>
    <JoinPage variant="quiz" />
  </StudentsOnly>
);

/** /assessment/test/:assessmentId: the join page of a shared test. */
export const JoinTestPage = () => (
  <StudentsOnly>
    <JoinPage variant="test" />
  </StudentsOnly>
);

/** /assessment/competativeexam/:assessmentId: a test shown as a competitive exam (the route table's spelling). */
export const CompetitiveExamPage = () => (
  <StudentsOnly>
    <JoinPage variant="competitive" />
  </StudentsOnly>
);
