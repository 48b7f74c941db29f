/**
 * npm run bench:live — the live challenge (issue #24) with simulated players: 500, 2,000 and 5,000
 * players in one game on this machine. Targets: every join accepted; at 5,000 players the answer's
 * acknowledgement and the delivery of each question and scoreboard to every player at p99 <= 150 ms;
 * a join storm of 500 players in 10 s with none refused; the server's CPU and memory per player.
 *
 * The real server runs as a child process (LOG_LEVEL=warn, a fixed CLOCK_START) on the embedded
 * database in a temporary DATA_DIR, or on a fresh PostgreSQL database `ki_bench_live` on the server of
 * BENCH_LIVE_DATABASE_URL when that is set. One school, grade 7, a subject with a published bank of
 * multiple-choice questions, a host student and max(PLAYERS) player students, each with a session
 * made directly in the database (batch inserts: the token's hash in `sessions`, the token in the
 * cookie, as the sign-in does).
 *
 * Each size is a fresh game: the host creates it (POST /api/v1/challenge/games, 5 bank questions)
 * and joins over the socket from this process; the players join from forked load-generator
 * processes (bench/live-worker.ts, about 1,250 connections each, plus one light "probe" process
 * with a few players spread over the lobby), each with its own socket.io-client connection
 * (websocket transport, the cookie in the handshake's headers). Joins: the first 500 players of
 * every game within 10 s, evenly (the join storm), then the rest at BENCH_LIVE_JOIN_RATE a second.
 * Then the host starts; every player answers each question after a think time of 0.5-3 s; the
 * round closes on the last answer; after a pause the host sends the next question, and after the
 * last scoreboard the podium.
 *
 * Measures (instants are epoch ms, `performance.timeOrigin + performance.now()`, comparable across
 * the processes of this machine):
 *   - join: challenge:join emit -> ack (and the handshake before it), refusals with their reason;
 *   - answer: challenge:answer emit -> ack;
 *   - question delivery: from the host's challenge:start / challenge:next emit (the server sends the
 *     question while handling it) to each player's receipt of challenge:question;
 *   - scoreboard delivery: from the last answer's emit (the answer that closes the round: the round
 *     closes while the server handles it, and its ack is written after the scoreboard) to each
 *     player's receipt of challenge:round (the key, top 10 and score counts, to the room) and to
 *     when the player's page can show its own rank: the later of that round and its own answer's
 *     acknowledgement (the page adds the acknowledged answer's marks and reads its rank off the counts);
 *   - the round's length (first question receipt -> first round receipt), which must be far below
 *     the 30 s countdown, and the round's answered = players;
 *   - the server's CPU (utime + stime) and RSS from /proc before the players connect, after all
 *     joined and at the end; the load generators' CPU and the machine's busy share during play.
 * Every figure of the probe process's players is also reported apart: that process does almost
 * nothing, so its players see the server's delivery without the bulk generators' own queueing.
 *
 * Prints a table, writes the results as JSON (BENCH_LIVE_OUT, default bench/.cache/live.json) and
 * the block between the live markers of docs/PERFORMANCE.md; exits non-zero when a target fails.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import type { CurriculumQuestion } from '../apps/server/src/demo-data/curriculum/curriculum-file.schema';
import { loadCurriculumSources } from '../apps/server/src/demo-data/curriculum-source';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../apps/server/src/sessions/session-store';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStudent,
  sessionCookie,
} from '../apps/server/src/test/factories';
import type {
  Ack,
  AnswerAck,
  GameInfo,
  GameQuestion,
  GameSnapshot,
  RoundResult,
} from '../packages/contracts/src/index';
import { Forked } from './forked';
import type { FromWorker, JoinReport, PlayerPlan, QuestionReport, ToWorker } from './live-worker';
import {
  busyShare,
  cpuSeconds,
  cpuSplit,
  eventLoopBetween,
  listenOverflows,
  machineJiffies,
  openFilesLimit,
  rssMb,
  startServer,
} from './server';
import { random, stats, type Stats } from './stats';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const env = process.env;
const SIZES = (env.PLAYERS ?? '500,2000,5000').split(',').map((s) => Number(s.trim()));
const QUESTIONS = Number(env.BENCH_LIVE_QUESTIONS ?? 5);
const PORT = Number(env.BENCH_PORT ?? 3903);
/**
 * BENCH_LIVE_SERVERS=2: that many server processes on PORT, PORT + 1, ... sharing the game through
 * Redis (REDIS_URL, default the machine's) on PostgreSQL (BENCH_LIVE_DATABASE_URL, required: the
 * embedded database is one process's). The game is created on the first; players alternate.
 */
