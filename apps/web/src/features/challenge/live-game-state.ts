import { competitionRank, roundOutcome } from '@ki/domain';
import type {
  GameInfo,
  GameOver,
  GameQuestion,
  GameSnapshot,
  HostCounts,
  LobbyPlayer,
  OwnResult,
  RoundResult,
} from '@ki/contracts';

/**
 * A live game as one page sees it (issue #24; access-and-app-shell.md 2.8, 3 game state, 4.9): the
 * snapshot of its join, then the server's events in order. Pure, so every step of a game is tested
 * without a socket (live-game-state.test.ts); api/use-live-game.ts feeds it.
 */

/** A refusal or failure, by the server's stable code (or NETWORK). */
export interface GameError {
  code: string;
  message: string;
}

/** The player's answer to the current question: on its way, taken, or refused as too late. */
export interface GivenAnswer {
  index: number;
  choice: number;
  status: 'sending' | 'locked' | 'late';
  /** Once taken: the seconds the server timed it at (its marks follow from the round's key). */
  seconds?: number;
}

export interface LiveGameState {
  /** Whether the tab's connection is up: while it is down the page says it is reconnecting. */
  online: boolean;
  /** The join (or rejoin) was refused: why. */
  error: GameError | null;
  /** Another tab or device of the same player took this place over. */
  replaced: boolean;
  info: GameInfo | null;
  /** The player's own name, rank and score; null for a teacher who only runs the game. */
  you: GameSnapshot['you'];
  lobby: { count: number; recent: LobbyPlayer[] };
  /** Answers to the current question so far (the host's counter). */
  answered: number;
  hostAway: boolean;
  /** The current (or last) question; `deadline` is when its countdown ends on this device's clock. */
  question: (GameQuestion & { deadline: number }) | null;
  answer: GivenAnswer | null;
  /** Why the last answer did not get through (it may be given again). */
  answerError: GameError | null;
  round: RoundResult | null;
  /** The player's own result of the last round: worked out here from the round and the answer's acknowledgement. */
  own: OwnResult | null;
  over: GameOver | null;
}

export type LiveGameEvent =
  | { type: 'snapshot'; snapshot: GameSnapshot; at: number }
  | { type: 'failed'; error: GameError }
  | { type: 'online'; online: boolean }
  | { type: 'replaced' }
  | { type: 'lobby'; counts: HostCounts }
  | { type: 'question'; question: GameQuestion; at: number }
  | { type: 'round'; round: RoundResult }
  | { type: 'over'; over: GameOver }
  | { type: 'host'; away: boolean }
  | { type: 'answering'; index: number; choice: number }
  | { type: 'answerTaken'; index: number; choice: number; seconds: number }
  | { type: 'answerFailed'; index: number; error: GameError };

export const initialLiveGame: LiveGameState = {
  online: true,
  error: null,
  replaced: false,
  info: null,
  you: null,
  lobby: { count: 0, recent: [] },
  answered: 0,
  hostAway: false,
  question: null,
  answer: null,
  answerError: null,
  round: null,
  own: null,
  over: null,
};

const LATE = 'CHALLENGE_LATE_ANSWER';

export function liveGameReducer(s: LiveGameState, e: LiveGameEvent): LiveGameState {
  return settleOwn(apply(s, e));
}

/**
 * The round's own result, once both halves are here: the round (key and score counts, to the whole
 * room) and what became of this player's answer (its acknowledgement, with the server's seconds; or
 * none). Marks are the round's rule (@ki/domain roundOutcome), the rank is read off the counts; the
 * server works out the same in a snapshot (live-game.test.ts checks they agree). A round is counted
 * once: a snapshot taken after it already carries it.
 */
function settleOwn(s: LiveGameState): LiveGameState {
  const { round, you } = s;
  if (!round || !you || s.own?.index === round.index) return s;
  const mine = s.answer?.index === round.index ? s.answer : null;
  // The round can arrive before the acknowledgement of the answer that closed it.
  if (mine?.status === 'sending') return s;
  const given =
    mine?.status === 'locked' && mine.seconds !== undefined ? { choice: mine.choice, seconds: mine.seconds } : null;
  const { correct, gained } = roundOutcome(round.answer, given);
  const score = you.score + gained;
  const rank = competitionRank(score, round.scores);
  return {
    ...s,
    own: { index: round.index, rank, score, gained, correct, chosen: given?.choice ?? null },
    // After the end, the place is the final one (players who left are not ranked).
    you: { ...you, score, rank: s.over ? competitionRank(score, s.over.scores) : rank },
  };
}

