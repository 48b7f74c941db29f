/**
 * A load-generator process of `npm run bench:live` (bench/live.ts forks several): it opens its share
 * of the players' Socket.IO connections (websocket only, the session cookie in the handshake's
 * headers), joins them to the game at the instants it is given, and plays: each question is answered
 * after the player's think time. It records instants (epoch ms with sub-ms precision,
 * `performance.timeOrigin + performance.now()`, comparable across the processes of one machine)
 * and latencies into arrays only, and reports them to the coordinator once per phase and per
 * question over IPC: no per-message logging, so the shared cores go to the server.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { Ack, AnswerAck, GameSnapshot, RoundResult, GameQuestion } from '../packages/contracts/src/index';
import { random } from './stats';

/** One player this process plays: their cookie and when (epoch ms) to connect and join. */
export interface PlayerPlan {
  cookie: string;
  joinAt: number;
  seed: number;
}

export type ToWorker =
  | {
      type: 'join';
      /** The servers' addresses: player i connects to bases[i % bases.length] (BENCH_LIVE_SERVERS). */
      bases: string[];
      code: string;
      players: PlayerPlan[];
      /** Think time before each answer, uniform in [min, max] ms. */
      thinkMs: [number, number];
    }
  /** Report the question's figures now, with whatever is missing (the coordinator's deadline passed). */
  | { type: 'flush'; index: number }
  | { type: 'close' };

export interface JoinReport {
  type: 'joined';
  /** One entry a player, in the order of the plan: the handshake (TCP, WebSocket upgrade, cookie
   * authentication) and challenge:join emit -> ack in ms (-1 when refused), and why it was refused. */
  results: { connectMs: number; joinMs: number; refused: string | null }[];
  /** How late the join timers fired behind their instant (this process's own lag), at most, ms. */
  maxStartLagMs: number;
  cpuMs: number;
}

