/**
 * One live game, in memory, on the process that holds it (issue #24; docs/DECISIONS.md "Live
 * challenge"). Nothing here knows sockets: the game is handed an output (to the room, to one
 * connection), a clock and a timer, so its rules are tested without a network.
 *
 * The cost of a question is linear in the players (ARCHITECTURE.md "Live games"): the question goes
 * to the room once; each answer is one acknowledgement to its sender and, at most four times a
 * second, one count to the host; the round closes the moment the last connected player answers (or
 * the countdown ends), the scoreboard is sorted once, and one message goes to the room: the key, the
 * top 10 and how many players hold each score, off which each device reads its own rank (the
 * answer's acknowledgement carried its server-timed seconds). No join or answer is ever broadcast to
 * the room, and a round sends nothing to each player.
 */
import {
  CHALLENGE_HOST_AWAY_SECONDS,
  CHALLENGE_IDLE_MINUTES,
  CHALLENGE_PODIUM_SECONDS,
  CHALLENGE_MAX_PLAYERS,
  CHALLENGE_QUESTION_SECONDS,
  CHALLENGE_RECONNECT_SECONDS,
  CHALLENGE_TOP,
  type AnswerAck,
  type ChallengeServerEvents,
  type GameEndReason,
  type GameInfo,
  type GameOver,
  type GameQuestion,
  type GameSnapshot,
  type GameState,
  type LobbyPlayer,
  type OwnResult,
  type RoundResult,
  type ScoreRow,
} from '@ki/contracts';
import { isRightChoice, scoreCounts, type QuestionType, type ScoreCounts } from '@ki/domain';
import { AppError } from '../../errors';
import { answerMarks, compareStandings, isLateAnswer, questionClosesAt } from './challenge-rules';

const SECOND = 1000;
/** The host's counters go out at most this often; the lobby's count to the room at most every second. */
const HOST_COUNTS_MS = 250;
const ROOM_LOBBY_MS = 1000;
const RECENT_PLAYERS = 50;
const ROOM_RECENT_PLAYERS = 8;

/** A question as the game holds it: with its key, never sent before the round closes. */
export interface GameQuestionFull {
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
}

export interface GameDefinition {
  id: string;
  code: string;
  hostUserId: number;
  hostName: string;
  /** A student's challenge: the host plays too. A teacher's quiz: the host runs it. */
  hostPlays: boolean;
  title: string;
  subjectId: number;
  subjectName: string;
  schoolId: number;
  boardId: number;
  grade: number;
  assessmentId: number | null;
  questions: readonly GameQuestionFull[];
  createdAt: number;
}

/** Where the game's messages go: the whole room, or one connection. */
export interface GameOutput {
  toRoom<E extends keyof ChallengeServerEvents>(event: E, ...args: Parameters<ChallengeServerEvents[E]>): void;
  toConnection<E extends keyof ChallengeServerEvents>(
    connectionId: string,
    event: E,
    ...args: Parameters<ChallengeServerEvents[E]>
  ): void;
}

/** Schedules `fn` after `ms`; returns its cancel. */
export type Schedule = (ms: number, fn: () => void) => () => void;

export const realSchedule: Schedule = (ms, fn) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return () => clearTimeout(t);
};

interface PlayerAnswer {
  choice: number;
  seconds: number;
  correct: boolean;
  marks: number;
}

export interface Player {
  userId: number;
  name: string;
  avatar: string;
  seat: number;
  joinedAt: number;
  /** The first question this player could answer (a player may join a running game). */
  firstIndex: number;
  score: number;
  rightSeconds: number;
  rank: number;
  connectionId: string | null;
  gone: boolean;
  /** The last question this player could answer before leaving the game for good (null while in it). */
  lastIndex: number | null;
  answers: (PlayerAnswer | undefined)[];
  cancelGone: (() => void) | null;
}

/** What a finished game hands to the service: each player's answers, to become learning records. */
export interface FinishedGame {
  definition: GameDefinition;
  reason: GameEndReason;
  startedAt: number | null;
  endedAt: number;
  /** Questions sent before the end. */
  asked: number;
  players: readonly Player[];
}

