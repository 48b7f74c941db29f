/**
 * npm run bench:chat — staff chat (issue #25) under a school chain's load on this machine: 2,000
 * connected staff, 200 messages a second spread over 500 rooms. Targets: each message delivered to
 * every member's socket at p99 <= 100 ms; the rooms list of a person in all 500 rooms at p95 <= 20 ms.
 *
 * The real server runs as a child process (LOG_LEVEL=warn, a fixed CLOCK_START) on the embedded
 * database in a temporary DATA_DIR, or on a fresh PostgreSQL database `ki_bench_chat` on the server
 * of BENCH_CHAT_DATABASE_URL when that is set. Seeded directly in the database, in batches, as the app
 * writes it (bench/chat-seed.ts): one chain of BENCH_CHAT_SCHOOLS schools (10), BENCH_CHAT_STAFF
 * staff (2,000: a principal a school, the rest teachers, each with a session), BENCH_CHAT_ROOMS rooms
 * (500: BENCH_CHAT_DIRECT_ROOMS one-to-one, default a fifth, the rest groups of 3-8 people) and
 * BENCH_CHAT_HISTORY messages of history in each (10). One "busy" person, the first school's
 * principal, is in every room; everyone else in about one. Each room's last message, last activity
 * and every member's unread count are what posting those messages through the app leaves (the busy
 * person has read every other room). PostgreSQL is analyzed after seeding (autovacuum's job there),
 * the embedded database is not (it has no autovacuum): BENCH_CHAT_ANALYZE.
 *
 * Every member of staff connects a socket.io-client connection (websocket, the cookie in the
 * handshake's headers) from forked load generators (bench/chat-worker.ts, BENCH_CHAT_PER_WORKER,
 * default 1,000 each) at BENCH_CHAT_CONNECT_RATE a second (100). Then, idle, the busy person's rooms
 * list (GET /api/v1/chat/rooms, its first page of 30) and unread count (GET /api/v1/chat/unread) are
 * called BENCH_CHAT_LIST_CALLS times each (200), one call at a time, after 20 unrecorded, and the
 * whole list is walked page by page. Then one more forked process posts messages
 * (POST /api/v1/chat/rooms/:id/messages, each as its sender, over keep-alive connections) at
 * BENCH_CHAT_RATE a second (200, Poisson arrivals, seeded) for BENCH_CHAT_WARMUP_SECONDS (3,
 * unrecorded) and then BENCH_CHAT_SECONDS (30): each to a room drawn at random, by a member of it
 * who has posted fewer than 28 in the last minute (the server allows 30), never the busy person.
 * Meanwhile the rooms list and the unread count are called as often again, spread over the window.
 *
 * Measures (instants are epoch ms, `performance.timeOrigin + performance.now()`, comparable across
 * the processes of this machine):
 *   - delivery: from the POST's sending to each member's socket receiving `chat:message` (matched by
 *     clientId; the sender's own socket is a member too: their other tabs), and to the last member of
 *     the room; the busy person's socket (every message of the run) apart;
 *   - the POST's answer; deliveries lost, duplicated or to someone who is not a member;
 *   - the rooms list and unread count, idle and under the load;
 *   - that the busy person's unread count rose by exactly the messages accepted;
 *   - the server's CPU (and the kernel's share), RSS and event loop (bench/live-server-probe.mjs,
 *     loaded with node --import), the load generators' CPU, the machine's busy share.
 *
 * Prints a table, writes the results as JSON (BENCH_CHAT_OUT, default bench/.cache/chat.json) and, at
 * the default scale, the block between the chat markers of docs/PERFORMANCE.md. Exits non-zero on an
 * error (a connection refused or lost, a message refused or lost, an unread count wrong), not on a
 * missed target: the table says met / not met.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PRESENCE_BATCH_MS,
  CHAT_ROOMS_PAGE,
  type ChatUnread,
  type RoomsPage,
} from '../packages/contracts/src/index';
import type { ConnectPlan, ConnectReport, DeliveryReport, FromWorker, SendPlan, ToWorker } from './chat-worker';
import { BUSY, GROUP_SIZE, seed, textOf, type Seeded } from './chat-seed';
import { Forked } from './forked';
import {
  busyShare,
  cpuSeconds,
  cpuSecondsOf,
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
const num = (name: string, fallback: number) =>
  env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
const STAFF = num('BENCH_CHAT_STAFF', 2000);
const SCHOOLS = num('BENCH_CHAT_SCHOOLS', 10);
const ROOMS = num('BENCH_CHAT_ROOMS', 500);
/** One-to-one rooms (the busy person and one colleague each); the rest are groups. */
const DIRECT_ROOMS = Math.min(num('BENCH_CHAT_DIRECT_ROOMS', Math.round(ROOMS / 5)), ROOMS, STAFF - 1);
const HISTORY = num('BENCH_CHAT_HISTORY', 10);
const RATE = num('BENCH_CHAT_RATE', 200);
const SECONDS = num('BENCH_CHAT_SECONDS', 30);
const WARMUP_SECONDS = num('BENCH_CHAT_WARMUP_SECONDS', 3);
const LIST_CALLS = num('BENCH_CHAT_LIST_CALLS', 200);
const PER_WORKER = num('BENCH_CHAT_PER_WORKER', 1000);
const CONNECT_RATE = num('BENCH_CHAT_CONNECT_RATE', 100);
const PORT = num('BENCH_PORT', 3904);
const BASE = `http://127.0.0.1:${PORT}`;
const DB_SERVER_URL = env.BENCH_CHAT_DATABASE_URL || undefined;
const DB_NAME = 'ki_bench_chat';
/**
 * Planner statistics after seeding: on PostgreSQL autovacuum gathers them in production, so the
 * seeded database is analyzed here; the embedded database (PGlite) has no autovacuum, and the server
 * analyzes it itself as it starts (housekeeping), after the seeding, as a deployment's would be.
 * BENCH_CHAT_ANALYZE=1 also analyzes PGlite here; 0 skips PostgreSQL's.
 */
