import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconHourglassHigh, IconPlayerPlay, IconTrophy, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CHALLENGE_CODE_LENGTH, CHALLENGE_IDLE_MINUTES, CHALLENGE_QUESTION_SECONDS } from '@ki/contracts';
import { assessmentPaths } from '../../config/assessment-paths';
import { useLiveGame, type LiveGame } from './api/use-live-game';
import { GameCode, ShareGame } from './components/game-code';
import { PlayerList } from './components/player-list';
import { Podium } from './components/podium';
import { QuestionPanel } from './components/question-panel';
import { QuestionTimer, useSecondsLeft } from './components/question-timer';
import { Scoreboard } from './components/scoreboard';
import { useChallengeErrorText } from './error-text';
import { chosenOn, otherPlayers, type GameError } from './live-game-state';
import './challenge.css';

const CODE = new RegExp(`^\\d{${CHALLENGE_CODE_LENGTH}}$`);
/** Failures worth another try from the same page; the others need another code or another day. */
const RETRYABLE = new Set(['NETWORK', 'INTERNAL', 'SERVICE_UNAVAILABLE']);

/**
 * A live game (issue #24; access-and-app-shell.md 2.8 start-game lobby and waiting lobby, 4.9):
 * /assessment/showPlayers/:code (the host's lobby) and /assessment/WaitingLobby/:code (a player's)
 * are this one page, which shows what the server says the caller is and where the game stands: the
 * lobby, then each question, its round's scoreboard, and the podium, at the same address. Opening or
 * reloading it joins (or rejoins) the game. A teacher who hosts a quiz runs the game without playing.
 */
export function LiveGamePage() {
  const { code = '' } = useParams();
  if (!CODE.test(code))
    return (
      <div className="ki-live">
        <GameFailed error={{ code: 'CHALLENGE_NOT_FOUND', message: '' }} />
      </div>
    );
  return <LiveGameView key={code} code={code} />;
}

function LiveGameView({ code }: { code: string }) {
  const { t } = useTranslation('assessment');
  const game = useLiveGame(code);
  const { state, phase } = game;
  const playing = phase === 'lobby' || phase === 'question' || phase === 'round';
  // Each new screen of the game (a question, its round, the podium) opens at its top: on a phone
  // the last one was scrolled down to its options or to Next.
  const step = `${phase}:${phase === 'round' ? state.round?.index : (state.question?.index ?? '')}`;
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [step]);
  return (
    <div className="ki-live" data-testid="live-game" data-phase={phase}>
      {!state.online && playing ? (
        <Alert color="yellow" icon={<IconWifiOff size={18} />} data-testid="reconnecting">
          {t('challenge.reconnecting')}
        </Alert>
      ) : null}
      {state.hostAway && playing && !state.info?.isHost ? (
        <Alert color="orange" data-testid="host-away">
          {t('challenge.hostAway')}
        </Alert>
      ) : null}
      {phase === 'joining' ? (
        <Group gap="xs" justify="center" mih={160} data-testid="joining">
          <Loader size="sm" />
          <Text>{t('challenge.joining')}</Text>
        </Group>
      ) : null}
      {phase === 'failed' && state.error ? <GameFailed error={state.error} onRetry={game.rejoin} /> : null}
      {phase === 'replaced' ? <Replaced onPlayHere={game.rejoin} /> : null}
      {phase === 'lobby' ? (
        state.info?.isHost ? (
          <HostLobby game={game} code={code} />
        ) : (
          <WaitingLobby game={game} />
        )
      ) : null}
      {phase === 'question' ? <QuestionView game={game} /> : null}
      {phase === 'round' ? <RoundView game={game} /> : null}
      {phase === 'over' ? <OverView game={game} /> : null}
    </div>
  );
}

function BackToPractice({ variant = 'default' }: { variant?: 'default' | 'filled' }) {
  const { t } = useTranslation('assessment');
  return (
    <Button component={Link} to={assessmentPaths.home} variant={variant} data-testid="back-to-practice">
      {t('challenge.back')}
    </Button>
  );
}