const SERVERS = Math.max(1, Number(env.BENCH_LIVE_SERVERS ?? 1));
const BASES = Array.from({ length: SERVERS }, (_, i) => `http://127.0.0.1:${PORT + i}`);
const BASE = BASES[0]!;
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PER_WORKER = Number(env.BENCH_LIVE_PER_WORKER ?? 1250);
const PROBES = Number(env.BENCH_LIVE_PROBES ?? 20);
const STORM = { players: 500, ms: 10_000 };
const JOIN_RATE = Number(env.BENCH_LIVE_JOIN_RATE ?? 100);
const THINK_MS: [number, number] = [500, 3000];
const PAUSE_MS = Number(env.BENCH_LIVE_PAUSE_MS ?? 1500);
const TARGET_P99_MS = 150;
const TARGET_SIZE = 5000;
const CLOCK_START = '2026-11-27T04:30:00.000Z';
const DB_SERVER_URL = env.BENCH_LIVE_DATABASE_URL;
const DB_NAME = 'ki_bench_live';
const OUT = env.BENCH_LIVE_OUT ?? join(HERE, '.cache/live.json');
const QUESTION_DEADLINE_MS = 45_000;
/** BENCH_LIVE_PIN=1: the server alone on core 0, this process and the load generators on core 1 (taskset). */
const PIN = env.BENCH_LIVE_PIN === '1';
/** The server's event loop, sampled from inside its process by bench/live-server-probe.mjs. */
const LOOP_FILE = env.BENCH_LIVE_LOOP_PROBE === '0' ? null : join(HERE, '.cache/live-server-loop.txt');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds and RSS (MB) of the server processes together. */
const serversCpu = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
const serversRss = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + rssMb(pid), 0);

/** The server's event loop between two instants: mean and largest utilization, largest delay (ms). */
const serverLoop = (from: number, to: number, only: 'inside' | 'overlapping' = 'overlapping') =>
  eventLoopBetween(LOOP_FILE, from, to, only);

// The database -------------------------------------------------------------------------------------

/** The demo bank's grade 7 science multiple-choice questions (English), in the file's order. */
function demoQuestions(): CurriculumQuestion[] {
  const file = loadCurriculumSources().find((f) => f.subject === 'science' && f.grade === 7);
  if (!file) throw new Error('the demo bank has no grade 7 science file');
  return file.chapters.flatMap((c) => c.topics.flatMap((t) => t.questions)).filter((q) => q.type === 'multiple_choice');
}

async function seed(database: Database, players: number) {
  const db = database.db;
  const at = new Date(CLOCK_START);
  const enrolledAt = new Date('2026-06-01T00:00:00Z');
  const boardId = await createBoard(db, 'LIVE');
  const schoolId = await createSchool(db, { boardId, grades: [7], name: 'Live Bench School' });
  // 40 published multiple-choice questions, with the demo bank's grade 7 science texts: a question
  // and a round are the size a school's are (the factory's "Question 1?" would make them lighter).
  const { subjectId, chapters } = await createCurriculum(db, {
    boardId,
    grade: 7,
    subjectSlug: 'science',
    chapters: 2,
    topics: 2,
    questions: 10,
  });
  const texts = demoQuestions();
  const ids = chapters.flatMap((c) => c.questions.map((q) => q.id));
  if (texts.length < ids.length)
    throw new Error(`the demo bank has ${texts.length} grade 7 science questions, ${ids.length} needed`);
  for (const [i, id] of ids.entries()) {
    const { text, options, solution, answer } = texts[i]!;
    await db
      .updateTable('questions')
      .set({ content: JSON.stringify({ en: { text, options, solution } }), answer })
      .where('id', '=', id)
      .execute();
  }
  const hostId = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt, firstName: 'Host' });
  const hostCookie = await sessionCookie(db, hostId, at);
  const cookies: string[] = [];
  const BATCH = 1000;
  for (let from = 0; from < players; from += BATCH) {
    const n = Math.min(BATCH, players - from);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          role: 'student' as const,
          first_name: `Player${from + i + 1}`,
          last_name: 'Bench',
          is_qa: false,
          chain_id: null,
          mobile: null,
          email: null,
          password_hash: null,
          login_code: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('student_enrolments')
      .values(
        users.map(({ id }) => ({
          student_id: id,
          school_id: schoolId,
          board_id: boardId,
          grade: 7,
          enrolled_at: enrolledAt,
        })),
      )
      .execute();
    // As sessions/session-store.ts createSession: the random token in the cookie, its SHA-256 in the row.
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(
        users.map(({ id }, i) => ({
          id: createHash('sha256').update(tokens[i]!).digest('hex'),
          user_id: id,
          created_at: at,
          expires_at: new Date(at.getTime() + SESSION_TTL_MS),
          user_agent: 'bench:live',
        })),
      )
      .execute();
    cookies.push(...tokens.map((token) => `${SESSION_COOKIE}=${token}`));
  }
  return { subjectId, hostCookie, cookies };
}

async function recreatePostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: DB_SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return Object.assign(new URL(DB_SERVER_URL!), { pathname: `/${DB_NAME}` }).toString();
}

// The load-generator processes ---------------------------------------------------------------------

class Generator extends Forked<ToWorker, FromWorker> {
  /** The players this process plays, given once it is ready. */
  players: PlayerPlan[] = [];
  constructor(readonly probe: boolean) {
    super(join(HERE, 'live-worker.ts'));
  }
}

