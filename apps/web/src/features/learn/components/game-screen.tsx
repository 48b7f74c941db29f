import { Alert, Button, Card, Group, Modal, Paper, RingProgress, Stack, Text, Title, SimpleGrid } from '@mantine/core';
import { IconBook, IconBulb, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { SCORING } from '@ki/domain';
import type { BundleQuestion } from '@ki/contracts';
import {
  gameReducer,
  initialGame,
  questionStatuses,
  type GameAction,
  type GameState,
  type GivenAnswer,
  type QuestionStatus,
} from '../game-state';
import { BookmarkButton } from './bookmark-button';
import { QuestionView } from './question-view';

export type GameMode = 'topic' | 'revise' | 'treasure';

interface Props {
  mode: GameMode;
  questions: BundleQuestion[];
  /** A fresh draw of questions for Replay. */
  drawAgain: () => BundleQuestion[];
  onFinish: (result: { answers: GivenAnswer[]; startedAt: string; finishedAt: string }) => void;
  /** Back to the concept (topic game). */
  onRelearn?: () => void;
}

const T = SCORING.secondsPerQuestion;

const STATUS_COLOR: Record<QuestionStatus, string> = {
  current: 'var(--mantine-color-blue-6)',
  correct: 'var(--mantine-color-teal-6)',
  wrong: 'var(--mantine-color-red-6)',
  unanswered: 'var(--mantine-color-orange-5)',
  notVisited: 'var(--mantine-color-gray-4)',
};

function StatusStrip({ statuses }: { statuses: QuestionStatus[] }) {
  const { t } = useTranslation('learn');
  return (
    <Group
      gap={6}
      wrap="wrap"
      component="ol"
      aria-label={t('game.statusStrip')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="status-strip"
    >
      {statuses.map((s, i) => (
        <li
          key={i}
          aria-label={t('game.statusItem', { n: i + 1, status: t(`game.status.${s}`) })}
          aria-current={s === 'current' ? 'step' : undefined}
          data-status={s}
          style={{
            width: 26,
            height: 26,
            borderRadius: 13,
            display: 'grid',
            placeItems: 'center',
            fontSize: 12,
            fontWeight: 700,
            color: s === 'notVisited' ? 'var(--mantine-color-gray-8)' : 'white',
            background: STATUS_COLOR[s],
            outline: s === 'current' ? '2px solid var(--mantine-color-blue-9)' : undefined,
          }}
        >
          {i + 1}
        </li>
      ))}
    </Group>
  );
}

/**
 * The 30-second ring of the current question (mounted once per question, counting from shownAt);
 * calls onTimeout once at 0. It ticks five times a second on its own, so the question and its
 * options do not render again with every tick: on a slow phone that was most of the game's work.
 */
function QuestionTimer({ shownAt, running, onTimeout }: { shownAt: number; running: boolean; onTimeout: () => void }) {
  const { t } = useTranslation('learn');
  const [left, setLeft] = useState<number>(T);
  const timeout = useRef(onTimeout);
  useEffect(() => {
    timeout.current = onTimeout;
  });
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      const remaining = Math.max(0, T - (performance.now() - shownAt) / 1000);
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(id);
        timeout.current();
      }
    }, 200);
    return () => window.clearInterval(id);
  }, [running, shownAt]);
  const secondsLeft = Math.ceil(left);
  return (
    <RingProgress
      size={64}
      thickness={6}
      roundCaps
      sections={[{ value: (100 * left) / T, color: left <= 5 ? 'red' : left <= 10 ? 'orange' : 'teal' }]}
      label={
        <Text ta="center" fw={700} size="sm" aria-live={secondsLeft <= 5 ? 'polite' : 'off'} data-testid="timer">
          {running ? secondsLeft : '–'}
        </Text>
      }
      aria-label={t('game.secondsLeft', { count: secondsLeft })}
    />
  );
}

interface StepProps {
  state: GameState;
  instant: boolean;
  dispatch: (action: GameAction) => void;
  drawAgain: () => BundleQuestion[];
  onRelearn: (() => void) | undefined;
}

