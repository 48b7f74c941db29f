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
  | { type: 'own'; own: OwnResult }
  | { type: 'over'; over: GameOver }
  | { type: 'host'; away: boolean }
  | { type: 'answering'; index: number; choice: number }
  | { type: 'answerTaken'; index: number }
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
            ? { index: question.index, choice: snap.answeredChoice, status: 'locked' }
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
    case 'own':
      return { ...s, own: e.own, you: s.you && { ...s.you, rank: e.own.rank, score: e.own.score } };
    case 'over':
      return {
        ...s,
        over: e.over,
        info: s.info && { ...s.info, state: e.over.reason === 'finished' ? 'finished' : 'ended' },
      };
    case 'host':
      return { ...s, hostAway: e.away };
    case 'answering':
      return { ...s, answer: { index: e.index, choice: e.choice, status: 'sending' }, answerError: null };
    case 'answerTaken':
      return s.answer?.index === e.index ? { ...s, answer: { ...s.answer, status: 'locked' } } : s;
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