// One game ----------------------------------------------------------------------------------------

interface QuestionFigures {
  index: number;
  /** Host's start/next emit -> each player's question. */
  questionMs: number[];
  probeQuestionMs: number[];
  /** First to last question receipt. */
  spreadMs: number;
  answerMs: number[];
  answerFailed: string[];
  /** Last answer's emit -> each player's round / own. */
  roundMs: number[];
  ownMs: number[];
  probeRoundMs: number[];
  probeOwnMs: number[];
  /** The last answer's own acknowledgement (written after the scoreboard went out). */
  closingAckMs: number;
  /** First question receipt -> first round receipt. */
  roundLengthMs: number;
  answered: number;
  roundPlayers: number;
  missing: number;
  generatorLoopDelayMaxMs: number;
  probeLoopDelayMaxMs: number;
  /**
   * The server's event loop while the players answered (the probe's lines wholly within, from 0.5 s
   * after the question to the last answer). The fan-outs' own blocking shows in the closing answer's
   * ack, which the server writes after both.
   */
  serverLoop: { answeringEluMean: number; answeringDelayMaxMs: number };
  /** Epoch ms: the host's start/next, the last question receipt, the last answer sent, the last scoreboard receipt. */
  windows: { emittedAt: number; lastQuestionAt: number; lastSent: number; lastRoundAt: number };
}

interface GameFigures {
  players: number;
  generators: number;
  probes: number;
  joins: {
    accepted: number;
    refused: string[];
    connect: Stats;
    join: Stats;
    total: Stats;
    stormPlayers: number;
    stormJoin: Stats;
    stormRefused: number;
    seconds: number;
    generatorStartLagMaxMs: number;
    /** Connections the kernel dropped meanwhile because the server's accept queue was full. */
    listenOverflows: number;
    /** The server's event loop while the lobby filled. */
    serverLoop: { eluMean: number; eluMax: number; delayMaxMs: number };
  };
  questions: QuestionFigures[];
  answer: Stats;
  question: Stats;
  round: Stats;
  own: Stats;
  probe: { question: Stats; round: Stats; own: Stats };
  questionSpreadMaxMs: number;
  closingAckMaxMs: number;
  roundLengthMaxMs: number;
  everyRoundClosedOnLastAnswer: boolean;
  answerFailures: string[];
  server: {
    rssMb: { beforeConnect: number; allJoined: number; end: number };
    rssKbPerPlayer: number;
    cpuMsPerJoin: number;
    cpuMsPerPlayerQuestion: number;
    playCpuSeconds: number;
    recordsSeconds: number;
    recordsCpuSeconds: number;
    /** The longest the server's event loop was blocked meanwhile. */
    recordsLoopDelayMaxMs: number;
  };
  play: {
    wallSeconds: number;
    serverCpuSeconds: number;
    generatorsCpuSeconds: number;
    hostProcessCpuSeconds: number;
    machineBusy: number;
    /** The kernel's share of the server's CPU (its socket writes). */
    serverSystemShare: number;
  };
  load: { start: number; end: number };
}

function joinPlans(cookies: string[], players: number, startAt: number): { bulk: PlayerPlan[][]; probe: PlayerPlan[] } {
  const generators = Math.max(1, Math.ceil(players / PER_WORKER));
  const bulk: PlayerPlan[][] = Array.from({ length: generators }, () => []);
  const probe: PlayerPlan[] = [];
  const probes = Math.min(PROBES, Math.floor(players / 10));
  const probeEvery = probes > 0 ? Math.floor(players / probes) : Infinity;
  const stormPlayers = Math.min(STORM.players, players);
  for (let j = 0; j < players; j++) {
    const joinAt =
      startAt + (j < stormPlayers ? (j * STORM.ms) / stormPlayers : STORM.ms + ((j - stormPlayers) * 1000) / JOIN_RATE);
    const plan = { cookie: cookies[j]!, joinAt, seed: 7919 * (j + 1) };
    if (j % probeEvery === probeEvery - 1 && probe.length < probes) probe.push(plan);
    else bulk[j % generators]!.push(plan);
  }
  return { bulk, probe };
}