export class LiveGame {
  state: GameState = 'lobby';
  private index = -1;
  private sentAt = 0;
  private startedAt: number | null = null;
  private readonly players = new Map<number, Player>();
  private readonly byConnection = new Map<string, number>();
  private seats = 0;
  /** Answers to the current question (all of them: the host's counter and the round's figure). */
  private answered = 0;
  // Kept as players come, go and answer, so an answer or a join never walks every player
  // (at 5,000 players a recount per answer cost 137 ms of CPU a round: docs/PERFORMANCE.md).
  /** Players still in the game (not gone). */
  private inGame = 0;
  /** Of those, the ones connected now. */
  private connected = 0;
  /** Of those in the game, the ones who answered the current question. */
  private answeredIn = 0;
  /** Of those in the game and away (no connection), the ones who answered the current question. */
  private awayAnswered = 0;
  private recent: LobbyPlayer[] = [];
  private round: RoundResult | null = null;
  private over: GameOver | null = null;
  private hostConnection: string | null = null;
  private hostAway = false;
  private cancelRound: (() => void) | null = null;
  private cancelHostAway: (() => void) | null = null;
  private cancelHostCounts: (() => void) | null = null;
  private cancelRoomLobby: (() => void) | null = null;
  private cancelIdle: (() => void) | null = null;

  constructor(
    readonly definition: GameDefinition,
    private readonly output: GameOutput,
    private readonly now: () => number,
    private readonly schedule: Schedule,
    private readonly onFinish: (game: FinishedGame) => void,
  ) {}

  get code(): string {
    return this.definition.code;
  }

  get playerCount(): number {
    return this.inGame;
  }

  private answeredCurrent(p: Player): boolean {
    return this.state === 'question' && p.answers[this.index] !== undefined;
  }

  info(userId: number): GameInfo {
    const d = this.definition;
    return {
      code: d.code,
      title: d.title,
      subjectName: d.subjectName,
      hostName: d.hostName,
      questionCount: d.questions.length,
      state: this.state,
      players: this.playerCount,
      isHost: userId === d.hostUserId,
      hostPlays: d.hostPlays,
    };
  }

  // Joining and leaving ---------------------------------------------------------------------------

  /**
   * The host (re)connects: the game stops waiting for them. A host who plays joins as a player too.
   * Returns the connection this one replaced, to be told so and dropped.
   */
  joinHost(connectionId: string, player?: { name: string; avatar: string }): string | null {
    const replaced = this.hostConnection !== connectionId ? this.hostConnection : null;
    if (replaced) this.byConnection.delete(replaced);
    this.hostConnection = connectionId;
    this.byConnection.set(connectionId, this.definition.hostUserId);
    if (this.hostAway) {
      this.hostAway = false;
      this.cancelHostAway?.();
      this.cancelHostAway = null;
      this.output.toRoom('challenge:host', { away: false });
    }
    if (player && this.definition.hostPlays) this.seatPlayer(this.definition.hostUserId, connectionId, player);
    return replaced;
  }

  /**
   * A student joins, or returns within CHALLENGE_RECONNECT_SECONDS with their name, score and place.
   * Returns the connection this one replaced (one connection per player per game).
   */
  joinPlayer(userId: number, connectionId: string, player: { name: string; avatar: string }): string | null {
    this.ensureOpen();
    const known = this.players.get(userId);
    if (!known && this.playerCount >= CHALLENGE_MAX_PLAYERS) throw new AppError('CHALLENGE_FULL', 'This game is full');
    return this.seatPlayer(userId, connectionId, player);
  }

  private seatPlayer(userId: number, connectionId: string, player: { name: string; avatar: string }): string | null {
    const known = this.players.get(userId);
    if (known?.gone)
      throw new AppError(
        'CHALLENGE_PLACE_LOST',
        'You were away for more than a minute, so your place in this game was given up',
      );
    if (known) {
      const replaced = known.connectionId !== connectionId ? known.connectionId : null;
      if (replaced && replaced !== this.hostConnection) this.byConnection.delete(replaced);
      if (known.connectionId === null) {
        this.connected++;
        if (this.answeredCurrent(known)) this.awayAnswered--;
      }
      known.connectionId = connectionId;
      known.cancelGone?.();
      known.cancelGone = null;
      this.byConnection.set(connectionId, userId);
      return replaced === this.hostConnection ? null : replaced;
    }
    const now = this.now();
    const p: Player = {
      userId,
      name: player.name,
      avatar: player.avatar,
      seat: this.seats++,
      joinedAt: now,
      firstIndex: this.state === 'scoreboard' ? this.index + 1 : Math.max(this.index, 0),
      score: 0,
      rightSeconds: 0,
      rank: this.playerCount + 1,
      connectionId,
      gone: false,
      lastIndex: null,
      answers: [],
      cancelGone: null,
    };
    this.players.set(userId, p);
    this.inGame++;
    this.connected++;
    this.byConnection.set(connectionId, userId);
    this.recent.push({ name: p.name, avatar: p.avatar });
    if (this.recent.length > RECENT_PLAYERS) this.recent = this.recent.slice(-RECENT_PLAYERS);
    this.countsChanged();
    return null;
  }