const ANALYZE = env.BENCH_CHAT_ANALYZE ? env.BENCH_CHAT_ANALYZE === '1' : Boolean(DB_SERVER_URL);
const OUT = env.BENCH_CHAT_OUT ?? join(HERE, '.cache/chat.json');
/** BENCH_CHAT_PIN=1: the server alone on core 0, this process and the load generators on core 1 (taskset). */
const PIN = env.BENCH_CHAT_PIN === '1';
/** The server's event loop, sampled from inside its process by bench/live-server-probe.mjs. */
const LOOP_FILE = env.BENCH_CHAT_LOOP_PROBE === '0' ? null : join(HERE, '.cache/chat-server-loop.txt');
const CLOCK_START = '2026-11-27T04:30:00.000Z';
/** A sender posts at most this many in any minute of the plan: the server's limit less a margin for the clocks' offsets. */
const SENDER_BUDGET = CHAT_MESSAGES_PER_MINUTE - 2;
/** After the last answer, how long deliveries still count before the missing ones are lost. */
const DRAIN_MS = 5000;
const TARGET = { deliveryP99Ms: 100, roomsP95Ms: 20 };
const DEFAULT_SCALE = STAFF === 2000 && ROOMS === 500 && RATE === 200 && SECONDS >= 30;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The database -------------------------------------------------------------------------------------

async function recreatePostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: DB_SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return Object.assign(new URL(DB_SERVER_URL!), { pathname: `/${DB_NAME}` }).toString();
}

// The plan of messages -----------------------------------------------------------------------------

interface Planned {
  send: SendPlan;
  room: number;
  sender: number;
  warmup: boolean;
}

/**
 * Poisson arrivals at RATE a second over the warm-up and the measured window, from `startAt`: each
 * to a room drawn at random, by one of its members (never the busy person) who has posted fewer than
 * SENDER_BUDGET in the minute before; a room with no such member gives way to another.
 */
function planMessages(seeded: Seeded, startAt: number): Planned[] {
  const rand = random(777);
  const recent = new Map<number, number[]>();
  const out: Planned[] = [];
  const total = (WARMUP_SECONDS + SECONDS) * 1000;
  let t = 0;
  for (;;) {
    t += (-Math.log(1 - rand()) * 1000) / RATE;
    if (t >= total) break;
    for (let attempt = 0; attempt < 100; attempt++) {
      const room = Math.floor(rand() * seeded.rooms.length);
      const free = seeded.rooms[room]!.members.filter((m) => {
        if (m === BUSY) return false;
        const times = recent.get(m) ?? [];
        while (times.length > 0 && times[0]! <= t - 60_000) times.shift();
        return times.length < SENDER_BUDGET;
      });
      if (free.length === 0) continue;
      const sender = free[Math.floor(rand() * free.length)]!;
      recent.set(sender, [...(recent.get(sender) ?? []), t]);
      out.push({
        send: {
          at: startAt + t,
          roomId: seeded.rooms[room]!.id,
          cookie: seeded.cookies[sender]!,
          clientId: randomUUID(),
          text: textOf(out.length + 1, rand),
        },
        room,
        sender,
        warmup: t < WARMUP_SECONDS * 1000,
      });
      break;
    }
  }
  return out;
}