function openHost(cookie: string): Promise<Socket> {
  const socket = io(BASE, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function ask<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const ack = (await socket.timeout(30_000).emitWithAck(event, payload)) as Ack<T>;
  if (!ack.ok) throw new Error(`${event}: ${ack.code} ${ack.message}`);
  return ack.value;
}

/** Waits until the server's CPU stays idle (the finished game's records are written). */
async function serverSettled(pids: readonly number[]): Promise<{ seconds: number; cpuSeconds: number }> {
  const t0 = now();
  const c0 = serversCpu(pids);
  let last = c0;
  let quiet = 0;
  while (quiet < 2 && now() - t0 < 600_000) {
    await sleep(1000);
    const c = serversCpu(pids);
    quiet = c - last < 0.05 ? quiet + 1 : 0;
    last = c;
  }
  return { seconds: (now() - t0) / 1000 - 2, cpuSeconds: last - c0 };
}

async function playGame(
  serverPids: readonly number[],
  players: number,
  cookies: string[],
  hostCookie: string,
  subjectId: number,
): Promise<GameFigures> {
  const load = { start: loadavg()[0]!, end: 0 };
  const created = await fetch(`${BASE}/api/v1/challenge/games`, {
    method: 'POST',
    headers: { cookie: hostCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'bank', subjectId, questions: QUESTIONS }),
  });
  if (created.status !== 201) throw new Error(`create game: ${created.status} ${await created.text()}`);
  const { code } = (await created.json()) as GameInfo;
  const host = await openHost(hostCookie);
  await ask<GameSnapshot>(host, 'challenge:join', { code });

  // The players' processes, ready before the clock starts.
  // The host plays too (a student's challenge): the game's players are the host and `joiners` students.
  const joiners = players - 1;
  const shape = joinPlans(cookies, joiners, 0);
  const generators = [
    ...shape.bulk.map(() => new Generator(false)),
    ...(shape.probe.length ? [new Generator(true)] : []),
  ];
  const ready = await Promise.all(
    generators.map((g) => g.take((m): m is { type: 'ready' } => m.type === 'ready', 120_000)),
  );
  if (ready.some((r) => r === null)) throw new Error('a load generator did not start within 2 minutes');
  await sleep(1000);
  const startAt = now() + 1000;
  const plans = joinPlans(cookies, joiners, startAt);
  plans.bulk.forEach((p, i) => (generators[i]!.players = p));
  if (plans.probe.length) generators.at(-1)!.players = plans.probe;

  const rssBefore = serversRss(serverPids);
  const cpuBeforeJoin = serversCpu(serverPids);
  const overflowsBefore = listenOverflows();
  for (const g of generators) g.send({ type: 'join', bases: BASES, code, players: g.players, thinkMs: THINK_MS });
  const lastJoinAt = Math.max(...generators.flatMap((g) => g.players.map((p) => p.joinAt)));
  const joinReports = await Promise.all(
    generators.map((g) => g.take((m): m is JoinReport => m.type === 'joined', lastJoinAt - now() + 120_000)),
  );
  if (joinReports.some((r) => r === null)) throw new Error('a load generator did not finish joining within 2 minutes');
  const joinSeconds = (now() - startAt) / 1000;
  const overflows = listenOverflows() - overflowsBefore;
  const joinLoop = serverLoop(startAt, now());
  const cpuJoin = serversCpu(serverPids) - cpuBeforeJoin;
  const reports = joinReports as JoinReport[];
  const results = generators.flatMap((g, i) =>
    g.players.map((p, j) => ({ ...reports[i]!.results[j]!, joinAt: p.joinAt })),
  );
  const refused = results.flatMap((r) => (r.refused === null ? [] : [r.refused]));
  const accepted = joiners - refused.length;
  const joinedOk = results.filter((r) => r.refused === null);
  // The join storm: the joins planned within its first 10 s.
  const storm = results.filter((r) => r.joinAt < startAt + STORM.ms);
  await sleep(2000);
  const rssJoined = serversRss(serverPids);

  // Play.
  const hostRand = random(12345 + players);
  let hostSentAt = 0;
  const hostRounds = new Map<number, RoundResult>();
  let hostOver = false;
  const hostFailures: string[] = [];
  host.on('challenge:question', (q: GameQuestion) => {
    setTimeout(
      () => {
        hostSentAt = now();
        ask<AnswerAck>(host, 'challenge:answer', {
          code,
          index: q.index,
          choice: Math.floor(hostRand() * q.options.length),
        }).catch((error: unknown) => hostFailures.push(`host: ${String(error)}`));
      },
      THINK_MS[0] + hostRand() * (THINK_MS[1] - THINK_MS[0]),
    );
  });
  host.on('challenge:round', (r: RoundResult) => hostRounds.set(r.index, r));
  host.on('challenge:over', () => (hostOver = true));

  const split0 = cpuSplit(serverPids);
  const playCpu0 = {
    server: serversCpu(serverPids),
    generators: generators.reduce((s, g) => s + g.cpuSeconds(), 0),
    host: process.cpuUsage(),
    machine: machineJiffies(),
    at: now(),
  };
  const figures: QuestionFigures[] = [];
  for (let index = 0; index < QUESTIONS; index++) {
    const emittedAt = now();
    await ask<null>(host, index === 0 ? 'challenge:start' : 'challenge:next', { code });
    const qReports = await Promise.all(
      generators.map(async (g) => {
        const match = (m: FromWorker): m is QuestionReport => m.type === 'question' && m.index === index;
        const report = await g.take(match, QUESTION_DEADLINE_MS);
        if (report) return report;
        g.send({ type: 'flush', index });
        return g.take(match, 10_000);
      }),
    );
    for (let i = 0; i < 100 && !hostRounds.has(index); i++) await sleep(50);
    const round = hostRounds.get(index);
    const valid = qReports.filter((r): r is QuestionReport => r !== null);
    const lastSent = Math.max(hostSentAt, ...valid.map((r) => r.lastSentAt));
    const closer = valid.find((r) => r.lastSentAt === lastSent);
    const bulk = valid.filter((_, i) => !generators[i]!.probe);
    const probe = valid.filter((_, i) => generators[i]!.probe);
    const all = valid.flatMap((r) => r.questionAt);
    const lastRoundAt = Math.max(...valid.flatMap((r) => [...r.roundAt, ...r.ownAt]));
    figures.push({
      index,
      questionMs: valid.flatMap((r) => r.questionAt.map((t) => t - emittedAt)),
      probeQuestionMs: probe.flatMap((r) => r.questionAt.map((t) => t - emittedAt)),
      spreadMs: Math.max(...all) - Math.min(...all),
      answerMs: valid.flatMap((r) => r.answerMs),
      answerFailed: valid.flatMap((r) => r.answerFailed),
      roundMs: valid.flatMap((r) => r.roundAt.map((t) => t - lastSent)),
      ownMs: valid.flatMap((r) => r.ownAt.map((t) => t - lastSent)),
      probeRoundMs: probe.flatMap((r) => r.roundAt.map((t) => t - lastSent)),
      probeOwnMs: probe.flatMap((r) => r.ownAt.map((t) => t - lastSent)),
      closingAckMs: closer ? closer.lastSentAckMs : NaN,
      roundLengthMs: Math.min(...valid.flatMap((r) => r.roundAt)) - Math.min(...all),
      answered: round?.answered ?? -1,
      roundPlayers: round?.players ?? -1,
      missing: valid.reduce((s, r) => s + r.missing, 0) + (qReports.length - valid.length) * 1_000_000,
      generatorLoopDelayMaxMs: Math.max(0, ...bulk.map((r) => r.loopDelayMaxMs)),
      probeLoopDelayMaxMs: Math.max(0, ...probe.map((r) => r.loopDelayMaxMs)),
      // Read once the game is over: the probe writes a line every 100 ms, later while the loop is busy.
      serverLoop: { answeringEluMean: NaN, answeringDelayMaxMs: NaN },
      windows: { emittedAt, lastQuestionAt: Math.max(...all), lastSent, lastRoundAt },
    });
    const f = figures.at(-1)!;
    console.log(
      `  question ${index + 1}: answered ${f.answered}/${f.roundPlayers}, round after ${(f.roundLengthMs / 1000).toFixed(1)} s; p99 ms: question ${stats(f.questionMs).p99}, answer ${stats(f.answerMs).p99}, round ${stats(f.roundMs).p99}, own ${stats(f.ownMs).p99} (closing ack ${f.closingAckMs.toFixed(1)})`,
    );
    await sleep(PAUSE_MS);
  }
  // After the last scoreboard the host shows the podium (the game would show it by itself after CHALLENGE_PODIUM_SECONDS).
  await ask<null>(host, 'challenge:next', { code });
  for (let i = 0; i < 100 && !hostOver; i++) await sleep(50);
  const hostCpu = process.cpuUsage(playCpu0.host);
  const play = {
    wallSeconds: (now() - playCpu0.at) / 1000,
    serverCpuSeconds: serversCpu(serverPids) - playCpu0.server,
    generatorsCpuSeconds: generators.reduce((s, g) => s + g.cpuSeconds(), 0) - playCpu0.generators,
    hostProcessCpuSeconds: (hostCpu.user + hostCpu.system) / 1e6,
    machineBusy: busyShare(playCpu0.machine, machineJiffies()),
    serverSystemShare:
      (cpuSplit(serverPids).system - split0.system) / Math.max(0.01, serversCpu(serverPids) - playCpu0.server),
  };
  const rssEnd = serversRss(serverPids);

  // Everyone leaves; the server writes each player's challenge record.
  await Promise.all(
    generators.map(async (g) => {
      g.send({ type: 'close' });
      await g.take((m): m is { type: 'closed'; over: number } => m.type === 'closed', 30_000);
    }),
  );
  host.disconnect();
  const records = await serverSettled(serverPids);
  for (const f of figures) {
    const w = f.windows;
    const answering = serverLoop(w.emittedAt + 500, w.lastSent, 'inside');
    f.serverLoop = {
      answeringEluMean: answering.eluMean,
      answeringDelayMaxMs: answering.delayMaxMs,
    };
  }
  load.end = loadavg()[0]!;

  const flat = (pick: (f: QuestionFigures) => number[]) => figures.flatMap(pick);
  return {
    players,
    generators: plans.bulk.length,
    probes: plans.probe.length,
    joins: {
      accepted,
      refused,
      connect: stats(joinedOk.map((r) => r.connectMs)),
      join: stats(joinedOk.map((r) => r.joinMs)),
      total: stats(joinedOk.map((r) => r.connectMs + r.joinMs)),
      stormPlayers: storm.length,
      stormJoin: stats(storm.filter((r) => r.refused === null).map((r) => r.joinMs)),
      stormRefused: storm.filter((r) => r.refused !== null).length,
      seconds: joinSeconds,
      generatorStartLagMaxMs: Math.max(...reports.map((r) => r.maxStartLagMs)),
      listenOverflows: overflows,
      serverLoop: joinLoop,
    },
    questions: figures,
    answer: stats(flat((f) => f.answerMs)),
    question: stats(flat((f) => f.questionMs)),
    round: stats(flat((f) => f.roundMs)),
    own: stats(flat((f) => f.ownMs)),
    probe: {
      question: stats(flat((f) => f.probeQuestionMs)),
      round: stats(flat((f) => f.probeRoundMs)),
      own: stats(flat((f) => f.probeOwnMs)),
    },
    questionSpreadMaxMs: Math.max(...figures.map((f) => f.spreadMs)),
    closingAckMaxMs: Math.max(...figures.map((f) => f.closingAckMs)),
    roundLengthMaxMs: Math.max(...figures.map((f) => f.roundLengthMs)),
    everyRoundClosedOnLastAnswer: figures.every(
      (f) => f.answered === players && f.roundPlayers === players && f.missing === 0 && f.roundLengthMs < 20_000,
    ),
    answerFailures: [...figures.flatMap((f) => f.answerFailed), ...hostFailures],
    server: {
      rssMb: { beforeConnect: rssBefore, allJoined: rssJoined, end: rssEnd },
      rssKbPerPlayer: ((rssJoined - rssBefore) * 1024) / players,
      cpuMsPerJoin: (cpuJoin * 1000) / joiners,
      cpuMsPerPlayerQuestion: (play.serverCpuSeconds * 1000) / (players * QUESTIONS),
      playCpuSeconds: play.serverCpuSeconds,
      recordsSeconds: records.seconds,
      recordsCpuSeconds: records.cpuSeconds,
      recordsLoopDelayMaxMs: serverLoop(figures.at(-1)!.windows.lastRoundAt, now()).delayMaxMs,
    },
    play,
    load,
  };
}

