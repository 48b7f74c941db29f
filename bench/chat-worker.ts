/**
 * A load-generator process of `npm run bench:chat` (bench/chat.ts forks several). It plays one of two
 * parts, as the coordinator tells it:
 *
 * - **sockets**: opens its share of the staff's Socket.IO connections (websocket only, the session
 *   cookie in the handshake's headers, as the app's page connects), each at its instant, and records
 *   every `chat:message` it receives (the message's clientId, which of its people received it, when);
 * - **sender**: posts the planned messages (POST /api/v1/chat/rooms/:id/messages, each sender's own
 *   cookie) at their instants over keep-alive HTTP connections, and records when each was sent and
 *   answered.
 *
 * Instants are epoch ms with sub-ms precision (`performance.timeOrigin + performance.now()`,
 * comparable across the processes of one machine). Everything is kept in arrays and reported to the
 * coordinator over IPC when it asks: no per-message logging, so the shared cores go to the server.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

/** A member of staff this process connects: their index in the coordinator's list, cookie and instant. */
export interface ConnectPlan {
  user: number;
  cookie: string;
  at: number;
}

/** A message to post: when (epoch ms), to which room, as whom (their cookie), with which client id. */
export interface SendPlan {
  at: number;
  roomId: number;
  cookie: string;
  clientId: string;
  text: string;
}

export type ToWorker =
  | { type: 'connect'; base: string; people: ConnectPlan[] }
  | { type: 'send'; base: string; messages: SendPlan[] }
  /** Report (and forget) the deliveries received so far. */
  | { type: 'collect' }
  | { type: 'close' };

export interface ConnectReport {
  type: 'connected';
  /** One entry a person, in the order of the plan: connect (TCP, WebSocket upgrade, cookie authentication) in ms, or the error. */
  results: { connectMs: number; error: string | null }[];
  maxStartLagMs: number;
  cpuMs: number;
}

export interface DeliveryReport {
  type: 'deliveries';
  /** Parallel arrays, one entry a `chat:message` received: its clientId, the receiving person, when. */
  clientIds: string[];
  users: number[];
  at: number[];
  /** Other events received meanwhile (presence batches, room list changes), and lost connections. */
  presence: number;
  roomsChanged: number;
  disconnects: string[];
  cpuMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

export interface SendReport {
  type: 'sent';
  /** One entry a planned message, in the order of the plan: sent (epoch ms), answered after (ms), HTTP status (0: no answer), error body. */
  sentAt: number[];
  answerMs: number[];
  status: number[];
  errors: string[];
  maxStartLagMs: number;
  cpuMs: number;
  loopDelayMaxMs: number;
}

export type FromWorker = { type: 'ready' } | ConnectReport | DeliveryReport | SendReport | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromWorker) => process.send!(message);
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const sockets: Socket[] = [];
let received = { clientIds: [] as string[], users: [] as number[], at: [] as number[] };
let presence = 0;
let roomsChanged = 0;
let disconnects: string[] = [];
let closing = false;
let since = process.cpuUsage();

function connectAll(message: Extract<ToWorker, { type: 'connect' }>): void {
  const cpu = process.cpuUsage();
  const report: ConnectReport = {
    type: 'connected',
    results: message.people.map(() => ({ connectMs: -1, error: null })),
    maxStartLagMs: 0,
    cpuMs: 0,
  };
  let settled = 0;
  const settle = () => {
    if (++settled < message.people.length) return;
    report.cpuMs = cpuMsSince(cpu);
    send(report);
  };
  for (const [i, person] of message.people.entries()) {
    const result = report.results[i]!;
    setTimeout(
      () => {
        report.maxStartLagMs = Math.max(report.maxStartLagMs, now() - person.at);
        const t0 = performance.now();
        const socket = io(message.base, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: person.cookie },
          reconnection: false,
          forceNew: true,
          timeout: 30_000,
        });
        sockets.push(socket);
        socket.on('chat:message', (m: { clientId: string }) => {
          received.clientIds.push(m.clientId);
          received.users.push(person.user);
          received.at.push(now());
        });
        socket.on('chat:presence', () => presence++);
        socket.on('chat:rooms', () => roomsChanged++);
        socket.once('connect_error', (error: Error) => {
          result.error = `connect: ${error.message}`;
          settle();
        });
        socket.once('connect', () => {
          result.connectMs = performance.now() - t0;
          settle();
          socket.on('disconnect', (reason) => {
            if (!closing) disconnects.push(`person ${person.user}: ${reason}`);
          });
        });
      },
      Math.max(0, person.at - now()),
    );
  }
  if (message.people.length === 0) send(report);
}

function sendAll(message: Extract<ToWorker, { type: 'send' }>): void {
  const cpu = process.cpuUsage();
  loopDelay.reset();
  const url = new URL(message.base);
  // Keep-alive connections, as many as the posts in flight need (a browser keeps a few per origin;
  // here 200 senders share one generator, so the pool is the generator's, not a person's).
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const n = message.messages.length;
  const report: SendReport = {
    type: 'sent',
    sentAt: new Array<number>(n).fill(0),
    answerMs: new Array<number>(n).fill(-1),
    status: new Array<number>(n).fill(0),
    errors: [],
    maxStartLagMs: 0,
    cpuMs: 0,
    loopDelayMaxMs: 0,
  };
  let settled = 0;
  const settle = () => {
    if (++settled < n) return;
    report.cpuMs = cpuMsSince(cpu);
    report.loopDelayMaxMs = loopDelay.max / 1e6;
    agent.destroy();
    send(report);
  };
  const post = (i: number, m: SendPlan) => {
    const body = JSON.stringify({ text: m.text, clientId: m.clientId });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      settle();
    };
    const t0 = performance.now();
    report.sentAt[i] = performance.timeOrigin + t0;
    report.maxStartLagMs = Math.max(report.maxStartLagMs, report.sentAt[i] - m.at);
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/v1/chat/rooms/${m.roomId}/messages`,
        headers: { cookie: m.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          report.answerMs[i] = performance.now() - t0;
          report.status[i] = res.statusCode ?? 0;
          if (res.statusCode !== 201)
            report.errors.push(`${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
          finish();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error) => {
      if (done) return;
      report.errors.push(`request: ${error.message}`);
      finish();
    });
    req.end(body);
  };
  for (const [i, m] of message.messages.entries()) setTimeout(() => post(i, m), Math.max(0, m.at - now()));
  if (n === 0) send(report);
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'connect') connectAll(message);
  else if (message.type === 'send') sendAll(message);
  else if (message.type === 'collect') {
    send({
      type: 'deliveries',
      ...received,
      presence,
      roomsChanged,
      disconnects,
      cpuMs: cpuMsSince(since),
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
    });
    received = { clientIds: [], users: [], at: [] };
    presence = 0;
    roomsChanged = 0;
    disconnects = [];
    since = process.cpuUsage();
    loopDelay.reset();
  } else if (message.type === 'close') {
    closing = true;
    for (const socket of sockets) socket.disconnect();
    send({ type: 'closed' });
    setTimeout(() => process.exit(0), 100);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
