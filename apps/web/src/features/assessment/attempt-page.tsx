import { Alert, Button, Card, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowNarrowLeft,
  IconArrowNarrowRight,
  IconBookmark,
  IconFlag,
  IconFlagFilled,
  IconLayoutGrid,
  IconMaximize,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEADLINE_GRACE_SECONDS, type AttemptQuestion } from '@ki/contracts';
import { paths } from '../../config/paths';
import { useOnline } from '../../lib/connectivity';
import { useAnswerQuestion } from './api/answer-question';
import { isTransient } from './api/attempt-writes';
import { useFinishAttempt, type FinishReasonInput } from './api/finish-attempt';
import { useFlagQuestion } from './api/flag-question';
import { useAttempt } from './api/get-attempt';
import { assessmentKeys } from './api/keys';
import type { LoadedAttempt } from './api/loaded-attempt';
import { useViewQuestion } from './api/view-question';
import { isAnswered, nextUnanswered, openingPosition, panelEntries, unattempted } from './attempt-view';
import { Completion } from './components/completion';
import { ConfirmDialog } from './components/confirm-dialog';
import { Countdown } from './components/countdown';
import { MissingAnswer, StudentsOnly } from './components/page-states';
import { PowerUps } from './components/power-ups';
import { QuestionCard } from './components/question-card';
import { ResultDetails } from './components/result-details';
import { StatusPanel } from './components/status-panel';
import { attemptTitle } from './attempt-title';
import { useAssessmentErrorText } from './error-text';
import { useFullScreen } from './hooks/use-full-screen';
import { pendingAnswers, usePendingAnswers, type AnswerInput, type PendingAnswer } from './pending-answers';

/** After the countdown ends, the attempt is read again until the server has closed it (its grace, then every few seconds). */
const TIME_UP_FIRST_READ_MS = (DEADLINE_GRACE_SECONDS + 1) * 1000;
const TIME_UP_READ_EVERY_MS = 3000;

/**
 * The attempt page (spec 2.8 "question pages with a question-status panel", 4.9): the attempt lives
 * on the server, so this page resumes it after a reload or on another device; when it is over it
 * shows the completion page.
 */
export function AttemptPage() {
  return (
    <StudentsOnly>
      <Attempt />
    </StudentsOnly>
  );
}

function Attempt() {
  const { t } = useTranslation('assessment');
  const { attemptId = '' } = useParams();
  const attempt = useAttempt(attemptId);
  if (!attempt.data) return <MissingAnswer query={attempt} failedText={t('attempt.loadFailed')} />;
  if (attempt.data.finishedAt) return <Completion attempt={attempt.data} />;
  return <OpenAttempt attempt={attempt.data} />;
}

/** Where an answer not yet on the server stands: being sent, waiting for the network, or out of tries. */
function PendingNote({ pending, onRetry }: { pending: PendingAnswer; onRetry: () => void }) {
  const { t } = useTranslation('assessment');
  const online = useOnline();
  if (!online)
    return (
      <Alert color="yellow" variant="light" p="xs" data-testid="answer-pending" data-state="offline">
        {t('attempt.pendingOffline')}
      </Alert>
    );
  if (pending.failed)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="answer-pending" data-state="failed">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('attempt.pendingFailed')}</Text>
          <Button size="compact-sm" onClick={onRetry} data-testid="send-again">
            {t('attempt.sendAgain')}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="answer-pending" data-state="sending">
      {t('attempt.pendingSending')}
    </Text>
  );
}

type Dialog = null | 'submit' | 'abort' | 'exit';