function apply(s: LiveGameState, e: LiveGameEvent): LiveGameState {
  switch (e.type) {
    case 'snapshot': {
      const { snapshot: snap } = e;
      const question = snap.question ? { ...snap.question, deadline: e.at + snap.question.remainingMs } : null;
      return {
        ...s,
        online: true,
        error: null,
        replaced: false,
        info: snap.info,
        you: snap.you,
        lobby: { count: snap.lobby.count, recent: snap.lobby.recent },
        answered: snap.lobby.answered,
        hostAway: snap.hostAway,
        // At the scoreboard the snapshot has no question: the one this page saw (same index) stays,
        // so the right option can still be shown among the options.
        question: question ?? (snap.round && s.question?.index === snap.round.index ? s.question : null),
        answer:
          question && snap.answeredChoice !== null
            ? {
                index: question.index,
                choice: snap.answeredChoice,
                status: 'locked',
                seconds: snap.answeredSeconds ?? undefined,
              }
            : question
              ? null
              : s.answer,
        answerError: null,
        round: snap.round,
        own: snap.own,
        over: snap.over,
      };
    }
    case 'failed':
      return { ...s, error: e.error };
    case 'online':
      return { ...s, online: e.online };
    case 'replaced':
      return { ...s, replaced: true };
    case 'lobby':
      return {
        ...s,
        lobby: { count: e.counts.players, recent: e.counts.recent },
        answered: e.counts.answered,
        info: s.info && { ...s.info, players: e.counts.players },
      };
    case 'question':
      return {
        ...s,
        question: { ...e.question, deadline: e.at + e.question.remainingMs },
        answer: s.answer?.index === e.question.index ? s.answer : null,
        answerError: null,
        answered: s.question?.index === e.question.index ? s.answered : 0,
        info: s.info && { ...s.info, state: 'question' },
      };
    case 'round':
      return { ...s, round: e.round, info: s.info && { ...s.info, state: 'scoreboard' } };
    case 'over':
      return {
        ...s,
        over: e.over,
        // Players who left are not ranked at the end: the final place is read off the final counts.
        you: s.you && { ...s.you, rank: competitionRank(s.you.score, e.over.scores) },
        info: s.info && { ...s.info, state: e.over.reason === 'finished' ? 'finished' : 'ended' },
      };
    case 'host':
      return { ...s, hostAway: e.away };
    case 'answering':
      return { ...s, answer: { index: e.index, choice: e.choice, status: 'sending' }, answerError: null };
    case 'answerTaken':
      // A repeat's acknowledgement names the answer that stands (another tab of this player may have given it).
      return s.answer?.index === e.index
        ? { ...s, answer: { ...s.answer, status: 'locked', choice: e.choice, seconds: e.seconds } }
        : s;
    case 'answerFailed':
      if (s.answer?.index !== e.index) return s;
      // Too late stays late (the question is closed for this player); anything else may be tried again.
      return e.error.code === LATE
        ? { ...s, answer: { ...s.answer, status: 'late' }, answerError: e.error }
        : { ...s, answer: null, answerError: e.error };
  }
}

/** Where the game stands for this page: what it shows. */
export type GamePhase = 'joining' | 'failed' | 'replaced' | 'lobby' | 'question' | 'round' | 'over';

export function phaseOf(s: LiveGameState): GamePhase {
  // The podium stays once known, even when a later rejoin is refused (the game's code has expired).
  if (s.over) return 'over';
  if (s.error) return 'failed';
  if (s.replaced) return 'replaced';
  if (!s.info) return 'joining';
  if (s.round && (!s.question || s.round.index >= s.question.index)) return 'round';
  if (s.question) return 'question';
  return 'lobby';
}

/** Players other than a host who plays: the host may start once there is at least one. */
export function otherPlayers(s: LiveGameState): number {
  const hostSeat = s.info?.hostPlays && s.info.isHost ? 1 : 0;
  return Math.max(0, s.lobby.count - hostSeat);
}

/** The player's choice on the current question, if any (for the question and its round). */
export function chosenOn(s: LiveGameState, index: number): number | null {
  if (s.answer?.index === index && s.answer.status !== 'late') return s.answer.choice;
  if (s.own?.index === index) return s.own.chosen;
  return null;
}