// The report --------------------------------------------------------------------------------------

interface Target {
  name: string;
  value: string;
  met: boolean;
}

function targets(games: GameFigures[]): Target[] {
  const out: Target[] = [];
  for (const g of games)
    out.push({
      name: `every join accepted (${g.players} players)`,
      value: `${g.joins.accepted} of ${g.players - 1} joining`,
      met: g.joins.refused.length === 0,
    });
  for (const g of games)
    out.push({
      name: `join storm: the first ${g.joins.stormPlayers} joins within ${STORM.ms / 1000} s, none refused (${g.players} players)`,
      value: `${g.joins.stormRefused} refused`,
      met: g.joins.stormRefused === 0,
    });
  for (const g of games)
    out.push({
      name: `every round closed on its last answer (${g.players} players)`,
      value: `longest round ${(g.roundLengthMaxMs / 1000).toFixed(1)} s`,
      met: g.everyRoundClosedOnLastAnswer && g.answerFailures.length === 0,
    });
  const big = games.find((g) => g.players === TARGET_SIZE);
  if (big) {
    out.push({
      name: `answer ack p99 <= ${TARGET_P99_MS} ms at ${TARGET_SIZE}`,
      value: `${big.answer.p99} ms`,
      met: big.answer.p99 <= TARGET_P99_MS,
    });
    out.push({
      name: `question delivered to every player p99 <= ${TARGET_P99_MS} ms at ${TARGET_SIZE}`,
      value: `${big.question.p99} ms`,
      met: big.question.p99 <= TARGET_P99_MS,
    });
    out.push({
      name: `scoreboard (top 10) delivered p99 <= ${TARGET_P99_MS} ms at ${TARGET_SIZE}`,
      value: `${big.round.p99} ms`,
      met: big.round.p99 <= TARGET_P99_MS,
    });
    out.push({
      name: `own rank delivered p99 <= ${TARGET_P99_MS} ms at ${TARGET_SIZE}`,
      value: `${big.own.p99} ms`,
      met: big.own.p99 <= TARGET_P99_MS,
    });
  }
  return out;
}