function OpenAttempt({ attempt }: { attempt: LoadedAttempt }) {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useAssessmentErrorText();
  const online = useOnline();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const pending = usePendingAnswers(attempt.id);
  const quiz = attempt.kind === 'quiz';

  // The question on screen: the one in the address (?q=, so a reload stays on it), else where the
  // attempt was left (the first without an answer), chosen once.
  const asked = Number(params.get('q')) || null;
  const [opening] = useState(() => openingPosition(attempt, asked, pending));
  const current = asked !== null && attempt.questions.some((q) => q.position === asked) ? asked : opening;
  const question = attempt.questions.find((q) => q.position === current) ?? attempt.questions[0]!;
  const goTo = (position: number) => setParams({ q: String(position) }, { replace: true });

  // A question's first view starts its clock on the server (once per question). A view that failed
  // for good (its tries spent, or refused) says so, and is asked again on Try again or on coming back.
  const viewed = useRef(new Set<number>());
  const [failedViews, setFailedViews] = useState<ReadonlySet<number>>(() => new Set());
  const { mutate: viewQuestion } = useViewQuestion(attempt.id, (position) => {
    viewed.current.delete(position);
    setFailedViews((failed) => new Set(failed).add(position));
  });
  const answer = useAnswerQuestion(attempt.id);
  const sendAnswer = answer.mutate;
  const flag = useFlagQuestion(attempt.id);
  const finish = useFinishAttempt(attempt.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [timeUp, setTimeUp] = useState(false);
  const [sheet, setSheet] = useState(false);
  const leaving = useRef(false);

  const openQuestion = useCallback(
    (position: number) => {
      viewed.current.add(position);
      setFailedViews((failed) => (failed.has(position) ? new Set([...failed].filter((p) => p !== position)) : failed));
      viewQuestion(position);
    },
    [viewQuestion],
  );
  useEffect(() => {
    if (question.status !== 'not_visited' || viewed.current.has(question.position)) return;
    openQuestion(question.position);
  }, [question.position, question.status, openQuestion]);
  const viewFailed = quiz && question.status === 'not_visited' && failedViews.has(question.position);

  const send = (position: number, input: AnswerInput) => {
    pendingAnswers.put(attempt.id, position, input);
    sendAnswer(
      { position, answer: input },
      {
        onError: (error) => {
          if (!isTransient(error)) notifications.show({ color: 'red', message: errorText(error) });
        },
      },
    );
  };

  // Answers given on this device that the server has not acknowledged (a reload, a closed tab, a
  // failed try) are sent again when the attempt opens.
  const resent = useRef(false);
  useEffect(() => {
    if (resent.current) return;
    resent.current = true;
    if (client.isMutating({ mutationKey: ['assessment', 'answer', attempt.id] }) > 0) return;
    for (const [position, entry] of Object.entries(pendingAnswers.of(attempt.id))) {
      pendingAnswers.retrying(attempt.id, Number(position));
      sendAnswer({ position: Number(position), answer: { chosen: entry.chosen, textAnswer: entry.textAnswer } });
    }
  }, [attempt.id, sendAnswer, client]);

  // The countdown reached 0: answering stops, and the attempt is read until the server has closed it.
  useEffect(() => {
    if (!timeUp) return;
    const read = () => void client.invalidateQueries({ queryKey: assessmentKeys.attempt(attempt.id) });
    let every: number | undefined;
    const first = window.setTimeout(() => {
      read();
      every = window.setInterval(read, TIME_UP_READ_EVERY_MS);
    }, TIME_UP_FIRST_READ_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, [timeUp, attempt.id, client]);

  const end = (reason: FinishReasonInput) => {
    leaving.current = true;
    finish.mutate(reason, {
      onSuccess: () => setDialog(null),
      onError: (error) => {
        leaving.current = false;
        setDialog(null);
        notifications.show({ color: 'red', message: errorText(error) });
      },
    });
  };

  // A test runs in full screen; leaving it submits the test (spec 4.9). Where the browser has no
  // full screen (iPhone Safari), the test runs in the page and says so.
  const [leftFullScreen, setLeftFullScreen] = useState(false);
  const fullScreen = useFullScreen({
    onLeft: () => {
      if (quiz || leaving.current) return;
      setLeftFullScreen(true);
      end('left_full_screen');
    },
  });
  const gate = !quiz && fullScreen.supported && !fullScreen.full && !leftFullScreen;

  // Leaving the page while the attempt is open asks first: resume, leave for later (a quiz), or abort.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  const closeDialog = () => {
    setDialog(null);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leaveForLater = () => {
    leaving.current = true;
    setDialog(null);
    if (blocker.state === 'blocked') blocker.proceed();
    else void navigate(paths.practice);
  };

  const answered = isAnswered(question, pending);
  const entries = panelEntries(attempt, current, pending);
  const left = unattempted(attempt, pending);
  const pendingHere = pending[question.position];
  // No answer once the time is up or the test is being submitted. An answer given before the
  // question's view has reached the server goes after it (the writes' scope keeps their order).
  const locked = timeUp || leftFullScreen;
  const next = nextUnanswered(attempt, current, pending);
  const panelLabel = t('panel.open', { answered: attempt.questions.length - left, total: attempt.questions.length });
  const open = (position: number) => {
    goTo(position);
    setSheet(false);
  };

  const header = (
    <Card withBorder radius="md" padding="sm">
      <div className="ki-attempt-head">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" data-testid="attempt-name">
            {attemptTitle(t, attempt)}
          </Title>
          <Text size="xs" c="dimmed">
            {t(`kind.${attempt.kind}`)} · {attempt.subject.name}
          </Text>
        </div>
        <Group gap="xs">
          <Countdown attempt={attempt} onTimeUp={() => setTimeUp(true)} />
          <Button color="teal" onClick={() => setDialog('submit')} disabled={timeUp} data-testid="submit">
            {t('attempt.submit')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => setDialog('exit')}
            disabled={timeUp}
            data-testid="exit"
          >
            {t('attempt.exit')}
          </Button>
        </Group>
      </div>
    </Card>
  );

  const dialogs = (
    <>
      <ConfirmDialog
        opened={dialog === 'submit'}
        title={quiz ? t('submit.quizTitle') : t('submit.testTitle')}
        confirmLabel={t('submit.confirm')}
        cancelLabel={t('submit.cancel')}
        busy={finish.isPending}
        onConfirm={() => end('submitted')}
        onCancel={() => setDialog(null)}
        testId="submit-dialog"
      >
        <Stack gap="xs">
          <Text fw={600} data-testid="unattempted">
            {left ? t('submit.unattempted', { count: left }) : t('submit.allAnswered')}
          </Text>
          {Object.keys(pending).length ? (
            <Text size="sm">{t('submit.pending', { count: Object.keys(pending).length })}</Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('submit.final')}
          </Text>
        </Stack>
      </ConfirmDialog>
      <Modal
        opened={dialog === 'exit' || (blocked && dialog !== 'abort')}
        onClose={closeDialog}
        title={quiz ? t('exit.quizTitle') : t('exit.testTitle')}
        centered
        data-testid="exit-dialog"
      >
        <Stack gap="md">
          <Text>{quiz ? t('exit.quizText') : t('exit.testText')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" color="red" onClick={() => setDialog('abort')} data-testid="exit-abort">
              {t('exit.abort')}
            </Button>
            {quiz ? (
              <Button variant="light" onClick={leaveForLater} data-testid="exit-later">
                {t('exit.later')}
              </Button>
            ) : null}
            <Button onClick={closeDialog} data-testid="exit-resume">
              {t('exit.resume')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={dialog === 'abort'}
        title={t('abort.title', { name: attemptTitle(t, attempt) })}
        confirmLabel={t('abort.confirm')}
        cancelLabel={t('abort.cancel')}
        danger
        busy={finish.isPending}
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.reset();
          end('aborted');
        }}
        onCancel={closeDialog}
        testId="abort-dialog"
      >
        {t('abort.text')}
      </ConfirmDialog>
    </>
  );

  if (gate)
    return (
      <Stack gap="md" maw={720} mx="auto">
        {header}
        <Card withBorder radius="md" padding="lg" data-testid="full-screen-gate">
          <Stack gap="sm" align="flex-start">
            <Title order={3} size="h4">
              {t('fullScreen.title')}
            </Title>
            <Text>{t('fullScreen.text')}</Text>
            <Button
              size="md"
              leftSection={<IconMaximize size={18} />}
              onClick={() => void fullScreen.enter()}
              data-testid="enter-full-screen"
            >
              {attempt.questions.some((q) => q.status !== 'not_visited')
                ? t('fullScreen.resume')
                : t('fullScreen.enter')}
            </Button>
          </Stack>
        </Card>
        {dialogs}
      </Stack>
    );

  const panel = <StatusPanel entries={entries} onOpen={open} />;
  return (
    <Stack gap="md">
      {header}
      {!online ? (
        <Alert color="yellow" variant="light" data-testid="attempt-offline">
          {t('attempt.offline')}
        </Alert>
      ) : null}
      {!quiz && !fullScreen.supported ? (
        <Alert color="blue" variant="light" data-testid="no-full-screen">
          {t('fullScreen.unavailable')}
        </Alert>
      ) : null}
      {!quiz && fullScreen.full ? (
        <Text size="sm" c="dimmed" data-testid="full-screen-warning">
          {t('fullScreen.warning')}
        </Text>
      ) : null}
      {timeUp ? (
        <Alert color="orange" data-testid="time-up">
          {t('attempt.timeUp')}
        </Alert>
      ) : null}
      <div className="ki-attempt">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5" data-testid="question-counter">
              {t('attempt.questionOf', { n: question.position, total: attempt.questions.length })}
            </Title>
            {!wide ? (
              <Button
                variant="light"
                size="compact-md"
                leftSection={<IconLayoutGrid size={16} />}
                onClick={() => setSheet(true)}
                data-testid="open-panel"
              >
                {panelLabel}
              </Button>
            ) : null}
          </Group>
          <PowerUps attempt={attempt} question={question} answered={answered} disabled={locked} />
          <Card withBorder radius="md" padding="md">
            {/* A question that could not be opened says so where it would be, not under a loader. */}
            {viewFailed ? (
              <Alert color="red" variant="light" p="xs" data-testid="view-failed">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('attempt.viewFailed')}</Text>
                  <Button size="compact-sm" onClick={() => openQuestion(question.position)} data-testid="view-again">
                    {t('attempt.openAgain')}
                  </Button>
                </Group>
              </Alert>
            ) : (
              <QuestionCard
                key={question.position}
                question={question}
                kind={attempt.kind}
                pending={pendingHere}
                locked={locked}
                onAnswer={(input) => send(question.position, input)}
              />
            )}
          </Card>
          {pendingHere ? (
            <PendingNote
              pending={pendingHere}
              onRetry={() => {
                pendingAnswers.retrying(attempt.id, question.position);
                send(question.position, pendingHere);
              }}
            />
          ) : null}
          {quiz && question.result ? (
            <Card withBorder radius="md" padding="md" className="ki-aq-feedback" data-testid="feedback">
              <Stack gap="sm">
                <ResultDetails question={question} />
                <Button
                  size="md"
                  onClick={() => (next !== null ? goTo(next) : end('submitted'))}
                  loading={next === null && finish.isPending}
                  data-testid="next"
                >
                  {next !== null ? t('attempt.next') : t('attempt.finish')}
                </Button>
              </Stack>
            </Card>
          ) : null}
          <QuestionNav
            question={question}
            total={attempt.questions.length}
            onGo={goTo}
            onFlag={(flags) => flag.mutate({ position: question.position, ...flags })}
            disabled={timeUp}
          />
        </Stack>
        {wide ? (
          <Card withBorder radius="md" padding="md" className="ki-attempt-side">
            <Text fw={700} mb="xs">
              {panelLabel}
            </Text>
            {panel}
          </Card>
        ) : (
          <Drawer
            opened={sheet}
            onClose={() => setSheet(false)}
            position="bottom"
            size="auto"
            title={panelLabel}
            data-testid="panel-sheet"
          >
            {panel}
          </Drawer>
        )}
      </div>
      {dialogs}
    </Stack>
  );
}

/** Previous and next, and the question's flags: to be reviewed, bookmarked (spec 3). */
function QuestionNav({
  question,
  total,
  onGo,
  onFlag,
  disabled,
}: {
  question: AttemptQuestion;
  total: number;
  onGo: (position: number) => void;
  onFlag: (flags: { review?: boolean; bookmarked?: boolean }) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('assessment');
  const review = question.status === 'review';
  return (
    <Group justify="space-between" gap="xs">
      <Button
        variant="default"
        leftSection={<IconArrowNarrowLeft size={16} />}
        disabled={question.position <= 1}
        onClick={() => onGo(question.position - 1)}
        data-testid="previous"
      >
        {t('attempt.previous')}
      </Button>
      <Group gap="xs">
        <Button
          variant={review ? 'filled' : 'light'}
          color="violet"
          leftSection={review ? <IconFlagFilled size={16} /> : <IconFlag size={16} />}
          aria-pressed={review}
          disabled={disabled}
          onClick={() => onFlag({ review: !review })}
          data-testid="mark-review"
        >
          {t('attempt.review')}
        </Button>
        <Button
          variant={question.bookmarked ? 'filled' : 'light'}
          color="yellow"
          leftSection={<IconBookmark size={16} fill={question.bookmarked ? 'currentColor' : 'none'} />}
          aria-pressed={question.bookmarked}
          onClick={() => onFlag({ bookmarked: !question.bookmarked })}
          data-testid="bookmark"
        >
          {t('attempt.bookmark')}
        </Button>
      </Group>
      <Button
        variant="default"
        rightSection={<IconArrowNarrowRight size={16} />}
        disabled={question.position >= total}
        onClick={() => onGo(question.position + 1)}
        data-testid="go-next"
      >
        {t('attempt.next')}
      </Button>
    </Group>
  );
}