  /**
   * A connection dropped. A player keeps their place for CHALLENGE_RECONNECT_SECONDS and is not
   * waited for meanwhile; a host is waited for up to CHALLENGE_HOST_AWAY_SECONDS, then the game ends.
   */
  disconnected(connectionId: string): void {
    const userId = this.byConnection.get(connectionId);
    if (userId === undefined) return;
    this.byConnection.delete(connectionId);
    if (this.hostConnection === connectionId) {
      this.hostConnection = null;
      if (!this.isOver()) {
        this.hostAway = true;
        this.output.toRoom('challenge:host', { away: true });
        this.cancelHostAway = this.schedule(CHALLENGE_HOST_AWAY_SECONDS * SECOND, () => this.finish('host_away'));
      }
    }
    const p = this.players.get(userId);
    if (p && p.connectionId === connectionId) {
      p.connectionId = null;
      if (!p.gone) {
        this.connected--;
        if (this.answeredCurrent(p)) this.awayAnswered++;
      }
      if (!this.isOver()) {
        p.cancelGone = this.schedule(CHALLENGE_RECONNECT_SECONDS * SECOND, () => this.dropPlayer(p));
        this.closeRoundIfAllAnswered();
      }
    }
  }

  /** A player leaves for good (Exit): their answers so far still become their record. */
  leave(userId: number): void {
    const p = this.players.get(userId);
    if (!p || p.gone) return;
    this.dropPlayer(p);
  }

  private dropPlayer(p: Player): void {
    if (p.gone) return;
    p.cancelGone?.();
    p.cancelGone = null;
    const answeredNow = this.answeredCurrent(p);
    if (p.connectionId !== null) {
      if (p.connectionId !== this.hostConnection) this.byConnection.delete(p.connectionId);
      p.connectionId = null;
      this.connected--;
    } else if (answeredNow) this.awayAnswered--;
    if (answeredNow) this.answeredIn--;
    this.inGame--;
    p.gone = true;
    p.lastIndex = this.state === 'lobby' ? -1 : this.index;
    this.countsChanged();
    this.closeRoundIfAllAnswered();
  }

  userOf(connectionId: string): number | undefined {
    return this.byConnection.get(connectionId);
  }

  // The host's controls ---------------------------------------------------------------------------

  start(userId: number): void {
    this.requireHost(userId);
    if (this.state !== 'lobby') throw wrongState('The game has already started');
    if (this.countInGame((p) => p.userId !== this.definition.hostUserId) === 0)
      throw new AppError('CHALLENGE_NO_PLAYERS', 'Wait for at least one player to join');
    this.startedAt = this.now();
    this.cancelRoomLobby?.();
    this.cancelRoomLobby = null;
    this.send(0);
  }

  /** The next question; after the last one's scoreboard, the podium. */
  next(userId: number): void {
    this.requireHost(userId);
    if (this.state !== 'scoreboard') throw wrongState('The next question comes after this one closes');
    if (this.onLastScoreboard()) this.finish('finished');
    else this.send(this.index + 1);
  }

  end(userId: number): void {
    this.requireHost(userId);
    if (this.isOver()) return;
    // Every question has been played: ending now is the game's own end.
    this.finish(this.onLastScoreboard() ? 'finished' : 'host_ended');
  }

  private onLastScoreboard(): boolean {
    return this.state === 'scoreboard' && this.isLastQuestion(this.index);
  }

  private isLastQuestion(index: number): boolean {
    return index === this.definition.questions.length - 1;
  }

  /** The lobby was never started: the game ends and frees its code. */
  expireLobby(): void {
    if (this.state === 'lobby') this.finish('lobby_expired');
  }

  private requireHost(userId: number): void {
    if (userId !== this.definition.hostUserId) throw new AppError('FORBIDDEN', 'Only the host can do this');
    this.ensureOpen();
  }

  private ensureOpen(): void {
    if (this.isOver()) throw new AppError('CHALLENGE_ENDED', 'This game has ended');
  }

  isOver(): boolean {
    return this.state === 'finished' || this.state === 'ended';
  }