function report(
  games: GameFigures[],
  facts: { database: string; openFiles: [number, number] },
): { lines: string[]; targets: Target[] } {
  const fmt = (n: number, d = 0) =>
    Number.isFinite(n) ? n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d }) : '—';
  const s3 = (s: Stats) => `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} / ${fmt(s.p99, 1)}`;
  const s4 = (s: Stats) => `${s3(s)} / ${fmt(s.max, 1)}`;
  const row = (name: string, cell: (g: GameFigures) => string) => `| ${name} | ${games.map(cell).join(' | ')} |`;
  const t = targets(games);
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.versions.node};`,
    `${facts.database}; the server's open files limit ${facts.openFiles[0]}. One game per size (its host, a student, plays: ${games.map((g) => `${fmt(g.players)} = the host + ${fmt(g.players - 1)} joining`).join(', ')}), ${QUESTIONS} questions, think time ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s;`,
    `the load generators (socket.io-client, websocket, ${PER_WORKER} players a process, plus ${PROBES} "probe" players in a light process) and the host ${PIN ? 'run on core 1, the server alone on core 0 (BENCH_LIVE_PIN=1)' : `share the ${cpus().length} cores with the server`}.`,
    `Load average (1 min) at the start of each game: ${games.map((g) => g.load.start.toFixed(2)).join(', ')}. Latencies in ms: p50 / p95 / p99 (/ max).`,
    '',
    `| measure | ${games.map((g) => `${fmt(g.players)} players`).join(' | ')} |`,
    `|---|${games.map(() => '---').join('|')}|`,
    row('joins accepted (refused)', (g) => `${fmt(g.joins.accepted)} (${g.joins.refused.length})`),
    row(`lobby filled in, s (the first 500 joins within 10 s, then ${JOIN_RATE}/s)`, (g) => fmt(g.joins.seconds, 1)),
    row('join storm (those first 500 joins): join ack', (g) => s3(g.joins.stormJoin)),
    row('every join: handshake (connect + cookie auth)', (g) => s3(g.joins.connect)),
    row('every join: join ack', (g) => s3(g.joins.join)),
    row('connections dropped by a full accept queue (kernel)', (g) => fmt(g.joins.listenOverflows)),
    row(
      'server event loop while the lobby filled: busy mean / max, largest delay ms',
      (g) =>
        `${fmt(100 * g.joins.serverLoop.eluMean)} % / ${fmt(100 * g.joins.serverLoop.eluMax)} %, ${fmt(g.joins.serverLoop.delayMaxMs)}`,
    ),
    row('answer ack', (g) => s4(g.answer)),
    row('question delivery (host start/next emit → each player)', (g) => s4(g.question)),
    row('scoreboard, top 10 (last answer sent → each player)', (g) => s4(g.round)),
    row('scoreboard, own rank: round and own answer’s ack both in (last answer sent → each player)', (g) => s4(g.own)),
    row(
      'probe players: question / top 10 / own, p99',
      (g) => `${fmt(g.probe.question.p99, 1)} / ${fmt(g.probe.round.p99, 1)} / ${fmt(g.probe.own.p99, 1)}`,
    ),
    row('closing answer ack, worst round', (g) => fmt(g.closingAckMaxMs, 1)),
    row('question spread first → last receipt, worst', (g) => fmt(g.questionSpreadMaxMs, 1)),
    row('longest round (question → scoreboard), s', (g) => fmt(g.roundLengthMaxMs / 1000, 2)),
    row(
      'server event loop while answering: busy mean, largest delay ms (worst round)',
      (g) =>
        `${fmt(100 * Math.max(...g.questions.map((q) => q.serverLoop.answeringEluMean)))} %, ${fmt(Math.max(...g.questions.map((q) => q.serverLoop.answeringDelayMaxMs)))}`,
    ),
    row(
      'load generators: largest event-loop delay ms, bulk / probe',
      (g) =>
        `${fmt(Math.max(...g.questions.map((q) => q.generatorLoopDelayMaxMs)))} / ${fmt(Math.max(...g.questions.map((q) => q.probeLoopDelayMaxMs)))}`,
    ),
    row('every round: answered = players, closed on last answer', (g) =>
      g.everyRoundClosedOnLastAnswer ? 'yes' : 'NO',
    ),
    row('server CPU per join, ms', (g) => fmt(g.server.cpuMsPerJoin, 2)),
    row('server CPU per player per question, ms', (g) => fmt(g.server.cpuMsPerPlayerQuestion, 3)),
    row(
      'server RSS MB: before / all joined / end',
      (g) => `${fmt(g.server.rssMb.beforeConnect)} / ${fmt(g.server.rssMb.allJoined)} / ${fmt(g.server.rssMb.end)}`,
    ),
    row('server RSS per connected player, KB', (g) => fmt(g.server.rssKbPerPlayer, 1)),
    row(
      'play: CPU s server / load generators / wall s, machine busy',
      (g) =>
        `${fmt(g.play.serverCpuSeconds, 1)} (kernel ${fmt(100 * g.play.serverSystemShare)} %) / ${fmt(g.play.generatorsCpuSeconds, 1)} / ${fmt(g.play.wallSeconds, 1)}, ${fmt(100 * g.play.machineBusy)} %`,
    ),
    row(
      'records written after the game: s (server CPU s), longest event-loop block ms',
      (g) =>
        `${fmt(g.server.recordsSeconds, 1)} (${fmt(g.server.recordsCpuSeconds, 1)}), ${fmt(g.server.recordsLoopDelayMaxMs)}`,
    ),
    '',
    '| target | value | met |',
    '|---|---|---|',
    ...t.map((x) => `| ${x.name} | ${x.value} | ${x.met ? 'yes' : 'NO'} |`),
  ];
  return { lines, targets: t };
}