function GameFailed({ error, onRetry }: { error: GameError; onRetry?: () => void }) {
  const { t } = useTranslation('assessment');
  const errorText = useChallengeErrorText();
  return (
    <Stack gap="md">
      <Alert color="red" title={t('challenge.failedTitle')} data-testid="game-error" data-code={error.code}>
        {errorText(error)}
      </Alert>
      <Group gap="xs">
        {onRetry && RETRYABLE.has(error.code) ? (
          <Button onClick={onRetry} data-testid="retry">
            {t('challenge.tryAgain')}
          </Button>
        ) : null}
        <BackToPractice />
      </Group>
    </Stack>
  );
}

function Replaced({ onPlayHere }: { onPlayHere: () => void }) {
  const { t } = useTranslation('assessment');
  return (
    <Stack gap="md">
      <Alert color="blue" data-testid="replaced">
        {t('challenge.replaced')}
      </Alert>
      <Group gap="xs">
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={onPlayHere} data-testid="play-here">
          {t('challenge.playHere')}
        </Button>
        <BackToPractice />
      </Group>
    </Stack>
  );
}

/** The game's name and facts, above the lobby. */
function GameFacts({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const info = game.state.info!;
  return (
    <div>
      <Title order={2} data-testid="game-title">
        {info.title}
      </Title>
      <Text c="dimmed" data-testid="game-facts">
        {t('challenge.facts', { count: info.questionCount, seconds: CHALLENGE_QUESTION_SECONDS })}
      </Text>
      {info.isHost ? null : <Text data-testid="game-host">{t('challenge.hostedBy', { name: info.hostName })}</Text>}
    </div>
  );
}

/** The host's start-game lobby: the code and link to share, who has joined, Start. */
function HostLobby({ game, code }: { game: LiveGame; code: string }) {
  const { t } = useTranslation('assessment');
  const { state } = game;
  const others = otherPlayers(state);
  return (
    <Stack gap="md" data-testid="host-lobby">
      <GameFacts game={game} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <GameCode code={code} />
          <Text ta="center" size="sm">
            {t('challenge.shareHint')}
          </Text>
          <ShareGame code={code} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4" data-testid="player-count" data-count={others}>
            {t('challenge.joined', { count: others })}
          </Title>
          {state.lobby.recent.length > 0 ? (
            <PlayerList players={state.lobby.recent} />
          ) : (
            <Text c="dimmed">{t('challenge.noPlayersYet')}</Text>
          )}
        </Stack>
      </Card>
      <Button
        size="lg"
        leftSection={<IconPlayerPlay size={20} />}
        disabled={others === 0}
        loading={game.busy === 'start'}
        onClick={() => game.control('start')}
        data-testid="start"
      >
        {t('challenge.start')}
      </Button>
      {others === 0 ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="start-hint">
          {t('challenge.startHint')}
        </Text>
      ) : null}
      <HostControls game={game} />
    </Stack>
  );
}

/** A player's waiting lobby: the game, its host, how many have joined, until the host starts. */
function WaitingLobby({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const { state } = game;
  return (
    <Stack gap="md" data-testid="waiting-lobby">
      <GameFacts game={game} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs" align="center" ta="center">
          <IconHourglassHigh size={40} className="ki-live-waiting" aria-hidden="true" />
          <Text fw={800} size="lg" data-testid="waiting">
            {t('challenge.waiting')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('challenge.waitingText')}
          </Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4" data-testid="player-count" data-count={state.lobby.count}>
            {t('challenge.inGame', { count: state.lobby.count })}
          </Title>
          <PlayerList players={state.lobby.recent} />
        </Stack>
      </Card>
      <Button
        variant="subtle"
        color="gray"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void game.leave().then(() => navigate(assessmentPaths.home));
        }}
        style={{ alignSelf: 'center' }}
        data-testid="leave"
      >
        {t('challenge.leave')}
      </Button>
    </Stack>
  );
}

/**
 * The refusal of the host's last control, and End game (after a confirmation). The host's only.
 * Not End game after the last question: the podium is what comes next.
 */