/** One question on screen: its timer, the options and, in the topic game and revise, the feedback. */
function QuestionStep({ state, instant, dispatch, drawAgain, onRelearn }: StepProps) {
  const { t } = useTranslation('learn');
  const [showSolution, setShowSolution] = useState(false);
  const question = state.questions[state.index]!;
  const given = state.answers[state.index];
  // The treasure is a test: no feedback per question, on to the next at once.
  const settle = (action: GameAction) => {
    dispatch(action);
    if (!instant) dispatch({ type: 'next' });
  };
  const [shownAt] = useState(() => performance.now());
  const wrong = given && !given.correct;

  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Title order={2} size="h4" data-testid="question-counter">
          {t('game.questionOf', { n: state.index + 1, total: state.questions.length })}
        </Title>
        <QuestionTimer shownAt={shownAt} running={state.phase === 'asking'} onTimeout={() => settle({ type: 'timeout' })} />
      </Group>
      <StatusStrip statuses={questionStatuses(state, instant)} />
      <Card withBorder radius="md" padding="md" data-testid="question" data-question-id={question.id}>
        <QuestionView
          question={question}
          given={given ? given.chosen : undefined}
          reveal={instant}
          onAnswer={(chosen) => settle({ type: 'answer', chosen, seconds: (performance.now() - shownAt) / 1000 })}
        />
      </Card>

      {instant && given ? (
        <Paper withBorder radius="md" p="md" data-testid="feedback" data-correct={given.correct}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} c={given.correct ? 'teal' : 'red'} role="status">
                {given.correct ? t('game.correct') : given.chosen === null ? t('game.timeUp') : t('game.wrong')}
              </Text>
              <BookmarkButton kind="questions" id={question.id} />
            </Group>
            {wrong && showSolution ? (
              <Alert color="blue" variant="light" title={t('game.solution')} data-testid="solution">
                {question.solution || t('game.noSolution')}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {wrong && !showSolution ? (
                <Button
                  variant="light"
                  leftSection={<IconBulb size={18} />}
                  mih={44}
                  onClick={() => setShowSolution(true)}
                  data-testid="show-solution"
                >
                  {t('game.showSolution')}
                </Button>
              ) : null}
              {wrong && onRelearn ? (
                <Button
                  variant="light"
                  leftSection={<IconBook size={18} />}
                  mih={44}
                  onClick={onRelearn}
                  data-testid="relearn"
                >
                  {t('game.relearn')}
                </Button>
              ) : null}
              {wrong ? (
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={18} />}
                  mih={44}
                  onClick={() => dispatch({ type: 'restart', questions: drawAgain(), now: new Date().toISOString() })}
                  data-testid="replay"
                >
                  {t('game.replay')}
                </Button>
              ) : null}
              <Button mih={44} onClick={() => dispatch({ type: 'next' })} data-testid="next">
                {state.index === state.questions.length - 1 ? t('game.finish') : t('game.next')}
              </Button>
            </SimpleGrid>
          </Stack>
        </Paper>
      ) : null}
    </>
  );
}

/**
 * Ten questions with a 30-second timer each and a question-status strip. The topic game and revise
 * give instant feedback (a wrong answer offers the solution, relearning the concept or a replay);
 * the treasure moves straight on and shows answers in its review. Leaving asks for confirmation.
 */
export function GameScreen({ mode, questions, drawAgain, onFinish, onRelearn }: Props) {
  const { t } = useTranslation('learn');
  const [state, dispatch] = useReducer(gameReducer, questions, (qs) => initialGame(qs, new Date().toISOString()));
  const [leaving, setLeaving] = useState(false);
  const finished = useRef(false);
  const instant = mode !== 'treasure';
  const inProgress = state.phase !== 'done' && !leaving;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => inProgress && currentLocation.pathname !== nextLocation.pathname,
      [inProgress],
    ),
  );

  useEffect(() => {
    if (!inProgress) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [inProgress]);

  useEffect(() => {
    if (state.phase === 'done' && !finished.current) {
      finished.current = true;
      onFinish({
        answers: state.answers.filter((a): a is GivenAnswer => a !== undefined),
        startedAt: state.startedAt,
        finishedAt: new Date().toISOString(),
      });
    }
  }, [state, onFinish]);

  // Relearning the concept is the student's own choice: no "leave the game?" question for it.
  useEffect(() => {
    if (leaving) onRelearn?.();
  }, [leaving, onRelearn]);

  if (state.phase === 'done') return null;
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="game">
      <QuestionStep
        key={`${state.startedAt}:${state.index}`}
        state={state}
        instant={instant}
        dispatch={dispatch}
        drawAgain={drawAgain}
        onRelearn={onRelearn ? () => setLeaving(true) : undefined}
      />
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('game.leaveTitle')}
        centered
      >
        <Text mb="md">{t('game.leaveText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={() => blocker.reset?.()} data-testid="leave-no">
            {t('game.leaveNo')}
          </Button>
          <Button color="red" mih={44} onClick={() => blocker.proceed?.()} data-testid="leave-yes">
            {t('game.leaveYes')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
