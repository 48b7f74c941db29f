/**
 * The live challenge's service (issue #24): creates games, finds them by code for the students of
 * their class, and turns each player's finished game into a learning record of kind challenge.
 * Routes (HTTP) and the socket handlers call it; every decision of access is policy/challenge.ts'.
 *
 * Games run in the memory of the process that created them (docs/DECISIONS.md "Live challenge":
 * several processes share rooms through the Redis adapter, but a game is served by its own process).
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  CHALLENGE_LOBBY_MINUTES,
  CHALLENGE_QUESTION_TYPES,
  type CreateGame,
  type ErrorCode,
  type GameInfo,
  CreateGameSchema,
} from '@ki/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import {
  authorizeHostBankGame,
  authorizeHostQuizGame,
  authorizeJoinGame,
  authorizeLookUpGame,
  noGame,
  type Joiner,
} from '../../policy/challenge';
import type { Principal } from '../../policy/principal';
import type { RealtimeServer, SharedStore } from '../../plugins/realtime';
import { drawFromPracticeBank } from '../assessment/attempts.service';
import { quizQuestionsWithKeys } from '../assessment/authoring.service';
import { storeAttemptRecord } from '../records/records.service';
import { MemoryHits, newGameCode, WrongCodeLimiter } from './challenge-rules';
import * as repo from './challenge.repository';
import {
  LiveGame,
  realSchedule,
  type FinishedGame,
  type GameOutput,
  type GameQuestionFull,
  type Schedule,
} from './live-game';

/** How long an ended game's code still answers 'this game has ended' (then it is free again). */
const ENDED_CODE_MINUTES = 10;
/** A code's reservation in Redis outlives any game (a lobby's hour, the game, the ended minutes). */
const CODE_RESERVATION_SECONDS = 24 * 3600;
const codeKey = (code: string) => `challenge:code:${code}`;
/** The event by which a process asks the others to run a command on a game they hold. */
const FORWARD_EVENT = 'challenge:command';

/** Lets the event loop run what is waiting (sockets, timers, other requests) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Who = { principal: Principal; code: string };
/** What the socket handlers and routes ask of a game; plain data, so it can be forwarded to another process. */
export type GameCommand =
  | (Who & { op: 'lookUp'; address: string })
  | (Who & { op: 'join'; address: string; connectionId: string; name?: string | undefined })
  | (Who & { op: 'start' | 'next' | 'end' | 'leave' })
  | (Who & { op: 'answer'; index: number; choice: number })
  | { op: 'disconnected'; code: string; connectionId: string };
type CommandReply = { ok: true; value: unknown } | { ok: false; code: string; message: string; details?: unknown };
const CHALLENGE_TYPES: ReadonlySet<string> = new Set(CHALLENGE_QUESTION_TYPES);

/** The name a player shows: their first name and the initial of their last name. */
export function defaultPlayerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return (initial ? `${firstName.trim()} ${initial}.` : firstName.trim()).slice(0, 20);
}

export class ChallengeHub {
  private readonly games = new Map<string, LiveGame>();
  private readonly endedCodes = new Map<string, number>();
  /** Each host's running game: creating another ends it (a host runs one game at a time). */
  private readonly hostGames = new Map<number, LiveGame>();
  private readonly pending = new Set<Promise<void>>();
  readonly limiter: WrongCodeLimiter;

  constructor(
    private readonly deps: AppDeps,
    private readonly io: RealtimeServer,
    private readonly shared: SharedStore | null,
    private readonly log: FastifyBaseLogger,
    private readonly schedule: Schedule = realSchedule,
  ) {
    this.limiter = new WrongCodeLimiter(shared ?? new MemoryHits());
    if (shared) this.listen();
  }

