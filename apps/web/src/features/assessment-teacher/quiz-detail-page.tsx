import { Alert, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconTrashX } from '@tabler/icons-react';
import { gradeLabel } from '@ki/domain';
import { MIN_ASSESSMENT_QUESTIONS, type AssessmentDetail } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { assessmentPaths } from '../../config/assessment-paths';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { positiveParam } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useAssessment, useAssessmentClasses, useDeleteAssessment, usePublishAssessment } from './api/assessments';
import { useHostQuizGame } from './api/host-game';
import { imageUrl } from './api/images';
import { AssignForm } from './components/assign-form';
import { AssignmentsTable } from './components/assignments-table';
import { ConfirmDialog } from './components/confirm-dialog';
import { QuizBadges } from './components/quiz-meta';
import { QuizPage } from './components/quiz-page';
import { QuestionView } from './components/question-view';
import { ShareLink } from './components/share-link';
import { createdAgo } from './created-ago';
import { notifyDone, notifyProblem, useErrorText, useNotifyError } from './use-error-text';

/**
 * /quiz-detail?id=: a quiz with its questions and answers; its owner shares, publishes, deletes
 * (after a confirmation) and assigns it to classes; everyone allowed sees its assignments.
 */
export function QuizDetailPage() {
  const { t } = useTranslation('quizzes');
  const [params] = useSearchParams();
  const id = positiveParam(params, 'id');
  const quiz = useAssessment(id);
  const errorText = useErrorText();
  if (id === null) return <Navigate to={paths.quizListing} replace />;
  return (
    <QuizPage
      allow={['author', 'view']}
      title={quiz.data?.name ?? t('detail.title')}
      actions={quiz.data ? <DetailActions quiz={quiz.data} /> : null}
    >
      {quiz.isPending ? (
        <FullScreenLoader />
      ) : quiz.isError ? (
        <Alert color="red" data-testid="quiz-load-failed">
          {errorText(quiz.error)}
        </Alert>
      ) : (
        <QuizDetail quiz={quiz.data} />
      )}
    </QuizPage>
  );
}

function DetailActions({ quiz }: { quiz: AssessmentDetail }) {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const publish = usePublishAssessment();
  const remove = useDeleteAssessment();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  if (!quiz.canEdit) return null;
  function tryPublish() {
    if (quiz.questions.length < MIN_ASSESSMENT_QUESTIONS) return notifyProblem(t('errors.NOT_ENOUGH_QUESTIONS'));
    publish.mutate(quiz.id, { onSuccess: () => notifyDone(t('detail.published')), onError: notifyError });
  }
  return (
    <Group gap="xs">
      {quiz.attemptCount === 0 ? (
        <Button
          component={Link}
          to={paths.editQuiz(quiz.id)}
          variant="default"
          leftSection={<IconPencil size={16} />}
          data-testid="quiz-edit"
        >
          {t('actions.edit')}
        </Button>
      ) : null}
      {quiz.status === 'draft' ? (
        <Button onClick={tryPublish} loading={publish.isPending} data-testid="quiz-publish">
          {t('actions.publish')}
        </Button>
      ) : null}
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrashX size={16} />}
        onClick={() => setConfirming(true)}
        data-testid="quiz-delete"
      >
        {t('actions.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('detail.deleteTitle')}
        message={t('detail.deleteConfirm', { name: quiz.name })}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(quiz.id, {
            onSuccess: () => {
              notifyDone(t('detail.deleted'));
              void navigate(paths.quizListing, { replace: true });
            },
            onError: notifyError,
          })
        }
      />
    </Group>
  );
}

function QuizDetail({ quiz }: { quiz: AssessmentDetail }) {
  const { t, i18n } = useTranslation('quizzes');
  const classes = useAssessmentClasses();
  // The form's default opening time: read once, so typing does not race a moving clock.
  const [now] = useState(() => Date.now());
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <QuizBadges quiz={quiz} />
          <Text data-testid="quiz-class">{[quiz.boardName, gradeLabel(quiz.grade), quiz.subjectName].join(' · ')}</Text>
          <Text size="sm" c="dimmed" data-testid="quiz-facts">
            {t('detail.facts', {
              minutes: quiz.durationMinutes,
              count: quiz.questionCount,
              ago: createdAgo(quiz.createdAt, now, i18n.resolvedLanguage),
              by: quiz.createdBy,
            })}
          </Text>
          {quiz.description ? (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{quiz.description}</Text>
          ) : null}
          {quiz.imageId ? (
            <Image
              src={imageUrl(quiz.imageId)}
              alt={quiz.name}
              mah={220}
              w="auto"
              fit="contain"
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            />
          ) : null}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('share.title')}
          </Title>
          {quiz.status === 'published' ? (
            <ShareLink sharePath={quiz.sharePath} />
          ) : (
            <Text c="dimmed" data-testid="share-draft">
              {t('share.draft')}
            </Text>
          )}
        </Stack>
      </Card>

      {quiz.kind === 'quiz' && quiz.status === 'published' ? <HostLiveGame quiz={quiz} /> : null}

      {quiz.status === 'published' && quiz.canEdit && classes.data ? (
        <AssignForm quiz={quiz} classes={classes.data.classes} now={now} />
      ) : null}

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('assignments.title')}
          </Title>
          <AssignmentsTable quiz={quiz} classes={classes.data?.classes ?? []} />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('editor.questions', { count: quiz.questions.length })}
          </Title>
          {quiz.questions.map((q, i) => (
            <QuestionView key={q.id} number={i + 1} question={q} />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * A published quiz played live in class (issue #24): the teacher hosts, the class joins with the
 * game's code and answers each question together; the teacher runs it from the start-game lobby.
 * Teachers only: the server also checks they teach the quiz's class and subject.
 */
function HostLiveGame({ quiz }: { quiz: AssessmentDetail }) {
  const { t } = useTranslation('quizzes');
  const { data: me } = useMe();
  const navigate = useNavigate();
  const host = useHostQuizGame();
  const notifyError = useNotifyError();
  if (me?.user.role !== 'teacher') return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="live-game">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('live.title')}
        </Title>
        <Text size="sm">{t('live.text')}</Text>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={host.isPending}
          onClick={() =>
            host.mutate(quiz.id, {
              onSuccess: (game) => void navigate(assessmentPaths.hostLobby(game.code)),
              // Only choose-one questions can be played live: a quiz of written answers has none.
              onError: (error) =>
                error instanceof ApiError && error.code === 'NOT_ENOUGH_QUESTIONS'
                  ? notifyProblem(t('live.noQuestions'))
                  : notifyError(error),
            })
          }
          style={{ alignSelf: 'flex-start' }}
          data-testid="host-live-game"
        >
          {t('live.host')}
        </Button>
      </Stack>
    </Card>
  );
}