function HostControls({ game, canEnd = true }: { game: LiveGame; canEnd?: boolean }) {
  const { t } = useTranslation('assessment');
  const errorText = useChallengeErrorText();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="xs">
      {game.actionError ? (
        <Alert color="red" data-testid="action-error" data-code={game.actionError.code}>
          {errorText(game.actionError)}
        </Alert>
      ) : null}
      {canEnd ? (
        <>
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            style={{ alignSelf: 'center' }}
            data-testid="end"
          >
            {t('challenge.end')}
          </Button>
          <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('challenge.endTitle')} centered>
            <Stack gap="md">
              <Text>{t('challenge.endText')}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)} data-testid="end-cancel">
                  {t('challenge.endCancel')}
                </Button>
                <Button
                  color="red"
                  loading={game.busy === 'end'}
                  onClick={() => {
                    setConfirming(false);
                    game.control('end');
                  }}
                  data-testid="end-confirm"
                >
                  {t('challenge.end')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      ) : null}
    </Stack>
  );
}

/** "Question 2 of 10" and, while it runs, the countdown. */
function QuestionHead({ index, total, children }: { index: number; total: number; children?: ReactNode }) {
  const { t } = useTranslation('assessment');
  return (
    <div className="ki-live-head">
      <Text fw={800} data-testid="question-counter">
        {t('challenge.questionOf', { n: index + 1, total })}
      </Text>
      {children}
    </div>
  );
}

/** The host's count of answers so far. */
function AnsweredCount({ answered, players }: { answered: number; players: number }) {
  const { t } = useTranslation('assessment');
  return (
    <Text fw={700} ta="center" data-testid="answered-count">
      {t('challenge.answeredCount', { answered, players })}
    </Text>
  );
}