  /** Resolves once every finished game's records are written (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private now(): number {
    return this.deps.clock().getTime();
  }

  static room(gameId: string): string {
    return `challenge:${gameId}`;
  }

  private output(gameId: string): GameOutput {
    const io = this.io as unknown as {
      to(room: string): { emit(event: string, ...args: unknown[]): void };
      sockets: { sockets: Map<string, { emit(event: string, ...args: unknown[]): void }> };
    };
    const room = ChallengeHub.room(gameId);
    return {
      toRoom: (event, ...args) => io.to(room).emit(event, ...args),
      // A connection of this process is written to directly (a round sends one message to each
      // player: thousands of broadcasts through the adapter would cost several times more); another
      // process's connection is reached through the adapter.
      toConnection: (id, event, ...args) => {
        const local = io.sockets.sockets.get(id);
        if (local) local.emit(event, ...args);
        else io.to(id).emit(event, ...args);
      },
    };
  }

  private codeTaken = (code: string): boolean => this.games.has(code) || this.endedCodes.has(code);

  /** A code no game holds, here or (with REDIS_URL) on any process: reserved in Redis while the game may run. */
  private async freshCode(gameId: string): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const code = newGameCode(randomInt, this.codeTaken);
      if (!this.shared || (await this.shared.reserve(codeKey(code), gameId, CODE_RESERVATION_SECONDS))) return code;
    }
    throw new Error('No free game code found');
  }

  /** POST /challenge/games: a student's challenge from the bank, or a teacher's quiz for a grade. */
  async create(principal: Principal | null, raw: CreateGame): Promise<GameInfo> {
    const input = CreateGameSchema.parse(raw);
    const { db } = this.deps.database;
    const id = randomUUID();
    const createdAt = this.now();
    let def: Omit<ConstructorParameters<typeof LiveGame>[0], 'code'>;
    if (input.source === 'bank') {
      const student = authorizeHostBankGame(principal);
      const { schoolId, boardId, grade } = student.enrolment;
      const drawn = await drawFromPracticeBank(this.deps, input.subjectId, boardId, grade, input.questions * 3);
      if (!drawn) throw new AppError('NOT_FOUND', 'Subject not found');
      const face = await repo.findPlayerFace(db, student.userId);
      const questions: GameQuestionFull[] = drawn
        .filter((q) => CHALLENGE_TYPES.has(q.type))
        .flatMap((q) => {
          const content = q.content[face.language] ?? q.content.en;
          return content
            ? [
                {
                  type: q.type,
                  text: content.text,
                  options: content.options,
                  answer: q.answer,
                  solution: content.solution,
                },
              ]
            : [];
        })
        .slice(0, input.questions);
      if (questions.length < input.questions)
        throw new AppError('NO_QUESTION_BANK', 'This subject does not have enough questions for a challenge yet', {
          available: questions.length,
        });
      const subjectName = await repo.subjectName(db, input.subjectId, face.language);
      def = {
        id,
        hostUserId: student.userId,
        hostName: defaultPlayerName(face.firstName, face.lastName),
        hostPlays: true,
        title: subjectName,
        subjectId: input.subjectId,
        subjectName,
        schoolId,
        boardId,
        grade,
        assessmentId: null,
        questions,
        createdAt,
      };
    } else {
      const quiz = await repo.findQuizForGame(db, input.assessmentId);
      const facts = quiz && {
        assessmentId: quiz.id,
        schoolId: quiz.school_id,
        chainId: quiz.chain_id,
        grade: quiz.grade,
        subjectId: quiz.subject_id,
        createdBy: quiz.created_by,
        boardId: quiz.board_id,
        kind: quiz.kind,
        published: quiz.status === 'published',
        deleted: quiz.deleted_at !== null,
      };
      const teacher = authorizeHostQuizGame(principal, facts);
      if (!quiz || !facts) throw noGame();
      if (quiz.kind !== 'quiz') throw new AppError('CONFLICT', 'Only a quiz can be played as a live game, not a test');
      if (!facts.published)
        throw new AppError('ASSESSMENT_NOT_PUBLISHED', 'Publish the quiz before hosting it as a live game');
      const questions = (await quizQuestionsWithKeys(this.deps, quiz.id))
        .filter((q) => CHALLENGE_TYPES.has(q.type))
        .map((q) => ({ type: q.type, text: q.text, options: q.options, answer: q.answer, solution: q.solution }));
      if (questions.length === 0)
        throw new AppError(
          'NOT_ENOUGH_QUESTIONS',
          'This quiz has no question a live game can ask (choose-one questions)',
        );
      const face = await repo.findPlayerFace(db, teacher.userId);
      def = {
        id,
        hostUserId: teacher.userId,
        hostName: `${face.firstName} ${face.lastName}`.trim(),
        hostPlays: false,
        title: quiz.name,
        subjectId: quiz.subject_id,
        subjectName: await repo.subjectName(db, quiz.subject_id, face.language),
        schoolId: quiz.school_id,
        boardId: quiz.board_id,
        grade: quiz.grade,
        assessmentId: quiz.id,
        questions,
        createdAt,
      };
    }
    const code = await this.freshCode(id);
    await repo.insertGame(db, {
      id,
      code,
      hostUserId: def.hostUserId,
      schoolId: def.schoolId,
      boardId: def.boardId,
      grade: def.grade,
      subjectId: def.subjectId,
      assessmentId: def.assessmentId,
      questionCount: def.questions.length,
      createdAt: new Date(createdAt),
    });
    const game = new LiveGame(
      { ...def, code },
      this.output(id),
      () => this.now(),
      this.schedule,
      (f) => this.finished(f),
    );
    this.games.set(code, game);
    const previous = this.hostGames.get(def.hostUserId);
    this.hostGames.set(def.hostUserId, game);
    if (previous && !previous.isOver()) previous.end(def.hostUserId);
    this.schedule(CHALLENGE_LOBBY_MINUTES * 60_000, () => game.expireLobby());
    return game.info(def.hostUserId);
  }

  /**
   * The wrong-code limit, checked where the caller is connected, before any game is looked for. If
   * Redis cannot be asked, the join goes ahead (a class is not locked out of its game by an outage).
   */
  private async checkLimit(p: Principal, address: string): Promise<void> {
    const wait = await this.limiter.retryAfter(p.userId, address, this.now()).catch((error: unknown) => {
      this.log.warn({ err: error }, 'the wrong-code limit could not be read');
      return 0;
    });
    if (wait > 0)
      throw new AppError('RATE_LIMITED', 'Too many wrong game codes. Please wait before trying again.', {
        retryAfterSeconds: wait,
      });
  }

  /**
   * The local game of a code, for a caller of its class (or its host). A wrong code, or a game of
   * another class, is CHALLENGE_NOT_FOUND alike; an ended game's code says so to those who played.
   */
  private findLocal(p: Principal, code: string): { game: LiveGame; joiner: Joiner } {
    const game = this.games.get(code);
    if (!game) throw this.endedCodes.has(code) ? new AppError('CHALLENGE_ENDED', 'This game has ended') : noGame();
    const joiner = authorizeJoinGame(p, { ...game.definition });
    if (game.isOver() && joiner.kind === 'player' && game.snapshot(p.userId).you === null)
      throw new AppError('CHALLENGE_ENDED', 'This game has ended');
    return { game, joiner };
  }

  /** Runs a command on a game held by this process; null when this process does not hold it. */
  private async runLocal(cmd: GameCommand): Promise<CommandReply | null> {
    if (!this.games.has(cmd.code)) return null;
    try {
      return { ok: true, value: await this.execute(cmd) };
    } catch (error) {
      if (error instanceof AppError)
        return { ok: false, code: error.code, message: error.message, details: error.details };
      throw error;
    }
  }

  private async execute(cmd: GameCommand): Promise<unknown> {
    if (cmd.op === 'disconnected') {
      this.games.get(cmd.code)?.disconnected(cmd.connectionId);
      return null;
    }
    const { game, joiner } = this.findLocal(cmd.principal, cmd.code);
    const userId = joiner.principal.userId;
    switch (cmd.op) {
      case 'lookUp':
        return game.info(userId);
      case 'join': {
        const face =
          joiner.kind === 'player' || game.definition.hostPlays ? await this.face(userId, cmd.name) : undefined;
        const replaced =
          joiner.kind === 'host'
            ? game.joinHost(cmd.connectionId, face)
            : game.joinPlayer(userId, cmd.connectionId, face!);
        const room = ChallengeHub.room(game.definition.id);
        if (replaced) {
          this.io.to(replaced).emit('challenge:replaced' as never);
          this.io.in(replaced).socketsLeave(room);
        }
        return { room, snapshot: game.snapshot(userId) };
      }
      case 'start':
        game.start(userId);
        return null;
      case 'next':
        game.next(userId);
        return null;
      case 'end':
        game.end(userId);
        return null;
      case 'leave':
        game.leave(userId);
        return null;
      case 'answer':
        return game.answer(userId, cmd.index, cmd.choice);
    }
  }

  /**
   * Runs a command on the game of its code, wherever it is held: here, or (with REDIS_URL) on the
   * process that created it, asked through the Socket.IO adapter. Looking up and joining count
   * wrong codes against the caller here, where they are connected.
   */
  async run(cmd: GameCommand): Promise<unknown> {
    if (cmd.op === 'lookUp' || cmd.op === 'join') await this.checkLimit(cmd.principal, cmd.address);
    let reply = await this.runLocal(cmd);
    if (reply === null && this.shared) reply = await this.forward(cmd);
    if (reply === null) {
      if (cmd.op === 'disconnected') return null;
      const error = this.endedCodes.has(cmd.code) ? new AppError('CHALLENGE_ENDED', 'This game has ended') : noGame();
      if (error.code === 'CHALLENGE_NOT_FOUND' && (cmd.op === 'lookUp' || cmd.op === 'join')) {
        authorizeLookUpGame(cmd.principal);
        await this.recordWrong(cmd);
      }
      throw error;
    }
    if (!reply.ok) {
      if (reply.code === 'CHALLENGE_NOT_FOUND' && (cmd.op === 'lookUp' || cmd.op === 'join'))
        await this.recordWrong(cmd);
      throw new AppError(reply.code as ErrorCode, reply.message, reply.details);
    }
    return reply.value;
  }

  private async recordWrong(cmd: Extract<GameCommand, { op: 'lookUp' | 'join' }>): Promise<void> {
    await this.limiter
      .recordWrong(cmd.principal.userId, cmd.address, this.now())
      .catch((error: unknown) => this.log.warn({ err: error }, 'a wrong game code could not be counted'));
  }

  /** Asks the other processes; the one holding the game answers, the others answer null. */
  private async forward(cmd: GameCommand): Promise<CommandReply | null> {
    // The adapter waits for every other process's answer (its requestsTimeout, 5 s, for one that is gone).
    const io = this.io as unknown as {
      serverSideEmitWithAck(event: string, payload: unknown): Promise<(CommandReply | null)[]>;
    };
    const replies = await io.serverSideEmitWithAck(FORWARD_EVENT, cmd).catch((error: unknown) => {
      this.log.warn({ err: error }, 'a challenge command got no answer from another process');
      return [] as (CommandReply | null)[];
    });
    return replies.find((r) => r !== null) ?? null;
  }

  /** Answers the other processes' forwarded commands for the games held here. */
  private listen(): void {
    const io = this.io as unknown as {
      on(event: string, fn: (cmd: GameCommand, ack: (r: CommandReply | null) => void) => void): void;
    };
    io.on(FORWARD_EVENT, (cmd, ack) => {
      this.runLocal(cmd).then(ack, (error: unknown) => {
        this.log.error({ err: error }, 'a forwarded challenge command failed');
        ack({ ok: false, code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
      });
    });
  }

  /** GET /challenge/games/:code: the join page's facts. */
  async lookUp(principal: Principal | null, code: string, address: string): Promise<GameInfo> {
    return (await this.run({ op: 'lookUp', principal: authorizeLookUpGame(principal), code, address })) as GameInfo;
  }

  /** The name and picture a player shows (their own name, unless they chose one at join). */
  async face(userId: number, chosenName: string | undefined): Promise<{ name: string; avatar: string }> {
    const face = await repo.findPlayerFace(this.deps.database.db, userId);
    return { name: chosenName ?? defaultPlayerName(face.firstName, face.lastName), avatar: face.avatar };
  }

  private finished(f: FinishedGame): void {
    const code = f.definition.code;
    if (this.hostGames.get(f.definition.hostUserId)?.code === code) this.hostGames.delete(f.definition.hostUserId);
    this.endedCodes.set(code, f.endedAt);
    // The ended game answers reloads with its podium for a while; then its code is free.
    this.schedule(ENDED_CODE_MINUTES * 60_000, () => {
      this.games.delete(code);
      this.endedCodes.delete(code);
      this.shared
        ?.release(codeKey(code))
        .catch((error: unknown) => this.log.warn({ err: error }, 'releasing a game code failed'));
    });
    const task = this.storeResults(f)
      .catch((error: unknown) =>
        this.log.error({ err: error, gameId: f.definition.id }, 'storing a challenge game failed'),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /**
   * Each player who was in the game when a question was asked gets one learning record of kind
   * challenge: the questions asked from their joining to the end, or to their leaving for good, their answers timed by the server and
   * marked 300/200/100/0. One transaction a player; a retry cannot count a game twice.
   */
  private async storeResults(f: FinishedGame): Promise<void> {
    const { db } = this.deps.database;
    const d = f.definition;
    // The podium has just been written to every player in this same turn of the event loop: the
    // embedded database's work (its first statements the slowest) starts in a turn of its own.
    await nextTurn();
    await repo.markGameEnded(db, d.id, {
      startedAt: f.startedAt === null ? null : new Date(f.startedAt),
      endedAt: new Date(f.endedAt),
      reason: f.reason,
    });
    if (f.startedAt === null) return;
    await nextTurn();
    for (const p of f.players) {
      const last = Math.min(f.asked - 1, p.lastIndex ?? f.asked - 1);
      if (last < p.firstIndex) continue;
      const asked = Array.from({ length: last - p.firstIndex + 1 }, (_, i) => p.firstIndex + i);
      const answers = asked.map((i) => {
        const a = p.answers[i];
        return {
          questionRef: i + 1,
          chosen: a ? [a.choice] : null,
          seconds: a ? a.seconds : 0,
          correct: a ? a.correct : false,
          autoMarked: true,
        };
      });
      const marks = asked.reduce((sum, i) => sum + (p.answers[i]?.marks ?? 0), 0);
      await db.transaction().execute((trx) =>
        storeAttemptRecord(trx, {
          attemptId: null,
          challengeGameId: d.id,
          studentId: p.userId,
          schoolId: d.schoolId,
          boardId: d.boardId,
          grade: d.grade,
          subjectId: d.subjectId,
          kind: 'challenge',
          startedAt: new Date(Math.max(p.joinedAt, f.startedAt!)),
          finishedAt: new Date(f.endedAt),
          marks,
          answers,
        }),
      );
      // The embedded database runs on this thread: let the other games and requests in between
      // players (5,000 records in a row held the loop for 23 s: docs/PERFORMANCE.md).
      await nextTurn();
    }
  }
}