// HTTP calls of the busy person ---------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** A GET on one keep-alive connection: status, body and the time to the whole answer (ms). */
function get<T>(path: string, cookie: string): Promise<{ status: number; ms: number; body: T }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ agent, host: '127.0.0.1', port: PORT, path, headers: { cookie }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, ms, body: JSON.parse(text) as T });
        } catch {
          resolve({ status: res.statusCode ?? 0, ms, body: text as T });
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

interface ListFigures {
  rooms: number[];
  unread: number[];
  /** Calls answered other than 200, or with a page that is not the rooms list. */
  failures: string[];
  lastUnread: ChatUnread | null;
}

function newList(): ListFigures {
  return { rooms: [], unread: [], failures: [], lastUnread: null };
}

async function callRooms(cookie: string, into: ListFigures, record: boolean): Promise<void> {
  const r = await get<RoomsPage>('/api/v1/chat/rooms', cookie);
  if (r.status !== 200 || !Array.isArray(r.body.rooms) || r.body.rooms.length !== Math.min(CHAT_ROOMS_PAGE, ROOMS))
    into.failures.push(`rooms: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  else if (record) into.rooms.push(r.ms);
}

async function callUnread(cookie: string, into: ListFigures, record: boolean): Promise<void> {
  const r = await get<ChatUnread>('/api/v1/chat/unread', cookie);
  if (r.status !== 200 || typeof r.body.total !== 'number')
    into.failures.push(`unread: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  else {
    into.lastUnread = r.body;
    if (record) into.unread.push(r.ms);
  }
}

/** The whole rooms list, page by page: each page's time, and how many rooms it held in all. */
async function walk(
  cookie: string,
): Promise<{ pageMs: number[]; totalMs: number; rooms: number; pages: number; failures: string[] }> {
  const pageMs: number[] = [];
  const failures: string[] = [];
  const seen = new Set<number>();
  let before: string | null = null;
  const t0 = performance.now();
  do {
    const r: { status: number; ms: number; body: RoomsPage } = await get<RoomsPage>(
      `/api/v1/chat/rooms${before ? `?before=${before}` : ''}`,
      cookie,
    );
    if (r.status !== 200) {
      failures.push(`rooms page: ${r.status}`);
      break;
    }
    pageMs.push(r.ms);
    for (const room of r.body.rooms) seen.add(room.id);
    before = r.body.next;
  } while (before);
  return { pageMs, totalMs: performance.now() - t0, rooms: seen.size, pages: pageMs.length, failures };
}

// The run -----------------------------------------------------------------------------------------

type Worker = Forked<ToWorker, FromWorker>;
const isType =
  <K extends FromWorker['type']>(type: K) =>
  (m: FromWorker): m is Extract<FromWorker, { type: K }> =>
    m.type === type;

async function collect(workers: Worker[]): Promise<DeliveryReport[]> {
  for (const w of workers) w.send({ type: 'collect' });
  const reports = await Promise.all(workers.map((w) => w.take(isType('deliveries'), 60_000)));
  if (reports.some((r) => r === null))
    throw new Error('a load generator did not report its deliveries within a minute');
  return reports as DeliveryReport[];
}

interface Figures {
  connect: {
    connected: number;
    errors: string[];
    handshake: Stats;
    seconds: number;
    listenOverflows: number;
    maxStartLagMs: number;
    cpuMsPerConnect: number;
  };
  idle: {
    rooms: Stats;
    unread: Stats;
    walk: { pages: number; rooms: number; totalMs: number; page: Stats };
    failures: string[];
  };
  load: {
    planned: number;
    measured: number;
    senders: number;
    roomsPosted: number;
    accepted: number;
    refused: string[];
    post: Stats;
    delivery: Stats;
    deliveryBusy: Stats;
    deliveryRoomComplete: Stats;
    deliveries: number;
    lost: number;
    duplicates: number;
    notMembers: number;
    rooms: Stats;
    unread: Stats;
    failures: string[];
    senderStartLagMaxMs: number;
    senderLoopDelayMaxMs: number;
    generatorLoopDelayMaxMs: number;
    actualRate: number;
    /** Messages answered a second, from the first sent to the last answered: below the rate, the server fell behind. */
    answeredRate: number;
  };
  unread: { before: number; after: number; accepted: number; consistent: boolean };
  disconnects: string[];
  server: {
    rssMb: { beforeConnect: number; connected: number; end: number };
    rssKbPerConnection: number;
    loadCpuSeconds: number;
    kernelShare: number;
    cpuMsPerMessage: number;
    postgresCpuSeconds: number;
    loop: { eluMean: number; eluMax: number; delayMaxMs: number };
  };
  generators: { socketsCpuSeconds: number; senderCpuSeconds: number; machineBusy: number };
  loadAverage: { start: number; beforeMessages: number; end: number };
}

async function run(serverPid: number, seeded: Seeded): Promise<Figures> {
  const busyCookie = seeded.cookies[BUSY]!;
  const loadStart = loadavg()[0]!;
  const socketWorkers = Math.max(1, Math.ceil(STAFF / PER_WORKER));
  const workers: Worker[] = Array.from(
    { length: socketWorkers },
    () => new Forked<ToWorker, FromWorker>(join(HERE, 'chat-worker.ts')),
  );
  const sender = new Forked<ToWorker, FromWorker>(join(HERE, 'chat-worker.ts'));
  const all = [...workers, sender];
  const ready = await Promise.all(all.map((w) => w.take(isType('ready'), 120_000)));
  if (ready.some((r) => r === null)) throw new Error('a load generator did not start within 2 minutes');
  try {
    // Connect everyone, the busy person first.
    const rssBefore = rssMb(serverPid);
    const cpuBefore = cpuSeconds(serverPid);
    const overflowsBefore = listenOverflows();
    const startAt = now() + 1000;
    const plans: ConnectPlan[][] = workers.map(() => []);
    for (let i = 0; i < STAFF; i++)
      plans[i % workers.length]!.push({ user: i, cookie: seeded.cookies[i]!, at: startAt + (i * 1000) / CONNECT_RATE });
    console.log(`Connecting ${STAFF} staff sockets from ${workers.length} load generators at ${CONNECT_RATE}/s...`);
    workers.forEach((w, i) => w.send({ type: 'connect', base: BASE, people: plans[i]! }));
    const connectReports = await Promise.all(
      workers.map((w) => w.take(isType('connected'), (STAFF * 1000) / CONNECT_RATE + 120_000)),
    );
    if (connectReports.some((r) => r === null))
      throw new Error('a load generator did not finish connecting within 2 minutes');
    const reports = connectReports as ConnectReport[];
    const results = reports.flatMap((r) => r.results);
    const connectErrors = results.flatMap((r) => (r.error === null ? [] : [r.error]));
    const connect = {
      connected: results.length - connectErrors.length,
      errors: connectErrors,
      handshake: stats(results.filter((r) => r.error === null).map((r) => r.connectMs)),
      seconds: (now() - startAt) / 1000,
      listenOverflows: listenOverflows() - overflowsBefore,
      maxStartLagMs: Math.max(...reports.map((r) => r.maxStartLagMs)),
      cpuMsPerConnect: ((cpuSeconds(serverPid) - cpuBefore) * 1000) / STAFF,
    };
    console.log(
      `  ${connect.connected} connected in ${connect.seconds.toFixed(1)} s (${connectErrors.length} refused)`,
    );
    // The presence batches of the sign-ins go out, then the counters start from nothing.
    await sleep(CHAT_PRESENCE_BATCH_MS + 1500);
    const disconnects = (await collect(workers)).flatMap((r) => r.disconnects);
    const rssConnected = rssMb(serverPid);

    // Idle: the busy person's rooms list and unread count.
    console.log(`Idle: ${LIST_CALLS} rooms list and unread calls of the person in ${ROOMS} rooms...`);
    const idle = newList();
    for (let i = 0; i < 20; i++) {
      await callRooms(busyCookie, idle, false);
      await callUnread(busyCookie, idle, false);
    }
    for (let i = 0; i < LIST_CALLS; i++) {
      await callRooms(busyCookie, idle, true);
      await callUnread(busyCookie, idle, true);
    }
    const walks = [];
    for (let i = 0; i < 5; i++) walks.push(await walk(busyCookie));
    const unreadBefore = idle.lastUnread?.total ?? NaN;

    // The messages.
    const loadBeforeMessages = loadavg()[0]!;
    const sendAt = now() + 2000;
    const planned = planMessages(seeded, sendAt);
    const measuredFrom = sendAt + WARMUP_SECONDS * 1000;
    const measuredTo = measuredFrom + SECONDS * 1000;
    console.log(
      `Posting ${planned.length} messages (${RATE}/s for ${WARMUP_SECONDS} s unrecorded, then ${SECONDS} s) from ${new Set(planned.map((p) => p.sender)).size} senders, with the rooms list and unread count called ${LIST_CALLS} times each meanwhile...`,
    );
    const cpu0 = {
      server: cpuSplit([serverPid]),
      sockets: workers.reduce((s, w) => s + w.cpuSeconds(), 0),
      sender: sender.cpuSeconds(),
      postgres: DB_SERVER_URL ? cpuSecondsOf('postgres') : 0,
      machine: machineJiffies(),
    };
    sender.send({ type: 'send', base: BASE, messages: planned.map((p) => p.send) });
    const loaded = newList();
    const every = (SECONDS * 1000) / LIST_CALLS;
    await sleep(measuredFrom - now());
    // One call at a time at its instant; when answers are slow, fewer calls fit in the window (n in the table).
    for (let i = 0; i < LIST_CALLS && now() < measuredTo; i++) {
      await sleep(measuredFrom + i * every - now());
      await callRooms(busyCookie, loaded, true);
      await callUnread(busyCookie, loaded, true);
    }
    const sentReport = await sender.take(isType('sent'), Math.max(0, measuredTo - now()) + 120_000);
    if (!sentReport) throw new Error('the sender did not finish within 2 minutes of the plan');
    const cpu1 = {
      server: cpuSplit([serverPid]),
      sockets: workers.reduce((s, w) => s + w.cpuSeconds(), 0),
      sender: sender.cpuSeconds(),
      postgres: DB_SERVER_URL ? cpuSecondsOf('postgres') : 0,
      machine: machineJiffies(),
    };
    const loopDuring = eventLoopBetween(LOOP_FILE, measuredFrom, measuredTo, 'inside');
    await sleep(DRAIN_MS);
    const deliveries = await collect(workers);
    const after = newList();
    await callUnread(busyCookie, after, false);

    // Every accepted message, to every member of its room.
    const byClient = new Map<string, number>();
    planned.forEach((p, i) => byClient.set(p.send.clientId, i));
    const accepted = planned.map((_, i) => sentReport.status[i] === 201);
    const memberSets = seeded.rooms.map((r) => new Set(r.members));
    const got = planned.map(() => new Map<number, number>());
    let duplicates = 0;
    let notMembers = 0;
    let unknown = 0;
    for (const d of deliveries)
      for (let k = 0; k < d.clientIds.length; k++) {
        const i = byClient.get(d.clientIds[k]!);
        if (i === undefined) {
          unknown++;
          continue;
        }
        const user = d.users[k]!;
        if (!memberSets[planned[i]!.room]!.has(user)) notMembers++;
        else if (got[i]!.has(user)) duplicates++;
        else got[i]!.set(user, d.at[k]!);
      }
    const delivery: number[] = [];
    const deliveryBusy: number[] = [];
    const roomComplete: number[] = [];
    let lost = 0;
    let deliveryCount = 0;
    planned.forEach((p, i) => {
      if (!accepted[i]) return;
      const members = seeded.rooms[p.room]!.members;
      lost += members.length - got[i]!.size;
      deliveryCount += got[i]!.size;
      if (p.warmup) return;
      const sentAt = sentReport.sentAt[i]!;
      for (const [user, at] of got[i]!) {
        delivery.push(at - sentAt);
        if (user === BUSY) deliveryBusy.push(at - sentAt);
      }
      if (got[i]!.size === members.length) roomComplete.push(Math.max(...got[i]!.values()) - sentAt);
    });
    const measured = planned.filter((p, i) => !p.warmup && accepted[i]);
    const acceptedCount = accepted.filter(Boolean).length;
    const unreadAfter = after.lastUnread?.total ?? NaN;
    const serverCpu = cpu1.server.user + cpu1.server.system - (cpu0.server.user + cpu0.server.system);
    return {
      connect,
      idle: {
        rooms: stats(idle.rooms),
        unread: stats(idle.unread),
        walk: {
          pages: walks[0]!.pages,
          rooms: walks[0]!.rooms,
          totalMs: stats(walks.map((w) => w.totalMs)).p50,
          page: stats(walks.flatMap((w) => w.pageMs)),
        },
        failures: [
          ...idle.failures,
          ...walks.flatMap((w) => w.failures),
          ...(walks[0]!.rooms === ROOMS ? [] : [`the walk found ${walks[0]!.rooms} of ${ROOMS} rooms`]),
        ],
      },
      load: {
        planned: planned.length,
        measured: measured.length,
        senders: new Set(planned.map((p) => p.sender)).size,
        roomsPosted: new Set(planned.map((p) => p.room)).size,
        accepted: acceptedCount,
        refused: sentReport.errors,
        post: stats(planned.flatMap((p, i) => (!p.warmup && accepted[i] ? [sentReport.answerMs[i]!] : []))),
        delivery: stats(delivery),
        deliveryBusy: stats(deliveryBusy),
        deliveryRoomComplete: stats(roomComplete),
        deliveries: deliveryCount,
        lost,
        duplicates,
        notMembers: notMembers + unknown,
        rooms: stats(loaded.rooms),
        unread: stats(loaded.unread),
        failures: loaded.failures,
        senderStartLagMaxMs: sentReport.maxStartLagMs,
        senderLoopDelayMaxMs: sentReport.loopDelayMaxMs,
        generatorLoopDelayMaxMs: Math.max(...deliveries.map((d) => d.loopDelayMaxMs)),
        actualRate: measured.length / SECONDS,
        answeredRate:
          (planned.length * 1000) /
          (Math.max(...planned.map((_, i) => sentReport.sentAt[i]! + sentReport.answerMs[i]!)) -
            Math.min(...sentReport.sentAt)),
      },
      unread: {
        before: unreadBefore,
        after: unreadAfter,
        accepted: acceptedCount,
        consistent: unreadAfter === unreadBefore + acceptedCount,
      },
      disconnects: [...disconnects, ...deliveries.flatMap((d) => d.disconnects)],
      server: {
        rssMb: { beforeConnect: rssBefore, connected: rssConnected, end: rssMb(serverPid) },
        rssKbPerConnection: ((rssConnected - rssBefore) * 1024) / STAFF,
        loadCpuSeconds: serverCpu,
        kernelShare: (cpu1.server.system - cpu0.server.system) / Math.max(0.01, serverCpu),
        cpuMsPerMessage: (serverCpu * 1000) / Math.max(1, planned.length),
        postgresCpuSeconds: cpu1.postgres - cpu0.postgres,
        loop: loopDuring,
      },
      generators: {
        socketsCpuSeconds: cpu1.sockets - cpu0.sockets,
        senderCpuSeconds: cpu1.sender - cpu0.sender,
        machineBusy: busyShare(cpu0.machine, cpu1.machine),
      },
      loadAverage: { start: loadStart, beforeMessages: loadBeforeMessages, end: loadavg()[0]! },
    };
  } finally {
    await Promise.all(
      all.map(async (w) => {
        w.send({ type: 'close' });
        await w.take(isType('closed'), 30_000);
      }),
    );
  }
}

// The report --------------------------------------------------------------------------------------

interface Target {
  name: string;
  value: string;
  met: boolean;
}

function checks(f: Figures): Target[] {
  return [
    {
      name: 'every member of staff connected, none dropped',
      value: `${f.connect.connected} of ${STAFF}, ${f.disconnects.length} dropped`,
      met: f.connect.errors.length === 0 && f.disconnects.length === 0,
    },
    {
      name: 'every message accepted (201)',
      value: `${f.load.accepted} of ${f.load.planned}`,
      met: f.load.refused.length === 0 && f.load.accepted === f.load.planned,
    },
    {
      name: 'every message delivered once to every member, to no one else',
      value: `${f.load.lost} lost, ${f.load.duplicates} twice, ${f.load.notMembers} to others`,
      met: f.load.lost === 0 && f.load.duplicates === 0 && f.load.notMembers === 0,
    },
    {
      name: 'the busy person’s unread count rose by the messages accepted',
      value: `${f.unread.before} + ${f.unread.accepted} → ${f.unread.after}`,
      met: f.unread.consistent,
    },
    {
      name: 'every rooms list and unread call answered',
      value: `${f.idle.failures.length + f.load.failures.length} failed`,
      met: f.idle.failures.length + f.load.failures.length === 0,
    },
  ];
}

function targets(f: Figures): Target[] {
  return [
    {
      name: `delivery to every member p99 <= ${TARGET.deliveryP99Ms} ms (${STAFF} connected, ${RATE} messages/s over ${ROOMS} rooms)`,
      value: `${f.load.delivery.p99} ms`,
      met: f.load.delivery.p99 <= TARGET.deliveryP99Ms,
    },
    {
      name: `rooms list p95 <= ${TARGET.roomsP95Ms} ms, a person in ${ROOMS} rooms, idle`,
      value: `${f.idle.rooms.p95} ms`,
      met: f.idle.rooms.p95 <= TARGET.roomsP95Ms,
    },
    {
      name: `rooms list p95 <= ${TARGET.roomsP95Ms} ms, a person in ${ROOMS} rooms, under the message load`,
      value: `${f.load.rooms.p95} ms`,
      met: f.load.rooms.p95 <= TARGET.roomsP95Ms,
    },
  ];
}

function report(f: Figures, database: string): string[] {
  const fmt = (n: number, d = 0) =>
    Number.isFinite(n) ? n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d }) : '—';
  const s4 = (s: Stats) => `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} / ${fmt(s.p99, 1)} / ${fmt(s.max, 1)}`;
  const row = (name: string, value: string) => `| ${name} | ${value} |`;
  const groups = ROOMS - DIRECT_ROOMS;
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.versions.node}; ${database}.`,
    `One chain of ${SCHOOLS} schools, ${fmt(STAFF)} staff (${Math.min(SCHOOLS, STAFF)} principals), ${ROOMS} rooms (${DIRECT_ROOMS} one-to-one, ${groups} groups of ${GROUP_SIZE[0]}-${GROUP_SIZE[1]}), ${HISTORY} messages of history each; the busy person is in all ${ROOMS}.`,
    `${fmt(STAFF)} sockets from ${Math.ceil(STAFF / PER_WORKER)} load generators, the messages from one more${PIN ? '; the server alone on core 0, the load generators on core 1 (BENCH_CHAT_PIN=1)' : `, all sharing the ${cpus().length} cores with the server`}.`,
    `Messages: ${RATE}/s (Poisson) for ${WARMUP_SECONDS} s unrecorded, then ${SECONDS} s measured: ${fmt(f.load.measured)} measured of ${fmt(f.load.planned)}, from ${fmt(f.load.senders)} senders into ${f.load.roomsPosted} rooms.`,
    `Load average (1 min): ${f.loadAverage.start.toFixed(2)} at the start, ${f.loadAverage.beforeMessages.toFixed(2)} before the messages, ${f.loadAverage.end.toFixed(2)} at the end. Latencies in ms: p50 / p95 / p99 / max.`,
    '',
    '| measure | value |',
    '|---|---|',
    row(
      'sockets connected (refused), in s',
      `${fmt(f.connect.connected)} (${f.connect.errors.length}), ${fmt(f.connect.seconds, 1)}`,
    ),
    row('handshake (connect + cookie auth)', s4(f.connect.handshake)),
    row('connections dropped by a full accept queue (kernel)', fmt(f.connect.listenOverflows)),
    row(`rooms list (first page of ${CHAT_ROOMS_PAGE}), idle`, s4(f.idle.rooms)),
    row('unread count, idle', s4(f.idle.unread)),
    row(
      `whole rooms list, ${f.idle.walk.pages} pages (${f.idle.walk.rooms} rooms): a page / all, median ms`,
      `${s4(f.idle.walk.page)}; ${fmt(f.idle.walk.totalMs, 1)}`,
    ),
    row('POST message: answer', s4(f.load.post)),
    row('delivery, POST sent → each member’s socket', s4(f.load.delivery)),
    row(`delivery to the busy person (every message, ${RATE}/s on one socket)`, s4(f.load.deliveryBusy)),
    row('delivery to the last member of the room', s4(f.load.deliveryRoomComplete)),
    row(
      'deliveries (lost / twice / to others)',
      `${fmt(f.load.deliveries)} (${f.load.lost} / ${f.load.duplicates} / ${f.load.notMembers})`,
    ),
    row(`rooms list, under the message load (${f.load.rooms.n} calls)`, s4(f.load.rooms)),
    row(`unread count, under the message load (${f.load.unread.n} calls)`, s4(f.load.unread)),
    row(
      'messages a second: sent in the measured window / answered, first sent → last answered',
      `${fmt(f.load.actualRate, 1)} / ${fmt(f.load.answeredRate, 1)}`,
    ),
    row(
      'server event loop while measured: busy mean / max, largest delay ms',
      `${fmt(100 * f.server.loop.eluMean)} % / ${fmt(100 * f.server.loop.eluMax)} %, ${fmt(f.server.loop.delayMaxMs)}`,
    ),
    row(
      'server CPU while posting: s (kernel share), ms per message',
      `${fmt(f.server.loadCpuSeconds, 1)} (${fmt(100 * f.server.kernelShare)} %), ${fmt(f.server.cpuMsPerMessage, 2)}`,
    ),
    ...(DB_SERVER_URL ? [row('PostgreSQL CPU while posting, s', fmt(f.server.postgresCpuSeconds, 1))] : []),
    row('server CPU per connection, ms', fmt(f.connect.cpuMsPerConnect, 2)),
    row(
      'server RSS MB: before connecting / connected / end; KB per connection',
      `${fmt(f.server.rssMb.beforeConnect)} / ${fmt(f.server.rssMb.connected)} / ${fmt(f.server.rssMb.end)}; ${fmt(f.server.rssKbPerConnection, 1)}`,
    ),
    row(
      'load generators while posting: CPU s sockets / sender, machine busy',
      `${fmt(f.generators.socketsCpuSeconds, 1)} / ${fmt(f.generators.senderCpuSeconds, 1)}, ${fmt(100 * f.generators.machineBusy)} %`,
    ),
    row(
      'load generators: largest event-loop delay ms sockets / sender, sender’s largest lag behind plan',
      `${fmt(f.load.generatorLoopDelayMaxMs)} / ${fmt(f.load.senderLoopDelayMaxMs)}, ${fmt(f.load.senderStartLagMaxMs, 1)}`,
    ),
    '',
    '| target or check | value | met |',
    '|---|---|---|',
    ...[...targets(f), ...checks(f)].map((x) => `| ${x.name} | ${x.value} | ${x.met ? 'yes' : 'NO'} |`),
  ];
}

// Main --------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (STAFF < 20 || ROOMS < 1 || RATE <= 0 || SECONDS <= 0)
    throw new Error('BENCH_CHAT_STAFF >= 20, BENCH_CHAT_ROOMS >= 1, a positive rate and time');
  const openFiles = openFilesLimit('self');
  if (openFiles[1] < STAFF + 512)
    throw new Error(
      `the open files limit (hard ${openFiles[1]}) is too low for ${STAFF} sockets: raise it (ulimit -Hn / prlimit) to at least ${STAFF + 512}`,
    );
  // Senders the rate needs at the posting limit: at 200/s, 12,000 a minute over 28 each.
  const needed = Math.ceil((RATE * 60) / SENDER_BUDGET);
  if (STAFF - 1 < needed)
    console.warn(
      `warning: ${RATE}/s needs at least ${needed} senders at ${SENDER_BUDGET} a minute; rooms will be skipped`,
    );

  let dataDir: string | undefined;
  let serverEnv: Record<string, string>;
  let database: Database;
  if (DB_SERVER_URL) {
    const url = await recreatePostgres();
    database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    serverEnv = { DATABASE_URL: url };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'ki-bench-chat-'));
    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    serverEnv = { DATABASE_URL: '', DATA_DIR: dataDir };
  }
  const seededAt = performance.now();
  await migrate(database);
  console.log(
    `Seeding one chain: ${SCHOOLS} schools, ${STAFF} staff with sessions, ${ROOMS} rooms with ${HISTORY} messages each...`,
  );
  const seeded = await seed(database, {
    staff: STAFF,
    schools: SCHOOLS,
    rooms: ROOMS,
    directRooms: DIRECT_ROOMS,
    history: HISTORY,
    clockStart: CLOCK_START,
  });
  if (ANALYZE) await sql`analyze`.execute(database.db);
  await database.close();
  console.log(`  seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

  if (LOOP_FILE) mkdirSync(dirname(LOOP_FILE), { recursive: true });
  const server = await startServer(
    PORT,
    {
      ...serverEnv,
      SERVE_WEB: 'false',
      DEMO_DATA_ON_EMPTY: 'false',
      CLOCK_START,
      LOG_LEVEL: 'warn',
      ...(LOOP_FILE ? { BENCH_LIVE_LOOP_FILE: LOOP_FILE } : {}),
    },
    {
      nodeArgs: [
        ...(LOOP_FILE ? ['--import', join(HERE, 'live-server-probe.mjs')] : []),
        ...(env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ],
    },
  );
  if (PIN) {
    // Every thread of the server; the load generators are forked later and inherit this process's core.
    execFileSync('taskset', ['-apc', '0', String(server.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
  }
  let figures: Figures;
  try {
    figures = await run(server.pid!, seeded);
  } finally {
    agent.destroy();
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  const databaseName =
    (DB_SERVER_URL
      ? 'PostgreSQL on 127.0.0.1 (BENCH_CHAT_DATABASE_URL)'
      : 'the embedded database (PGlite, in the server process)') +
    (ANALYZE
      ? ', analyzed after seeding'
      : DB_SERVER_URL
        ? ', not analyzed'
        : ', analyzed by the server as it starts (housekeeping)');
  const lines = report(figures, databaseName);
  console.log(lines.join('\n'));
  const t = targets(figures);
  const c = checks(figures);
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
          staff: STAFF,
          schools: SCHOOLS,
          rooms: ROOMS,
          directRooms: DIRECT_ROOMS,
          history: HISTORY,
          rate: RATE,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          listCalls: LIST_CALLS,
          perWorker: PER_WORKER,
          connectRate: CONNECT_RATE,
          database: databaseName,
          pinned: PIN,
        },
        targets: t,
        checks: c,
        figures: {
          ...figures,
          connect: { ...figures.connect, errors: figures.connect.errors.slice(0, 50) },
          load: { ...figures.load, refused: figures.load.refused.slice(0, 50) },
        },
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${OUT}`);
  const doc = join(ROOT, 'docs/PERFORMANCE.md');
  const text = readFileSync(doc, 'utf8');
  if (DEFAULT_SCALE && !DB_SERVER_URL && !PIN && !env.BENCH_CHAT_ANALYZE && text.includes('<!-- chat:start -->'))
    writeFileSync(
      doc,
      text.replace(
        /<!-- chat:start -->[\s\S]*<!-- chat:end -->/,
        `<!-- chat:start -->\n${lines.join('\n')}\n<!-- chat:end -->`,
      ),
    );
  const missed = t.filter((x) => !x.met);
  if (missed.length > 0) console.log(`Targets not met (not an error): ${missed.map((x) => x.name).join('; ')}`);
  const failed = c.filter((x) => !x.met);
  if (failed.length > 0) {
    console.error(`Errors: ${failed.map((x) => `${x.name}: ${x.value}`).join('; ')}`);
    for (const e of [
      ...figures.connect.errors,
      ...figures.load.refused,
      ...figures.disconnects,
      ...figures.idle.failures,
      ...figures.load.failures,
    ].slice(0, 10))
      console.error(`  ${e}`);
    process.exitCode = 1;
  }
}

await main();