export interface QuestionReport {
  type: 'question';
  index: number;
  players: number;
  /** Epoch ms each player received challenge:question. */
  questionAt: number[];
  /** challenge:answer emit -> ack, ms, per accepted answer. */
  answerMs: number[];
  /** Answers refused or unacknowledged, with their code. */
  answerFailed: string[];
  /** Epoch ms of this process's last answer emit, and that answer's ack latency. */
  lastSentAt: number;
  lastSentAckMs: number;
  /** Epoch ms each player received challenge:round, and could show its own place (round and own ack both in). */
  roundAt: number[];
  ownAt: number[];
  /** Players who had not received the round or their own result (only after a flush). */
  missing: number;
  /** This process's CPU during the question (from its arrival), ms, and its event-loop delay. */
  cpuMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

export type FromWorker = { type: 'ready' } | JoinReport | QuestionReport | { type: 'closed'; over: number };

const now = () => performance.timeOrigin + performance.now();
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

interface QuestionState {
  questionAt: number[];
  answerMs: number[];
  answerFailed: string[];
  answersDone: number;
  lastSentAt: number;
  lastSentAckMs: number;
  roundAt: number[];
  ownAt: number[];
  cpu: NodeJS.CpuUsage;
  reported: boolean;
}

const send = (message: FromWorker) => process.send!(message);
const sockets: Socket[] = [];
const questions = new Map<number, QuestionState>();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let playing = 0;
let over = 0;

function questionState(index: number): QuestionState {
  let q = questions.get(index);
  if (!q) {
    q = {
      questionAt: [],
      answerMs: [],
      answerFailed: [],
      answersDone: 0,
      lastSentAt: 0,
      lastSentAckMs: NaN,
      roundAt: [],
      ownAt: [],
      cpu: process.cpuUsage(),
      reported: false,
    };
    questions.set(index, q);
    loopDelay.reset();
  }
  return q;
}

function reportIfDone(index: number, force = false): void {
  const q = questions.get(index);
  if (!q || q.reported) return;
  const done = q.roundAt.length >= playing && q.ownAt.length >= playing && q.answersDone >= playing;
  if (!done && !force) return;
  q.reported = true;
  send({
    type: 'question',
    index,
    players: playing,
    questionAt: q.questionAt,
    answerMs: q.answerMs,
    answerFailed: q.answerFailed,
    lastSentAt: q.lastSentAt,
    lastSentAckMs: q.lastSentAckMs,
    roundAt: q.roundAt,
    ownAt: q.ownAt,
    missing: Math.max(0, playing - Math.min(q.roundAt.length, q.ownAt.length)),
    cpuMs: cpuMsSince(q.cpu),
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  });
}

/** Plays one player once joined: answers each question after its think time, records every arrival. */
function play(socket: Socket, code: string, rand: () => number, thinkMs: [number, number]): void {
  // The page shows its own place once it holds both the round (key and score counts, to the room)
  // and its answer's acknowledgement (the server's seconds): the later of the two. The answer that
  // closes a round is acknowledged after the round is sent.
  const ackedAt = new Map<number, number>();
  const roundAt = new Map<number, number>();
  const ownReady = (index: number) => {
    const ack = ackedAt.get(index);
    const round = roundAt.get(index);
    if (ack === undefined || round === undefined) return;
    questionState(index).ownAt.push(Math.max(ack, round));
    reportIfDone(index);
  };
  socket.on('challenge:question', (question: GameQuestion) => {
    const q = questionState(question.index);
    q.questionAt.push(now());
    const think = thinkMs[0] + rand() * (thinkMs[1] - thinkMs[0]);
    const choice = Math.floor(rand() * question.options.length);
    setTimeout(() => {
      const sentAt = now();
      if (sentAt > q.lastSentAt) q.lastSentAt = sentAt;
      const t0 = performance.now();
      (
        socket.timeout(20_000).emitWithAck('challenge:answer', { code, index: question.index, choice }) as Promise<
          Ack<AnswerAck>
        >
      ).then(
        (ack) => {
          ackedAt.set(question.index, now());
          ownReady(question.index);
          const ms = performance.now() - t0;
          if (ack.ok && ack.value.accepted) q.answerMs.push(ms);
          else q.answerFailed.push(ack.ok ? 'NOT_ACCEPTED' : ack.code);
          if (sentAt === q.lastSentAt) q.lastSentAckMs = ms;
          q.answersDone++;
          reportIfDone(question.index);
        },
        () => {
          ackedAt.set(question.index, now());
          ownReady(question.index);
          q.answerFailed.push('NO_ACK');
          q.answersDone++;
          reportIfDone(question.index);
        },
      );
    }, think);
  });
  socket.on('challenge:round', (round: RoundResult) => {
    const at = now();
    questionState(round.index).roundAt.push(at);
    roundAt.set(round.index, at);
    ownReady(round.index);
    reportIfDone(round.index);
  });
  socket.on('challenge:over', () => {
    over++;
  });
}

/** Connects and joins every player at its instant; reports once all have joined or been refused. */
function joinAll(message: Extract<ToWorker, { type: 'join' }>): void {
  const cpu = process.cpuUsage();
  const report: JoinReport = {
    type: 'joined',
    results: message.players.map(() => ({ connectMs: -1, joinMs: -1, refused: null })),
    maxStartLagMs: 0,
    cpuMs: 0,
  };
  let settled = 0;
  const settle = () => {
    if (++settled < message.players.length) return;
    report.cpuMs = cpuMsSince(cpu);
    send(report);
  };
  for (const [i, player] of message.players.entries()) {
    const result = report.results[i]!;
    setTimeout(
      () => {
        report.maxStartLagMs = Math.max(report.maxStartLagMs, now() - player.joinAt);
        const t0 = performance.now();
        const socket = io(message.bases[i % message.bases.length]!, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: player.cookie },
          reconnection: false,
          forceNew: true,
          timeout: 30_000,
        });
        sockets.push(socket);
        socket.once('connect_error', (error: Error) => {
          result.refused = `connect: ${error.message}`;
          settle();
        });
        socket.once('connect', () => {
          const t1 = performance.now();
          (
            socket.timeout(30_000).emitWithAck('challenge:join', { code: message.code }) as Promise<Ack<GameSnapshot>>
          ).then(
            (ack) => {
              if (ack.ok) {
                result.connectMs = t1 - t0;
                result.joinMs = performance.now() - t1;
                playing++;
                play(socket, message.code, random(player.seed), message.thinkMs);
              } else result.refused = `join: ${ack.code}`;
              settle();
            },
            () => {
              result.refused = 'join: no acknowledgement within 30 s';
              settle();
            },
          );
        });
      },
      Math.max(0, player.joinAt - now()),
    );
  }
  if (message.players.length === 0) send(report);
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'join') joinAll(message);
  else if (message.type === 'flush') reportIfDone(message.index, true);
  else if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    send({ type: 'closed', over });
    setTimeout(() => process.exit(0), 100);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