  // Questions and answers -------------------------------------------------------------------------

  private questionOut(remainingMs: number): GameQuestion {
    const q = this.definition.questions[this.index]!;
    return {
      index: this.index,
      total: this.definition.questions.length,
      type: q.type,
      text: q.text,
      options: q.options,
      seconds: CHALLENGE_QUESTION_SECONDS,
      remainingMs,
    };
  }

  private send(index: number): void {
    this.cancelIdle?.();
    this.cancelIdle = null;
    this.index = index;
    this.sentAt = this.now();
    this.answered = 0;
    this.answeredIn = 0;
    this.awayAnswered = 0;
    this.round = null;
    this.state = 'question';
    this.output.toRoom('challenge:question', this.questionOut(CHALLENGE_QUESTION_SECONDS * SECOND));
    this.cancelRound = this.schedule(questionClosesAt(this.sentAt) - this.sentAt, () => this.closeRound());
    // Everyone has left: nobody to wait for.
    this.closeRoundIfAllAnswered();
  }

  /**
   * A player's answer to question `index`, timed now. A repeat is ignored (the first answer stands);
   * an answer to a closed question, or after the countdown, is refused (CHALLENGE_LATE_ANSWER).
   */
  answer(userId: number, index: number, choice: number): AnswerAck {
    const p = this.players.get(userId);
    if (!p || p.gone) throw new AppError('FORBIDDEN', 'You are not playing in this game');
    this.ensureOpen();
    const arrivedAt = this.now();
    if (index !== this.index || this.state !== 'question' || isLateAnswer(this.sentAt, arrivedAt))
      throw new AppError('CHALLENGE_LATE_ANSWER', 'Time is up for this question');
    const first = p.answers[index];
    if (first) return { accepted: false, duplicate: true, choice: first.choice, seconds: first.seconds };
    const q = this.definition.questions[index]!;
    if (choice >= q.options.length) throw new AppError('VALIDATION_FAILED', 'The question has no such option');
    const correct = isRightChoice(q.answer, choice);
    const { seconds, marks } = answerMarks(this.sentAt, arrivedAt, correct);
    p.answers[index] = { choice, seconds, correct, marks };
    this.answered++;
    this.answeredIn++;
    if (p.connectionId === null) this.awayAnswered++;
    this.countsChanged();
    this.closeRoundIfAllAnswered();
    return { accepted: true, duplicate: false, choice, seconds };
  }

  /** Closes the round once every connected player still in the game has answered. */
  private closeRoundIfAllAnswered(): void {
    if (this.state !== 'question') return;
    const expected = this.connected + this.awayAnswered;
    if ((expected > 0 && this.answeredIn >= expected) || this.inGame === 0) this.closeRound();
  }

  /** Players in the game, in the scoreboard's order, each with their competition rank; and the score counts. */
  private standings(): { list: Player[]; scores: ScoreCounts } {
    const list = [...this.players.values()].filter((p) => !p.gone);
    list.sort(compareStandings);
    const scores = scoreCounts(list.map((p) => p.score));
    // The same rank every device reads off the counts: 1 + players with a higher score.
    list.forEach((p, i) => (p.rank = i > 0 && list[i - 1]!.score === p.score ? list[i - 1]!.rank : i + 1));
    return { list, scores };
  }

  private countInGame(test: (p: Player) => boolean): number {
    let n = 0;
    for (const p of this.players.values()) if (!p.gone && test(p)) n++;
    return n;
  }

  private rows(list: readonly Player[], n: number): ScoreRow[] {
    return list.slice(0, n).map((p) => ({ rank: p.rank, name: p.name, avatar: p.avatar, score: p.score }));
  }

  private closeRound(): void {
    if (this.state !== 'question') return;
    this.cancelRound?.();
    this.cancelRound = null;
    const index = this.index;
    for (const p of this.players.values()) {
      const a = p.answers[index];
      if (!a) continue;
      p.score += a.marks;
      if (a.correct) p.rightSeconds += a.seconds;
    }
    const { list, scores } = this.standings();
    const q = this.definition.questions[index]!;
    const last = this.isLastQuestion(index);
    this.round = {
      index,
      total: this.definition.questions.length,
      question: { type: q.type, text: q.text, options: q.options },
      answer: q.answer,
      solution: q.solution,
      answered: this.answered,
      players: list.length,
      top: this.rows(list, CHALLENGE_TOP),
      scores,
      last,
    };
    this.state = 'scoreboard';
    this.output.toRoom('challenge:round', this.round);
    this.hostCounts();
    // The last answer and scoreboard are read like every other round's before the podium comes.
    if (last) this.cancelIdle = this.schedule(CHALLENGE_PODIUM_SECONDS * SECOND, () => this.finish('finished'));
    // A host still connected but gone quiet (a teacher called away): the players are not kept waiting.
    else this.cancelIdle = this.schedule(CHALLENGE_IDLE_MINUTES * 60 * SECOND, () => this.finish('idle'));
  }

