import { IconBook, IconBulb, IconRefresh, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type ReactNode } from 'react';
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
import { playSound, setSoundOn, useSoundOn } from '../sound';
import { BookmarkButton } from './bookmark-button';
import { QuestionView } from './question-view';
import './game.css';

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
const TIMER_RADIUS = 29;
const TIMER_CIRCUMFERENCE = 2 * Math.PI * TIMER_RADIUS;

function StatusStrip({ statuses }: { statuses: QuestionStatus[] }) {
  const { t } = useTranslation('journey');
  return (
    <ol className="ki-status-strip" aria-label={t('game.statusStrip')} data-testid="status-strip">
      {statuses.map((s, i) => (
        <li
          key={i}
          aria-label={t('game.statusItem', { n: i + 1, status: t(`game.status.${s}`) })}
          aria-current={s === 'current' ? 'step' : undefined}
          data-status={s}
        >
          {i + 1}
        </li>
      ))}
    </ol>
  );
}

/**
 * The 30-second ring of the current question (mounted once per question, counting from shownAt);
 * calls onTimeout once at 0. It ticks five times a second on its own, so the question and its
 * options do not render again with every tick: on a slow phone that was most of the game's work.
 */
function QuestionTimer({ shownAt, running, onTimeout }: { shownAt: number; running: boolean; onTimeout: () => void }) {
  const { t } = useTranslation('journey');
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
  // A tick in each of the last five seconds (when the sound is on).
  useEffect(() => {
    if (running && secondsLeft > 0 && secondsLeft <= 5) playSound('tick');
  }, [running, secondsLeft]);
  const arc = (TIMER_CIRCUMFERENCE * left) / T;
  return (
    <div
      className="ki-timer"
      role="timer"
      data-color={left <= 5 ? 'red' : left <= 10 ? 'orange' : 'teal'}
      aria-label={t('game.secondsLeft', { count: secondsLeft })}
    >
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle className="ki-timer-track" cx="32" cy="32" r={TIMER_RADIUS} />
        {arc > 0 ? (
          <circle
            className="ki-timer-arc"
            cx="32"
            cy="32"
            r={TIMER_RADIUS}
            strokeDasharray={`${arc} ${TIMER_CIRCUMFERENCE}`}
          />
        ) : null}
      </svg>
      <span aria-live={secondsLeft <= 5 ? 'polite' : 'off'} data-testid="timer">
        {running ? secondsLeft : '–'}
      </span>
    </div>
  );
}

/** Sound effects on or off (off until the player turns them on; remembered for them on this device). */
function SoundToggle() {
  const { t } = useTranslation('journey');
  const on = useSoundOn();
  return (
    <button
      type="button"
      className="ki-button"
      data-variant="default"
      data-size="md"
      aria-pressed={on}
      aria-label={t('game.sound')}
      title={t('game.sound')}
      onClick={() => {
        setSoundOn(!on);
        // The tap that turned it on is what lets the browser play: a chime says it works.
        if (!on) playSound('right');
      }}
      data-testid="sound-toggle"
    >
      {on ? <IconVolume size={20} aria-hidden="true" /> : <IconVolumeOff size={20} aria-hidden="true" />}
    </button>
  );
}

interface StepProps {
  state: GameState;
  instant: boolean;
  dispatch: (action: GameAction) => void;
  /** Replay was tapped: the game asks before it throws the answers away. */
  onReplay: () => void;
  onRelearn: (() => void) | undefined;
}