function QuestionView({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const errorText = useChallengeErrorText();
  const { state } = game;
  const q = state.question!;
  const left = useSecondsLeft(q.deadline);
  const info = state.info!;
  const plays = state.you !== null;
  const status = state.answer?.index === q.index ? state.answer.status : null;
  const locked = status !== null || left === 0 || !state.online;
  return (
    <Stack gap="md" data-testid="question" data-index={q.index}>
      <QuestionHead index={q.index} total={q.total}>
        <QuestionTimer left={left} seconds={q.seconds} />
      </QuestionHead>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <QuestionPanel
            question={q}
            chosen={chosenOn(state, q.index)}
            locked={locked}
            onChoose={plays ? game.answer : undefined}
          />
        </Stack>
      </Card>
      {status === 'sending' ? (
        <Group gap="xs" justify="center" data-testid="sending">
          <Loader size="xs" />
          <Text>{t('challenge.sending')}</Text>
        </Group>
      ) : null}
      {status === 'locked' ? (
        <Alert color="teal" variant="light" data-testid="locked">
          {t('challenge.locked')}
        </Alert>
      ) : null}
      {status === 'late' ? (
        <Alert color="orange" variant="light" data-testid="late">
          {errorText({ code: 'CHALLENGE_LATE_ANSWER', message: '' })}
        </Alert>
      ) : null}
      {status === null && left === 0 && plays ? (
        <Alert color="gray" variant="light" data-testid="time-up">
          {t('challenge.timeUp')}
        </Alert>
      ) : null}
      {state.answerError && status === null ? (
        <Alert color="red" variant="light" data-testid="answer-error" data-code={state.answerError.code}>
          {errorText(state.answerError)}
        </Alert>
      ) : null}
      {info.isHost ? (
        <>
          <AnsweredCount answered={state.answered} players={state.lobby.count} />
          <HostControls game={game} />
        </>
      ) : null}
    </Stack>
  );
}

/** The player's own result of the round, and their place so far. */
function OwnRound({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const { state } = game;
  const round = state.round!;
  const own = state.own?.index === round.index ? state.own : null;
  if (!state.you) return null;
  const verdict = !own ? null : own.correct ? 'right' : own.chosen === null ? 'none' : 'wrong';
  return (
    <Card withBorder radius="md" padding="md" data-testid="own-round" data-verdict={verdict ?? undefined}>
      <Stack gap={4} align="center" ta="center">
        {verdict ? (
          <Text
            fw={800}
            size="xl"
            c={verdict === 'right' ? 'teal' : verdict === 'wrong' ? 'red' : 'dimmed'}
            data-testid="verdict"
          >
            {verdict === 'right'
              ? t('challenge.right', { marks: own!.gained })
              : verdict === 'wrong'
                ? t('challenge.wrong')
                : t('challenge.noAnswer')}
          </Text>
        ) : null}
        <Text fw={700} data-testid="own-place" data-rank={state.you.rank} data-score={state.you.score}>
          {t('challenge.yourPlace', { rank: state.you.rank, players: round.players, score: state.you.score })}
        </Text>
      </Stack>
    </Card>
  );
}

function RoundView({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const { state } = game;
  const round = state.round!;
  const info = state.info!;
  // The question as this page saw it, or (after a reload at the scoreboard) as the round carries it.
  const question =
    state.question?.index === round.index
      ? state.question
      : {
          ...round.question,
          index: round.index,
          total: round.total,
          seconds: CHALLENGE_QUESTION_SECONDS,
          remainingMs: 0,
        };
  return (
    <Stack gap="md" data-testid="round" data-index={round.index}>
      <QuestionHead index={round.index} total={round.total}>
        <Text fw={700} c="dimmed">
          {t('challenge.results')}
        </Text>
      </QuestionHead>
      <OwnRound game={game} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <QuestionPanel question={question} chosen={chosenOn(state, round.index)} answerKey={round.answer} />
        </Stack>
      </Card>
      {round.solution ? (
        <Card withBorder radius="md" padding="md" data-testid="solution">
          <Text fw={700}>{t('challenge.solution')}</Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{round.solution}</Text>
        </Card>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('challenge.top')}
          </Title>
          <Scoreboard rows={round.top} own={state.you} />
        </Stack>
      </Card>
      {info.isHost ? (
        <>
          {info.hostPlays ? null : <AnsweredCount answered={round.answered} players={round.players} />}
          {/* Kept in view above the footer: on a phone the scoreboard is longer than the screen. */}
          <div className="ki-live-sticky">
            <Button
              size="lg"
              fullWidth
              loading={game.busy === 'next'}
              onClick={() => game.control('next')}
              data-testid={round.last ? 'show-podium' : 'next'}
            >
              {t(round.last ? 'challenge.showPodium' : 'challenge.next')}
            </Button>
          </div>
          <HostControls game={game} canEnd={!round.last} />
        </>
      ) : (
        // After the last question the podium comes by itself (CHALLENGE_PODIUM_SECONDS) or at the host's tap.
        <Text ta="center" c="dimmed" data-testid={round.last ? 'podium-next' : 'waiting-next'}>
          {t(round.last ? 'challenge.podiumNext' : 'challenge.waitingNext')}
        </Text>
      )}
    </Stack>
  );
}

function OverView({ game }: { game: LiveGame }) {
  const { t } = useTranslation('assessment');
  const { state } = game;
  const over = state.over!;
  const info = state.info;
  return (
    <Stack gap="md" data-testid="over" data-reason={over.reason}>
      <Stack gap={4} align="center" ta="center">
        <IconTrophy size={44} className="ki-live-medal" data-place={1} aria-hidden="true" />
        <Title order={2} data-testid="over-title">
          {t(`challenge.over.${over.reason}`, { minutes: CHALLENGE_IDLE_MINUTES })}
        </Title>
        {info ? <Text c="dimmed">{info.title}</Text> : null}
      </Stack>
      {state.you ? (
        <Card withBorder radius="md" padding="md">
          <Text
            fw={800}
            size="lg"
            ta="center"
            data-testid="own-place"
            data-rank={state.you.rank}
            data-score={state.you.score}
          >
            {t('challenge.finalPlace', { rank: state.you.rank, score: state.you.score })}
          </Text>
        </Card>
      ) : null}
      {over.podium.length > 0 ? (
        <Card withBorder radius="md" padding="md">
          <Podium rows={over.podium} />
        </Card>
      ) : (
        <Text ta="center" c="dimmed" data-testid="no-podium">
          {t('challenge.noScores')}
        </Text>
      )}
      {over.top.length > 3 ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('challenge.top')}
            </Title>
            <Scoreboard rows={over.top} own={state.you} />
          </Stack>
        </Card>
      ) : null}
      <Group gap="xs" justify="center">
        <BackToPractice variant="filled" />
        {state.you ? (
          <Button component={Link} to={assessmentPaths.challenge} variant="default" data-testid="new-challenge">
            {t('challenge.newChallenge')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