// Main --------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const players = Math.max(...SIZES);
  const openFiles = openFilesLimit('self');
  // Node raises its soft limit to the hard one; the server holds a socket per player.
  if (openFiles[1] < players + 512)
    throw new Error(
      `the open files limit (hard ${openFiles[1]}) is too low for ${players} players: raise it (ulimit -Hn / prlimit) to at least ${players + 512}`,
    );

  if (SERVERS > 1 && !DB_SERVER_URL)
    throw new Error(
      'BENCH_LIVE_SERVERS > 1 needs BENCH_LIVE_DATABASE_URL: the embedded database belongs to one process',
    );
  let dataDir: string | undefined;
  let serverEnv: Record<string, string>;
  let database: Database;
  if (DB_SERVER_URL) {
    const url = await recreatePostgres();
    database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    serverEnv = { DATABASE_URL: url };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'ki-bench-live-'));
    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    serverEnv = { DATABASE_URL: '', DATA_DIR: dataDir };
  }
  const seeded = performance.now();
  await migrate(database);
  console.log(`Seeding one school with a host and ${players} player students, each with a session...`);
  const { subjectId, hostCookie, cookies } = await seed(database, players);
  await database.close();
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  if (LOOP_FILE) mkdirSync(dirname(LOOP_FILE), { recursive: true });
  // The event-loop probe is loaded into the first server only (it holds the game).
  const servers = await Promise.all(
    BASES.map((_, i) =>
      startServer(
        PORT + i,
        {
          ...serverEnv,
          ...(SERVERS > 1 ? { REDIS_URL } : {}),
          SERVE_WEB: 'false',
          DEMO_DATA_ON_EMPTY: 'false',
          CLOCK_START,
          LOG_LEVEL: 'warn',
          ...(LOOP_FILE && i === 0 ? { BENCH_LIVE_LOOP_FILE: LOOP_FILE } : {}),
        },
        {
          nodeArgs: [
            ...(LOOP_FILE && i === 0 ? ['--import', join(HERE, 'live-server-probe.mjs')] : []),
            ...(env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
          ],
        },
      ),
    ),
  );
  const pids = servers.map((server) => server.pid!);
  const serverOpenFiles = openFilesLimit(pids[0]!);
  if (PIN) {
    // Every thread of the server; the load generators are forked later and inherit this process's core.
    if (SERVERS > 1) throw new Error('BENCH_LIVE_PIN=1 pins one server: not with BENCH_LIVE_SERVERS');
    execFileSync('taskset', ['-apc', '0', String(pids[0])], { stdio: 'ignore' });
    execFileSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
  }
  const games: GameFigures[] = [];
  try {
    for (const size of SIZES) {
      console.log(`A game of ${size} players (load average ${loadavg()[0]!.toFixed(2)})...`);
      games.push(await playGame(pids, size, cookies, hostCookie, subjectId));
    }
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            server.once('exit', resolve);
            server.kill('SIGTERM');
          }),
      ),
    );
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  const database_ =
    (DB_SERVER_URL
      ? 'PostgreSQL on 127.0.0.1 (BENCH_LIVE_DATABASE_URL)'
      : 'the embedded database (PGlite, in the server process)') +
    (SERVERS > 1
      ? `; ${SERVERS} server processes sharing the game through Redis (BENCH_LIVE_SERVERS), players alternating between them, the game on the first; server CPU and RSS are their sums, the event loop the first's`
      : '');
  const { lines, targets: t } = report(games, { database: database_, openFiles: serverOpenFiles });
  console.log(lines.join('\n'));
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: {
          cores: cpus().length,
          model: cpus()[0]?.model,
          memoryGiB: Math.round(totalmem() / 2 ** 30),
          node: process.versions.node,
        },
        settings: {
          sizes: SIZES,
          questions: QUESTIONS,
          thinkMs: THINK_MS,
          perWorker: PER_WORKER,
          probes: PROBES,
          storm: STORM,
          joinRate: JOIN_RATE,
          pauseMs: PAUSE_MS,
          database: database_,
        },
        targets: t,
        games: games.map((g) => ({
          ...g,
          questions: g.questions.map(
            ({
              questionMs: _q,
              probeQuestionMs: _pq,
              answerMs: _a,
              roundMs: _r,
              ownMs: _o,
              probeRoundMs: _pr,
              probeOwnMs: _po,
              ...rest
            }) => ({ ...rest, question: stats(_q), answer: stats(_a), round: stats(_r), own: stats(_o) }),
          ),
        })),
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${OUT}`);
  const doc = join(ROOT, 'docs/PERFORMANCE.md');
  const text = readFileSync(doc, 'utf8');
  if (text.includes('<!-- live:start -->') && SIZES.join() === '500,2000,5000')
    writeFileSync(
      doc,
      text.replace(
        /<!-- live:start -->[\s\S]*<!-- live:end -->/,
        `<!-- live:start -->\n${lines.join('\n')}\n<!-- live:end -->`,
      ),
    );
  if (t.some((x) => !x.met)) {
    console.error(
      `Targets not met: ${t
        .filter((x) => !x.met)
        .map((x) => x.name)
        .join('; ')}`,
    );
    process.exitCode = 1;
  }
}

await main();