/** One question on screen: its timer, the options and, in the topic game and revise, the feedback. */
function QuestionStep({ state, instant, dispatch, onReplay, onRelearn }: StepProps) {
  const { t } = useTranslation('journey');
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
  // The verdict's sound, with the verdict (the treasure, a test, gives none per question).
  const verdict = given ? given.correct : null;
  useEffect(() => {
    if (instant && verdict !== null) playSound(verdict ? 'right' : 'wrong');
  }, [instant, verdict]);

  const action = (testId: string, label: string, icon: ReactNode, onClick: () => void) => (
    <button
      type="button"
      className="ki-button"
      data-size="md"
      data-variant="light"
      data-with-icon=""
      onClick={onClick}
      data-testid={testId}
    >
      {icon}
      {label}
    </button>
  );

  return (
    <>
      <div className="ki-row" data-between="">
        <h2 className="ki-title" data-size="h4" data-testid="question-counter">
          {t('game.questionOf', { n: state.index + 1, total: state.questions.length })}
        </h2>
        <div className="ki-row">
          <SoundToggle />
          <QuestionTimer
            shownAt={shownAt}
            running={state.phase === 'asking'}
            onTimeout={() => settle({ type: 'timeout' })}
          />
        </div>
      </div>
      <StatusStrip statuses={questionStatuses(state, instant)} />
      <div className="ki-card" data-testid="question" data-question-id={question.id}>
        <QuestionView
          question={question}
          given={given ? given.chosen : undefined}
          reveal={instant}
          onAnswer={(chosen) => settle({ type: 'answer', chosen, seconds: (performance.now() - shownAt) / 1000 })}
        />
      </div>

      {instant && given ? (
        // Sticks to the bottom of the screen, above the footer, so the verdict and Next are in view
        // on a phone without scrolling, however long the question (game.css, .ki-feedback).
        <div className="ki-card ki-feedback" data-testid="feedback" data-correct={given.correct}>
          <div className="ki-row" data-between="">
            <p className="ki-colored-text ki-bold ki-m0" data-color={given.correct ? 'teal' : 'red'} role="status">
              {given.correct ? t('game.correct') : given.chosen === null ? t('game.timeUp') : t('game.wrong')}
            </p>
            <BookmarkButton kind="questions" id={question.id} />
          </div>
          {wrong && showSolution ? (
            <div className="ki-alert ki-feedback-solution" data-testid="solution">
              <span className="ki-alert-title">{t('game.solution')}</span>
              {question.solution || t('game.noSolution')}
            </div>
          ) : null}
          {wrong ? (
            <div className="ki-feedback-actions">
              {!showSolution
                ? action('show-solution', t('game.showSolution'), <IconBulb size={18} />, () => setShowSolution(true))
                : null}
              {onRelearn ? action('relearn', t('game.relearn'), <IconBook size={18} />, onRelearn) : null}
              {action('replay', t('game.replay'), <IconRefresh size={18} />, onReplay)}
            </div>
          ) : null}
          <button
            type="button"
            className="ki-button"
            data-size="md"
            onClick={() => dispatch({ type: 'next' })}
            data-testid="next"
          >
            {state.index === state.questions.length - 1 ? t('game.finish') : t('game.next')}
          </button>
        </div>
      ) : null}
    </>
  );
}

interface ConfirmTexts {
  title: string;
  text: string;
  stay: string;
  go: string;
}

/**
 * A question before the game is thrown away ("leave the game?", "start again?"): a native modal
 * dialog, so focus stays inside it and Escape or a tap beside it answers "stay" (the browser's own,
 * no dialog library on the game's first load).
 */
function ConfirmDialog({
  open,
  texts,
  testId,
  onStay,
  onGo,
}: {
  open: boolean;
  texts: ConfirmTexts;
  /** Prefix of the buttons' test ids: `${testId}-no`, `${testId}-yes`. */
  testId: string;
  onStay: () => void;
  onGo: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the dialog element itself is a click on its backdrop (its content fills an inner box).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className="ki-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onStay();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onStay();
      }}
    >
      {open ? (
        <div>
          <h2 id={titleId}>{texts.title}</h2>
          <p>{texts.text}</p>
          <div className="ki-row" style={{ justifyContent: 'flex-end' }}>
            <button
              type="button"
              className="ki-button"
              data-variant="default"
              data-size="md"
              onClick={onStay}
              data-testid={`${testId}-no`}
            >
              {texts.stay}
            </button>
            <button
              type="button"
              className="ki-button"
              data-color="red"
              data-size="md"
              onClick={onGo}
              data-testid={`${testId}-yes`}
            >
              {texts.go}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * Ten questions with a 30-second timer each and a question-status strip. The topic game and revise
 * give instant feedback (a wrong answer offers the solution, relearning the concept or a replay);
 * the treasure moves straight on and shows answers in its review. Leaving and replaying ask first.
 */
export function GameScreen({ mode, questions, drawAgain, onFinish, onRelearn }: Props) {
  const { t } = useTranslation('journey');
  const [state, dispatch] = useReducer(gameReducer, questions, (qs) => initialGame(qs, new Date().toISOString()));
  const [leaving, setLeaving] = useState(false);
  const [replaying, setReplaying] = useState(false);
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
    <div className="ki-game ki-stack" data-testid="game">
      <QuestionStep
        key={`${state.startedAt}:${state.index}`}
        state={state}
        instant={instant}
        dispatch={dispatch}
        onReplay={() => setReplaying(true)}
        onRelearn={onRelearn ? () => setLeaving(true) : undefined}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        texts={{
          title: t('game.leaveTitle'),
          text: t('game.leaveText'),
          stay: t('game.leaveNo'),
          go: t('game.leaveYes'),
        }}
        testId="leave"
        onStay={() => blocker.reset?.()}
        onGo={() => blocker.proceed?.()}
      />
      {/* Replay throws this game's answers away: asked first, as leaving is. */}
      <ConfirmDialog
        open={replaying}
        texts={{
          title: t('game.replayTitle'),
          text: t('game.replayText'),
          stay: t('game.leaveNo'),
          go: t('game.replayYes'),
        }}
        testId="replay"
        onStay={() => setReplaying(false)}
        onGo={() => {
          setReplaying(false);
          dispatch({ type: 'restart', questions: drawAgain(), now: new Date().toISOString() });
        }}
      />
    </div>
  );
}