  private ownResult(p: Player): OwnResult {
    const index = Math.max(this.index, 0);
    const a = p.answers[index];
    return {
      index,
      rank: p.rank,
      score: p.score,
      gained: a?.marks ?? 0,
      correct: this.index < 0 ? null : (a?.correct ?? false),
      chosen: a?.choice ?? null,
    };
  }

  private finish(reason: GameEndReason): void {
    if (this.isOver()) return;
    for (const cancel of [
      this.cancelRound,
      this.cancelHostAway,
      this.cancelHostCounts,
      this.cancelRoomLobby,
      this.cancelIdle,
    ])
      cancel?.();
    const { list, scores } = this.standings();
    this.state = reason === 'finished' ? 'finished' : 'ended';
    this.over = { reason, podium: this.rows(list, 3), top: this.rows(list, CHALLENGE_TOP), scores };
    this.output.toRoom('challenge:over', this.over);
    for (const p of this.players.values()) {
      p.cancelGone?.();
      p.cancelGone = null;
    }
    this.onFinish({
      definition: this.definition,
      reason,
      startedAt: this.startedAt,
      endedAt: this.now(),
      asked: this.startedAt === null ? 0 : this.index + 1,
      players: [...this.players.values()],
    });
  }

  // Counters --------------------------------------------------------------------------------------

  /** Joins and answers change the counts: the host hears within 250 ms, the lobby's room within a second. */
  private countsChanged(): void {
    if (!this.cancelHostCounts)
      this.cancelHostCounts = this.schedule(HOST_COUNTS_MS, () => {
        this.cancelHostCounts = null;
        this.hostCounts();
      });
    if (this.state === 'lobby' && !this.cancelRoomLobby)
      this.cancelRoomLobby = this.schedule(ROOM_LOBBY_MS, () => {
        this.cancelRoomLobby = null;
        if (this.state === 'lobby') this.output.toRoom('challenge:lobby', this.counts(ROOM_RECENT_PLAYERS));
      });
  }

  /** The counters with the newest `names` players (the host sees 50; the room a few, every second, to thousands). */
  private counts(names = RECENT_PLAYERS) {
    return {
      players: this.playerCount,
      answered: this.state === 'question' ? this.answered : 0,
      recent: this.recent.slice(-names),
    };
  }

  private hostCounts(): void {
    if (this.hostConnection) this.output.toConnection(this.hostConnection, 'challenge:lobby', this.counts());
  }

  // Snapshot --------------------------------------------------------------------------------------

  /** The game where it stands, for a page that joins or returns. */
  snapshot(userId: number): GameSnapshot {
    const p = this.players.get(userId);
    // The rank standings() would give (1 + players in the game with a higher score), counted
    // without sorting every player: a reconnect storm at 5,000 players asks this 5,000 times.
    if (p && !p.gone && this.state !== 'lobby') p.rank = 1 + this.countInGame((o) => o.score > p.score);
    const q =
      this.state === 'question'
        ? this.questionOut(Math.max(0, CHALLENGE_QUESTION_SECONDS * SECOND - (this.now() - this.sentAt)))
        : null;
    const given = q && p ? p.answers[this.index] : undefined;
    return {
      info: this.info(userId),
      you: p ? { name: p.name, avatar: p.avatar, score: p.score, rank: p.rank } : null,
      lobby: {
        count: this.playerCount,
        recent: this.recent.slice(-RECENT_PLAYERS),
        answered: this.state === 'question' ? this.answered : 0,
      },
      hostAway: this.hostAway,
      question: q,
      answeredChoice: given?.choice ?? null,
      answeredSeconds: given?.seconds ?? null,
      round: this.state === 'question' ? null : this.round,
      own: p && this.round && this.state !== 'question' ? this.ownResult(p) : null,
      over: this.over,
    };
  }
}

function wrongState(message: string): AppError {
  return new AppError('CHALLENGE_WRONG_STATE', message);
}
