/**
 * npm run bench:answers — 2,000 students of one school answering a quiz at once (issue #23: answer
 * p95 <= 30 ms).
 *
 * A fresh PostgreSQL database (BENCH_ANSWERS_DATABASE_URL's server, database ki_bench_answers, made
 * and dropped by this script) with one school of STUDENTS students in grade 7 and a teacher's
 * published quiz of QUESTIONS questions assigned to the grade. The real server runs on it. Every
 * student first starts the quiz (POST /assessment/assignments/:id/attempt: each then has an open
 * attempt), then plays as a student does: for each question, a pause to read and think, then the
 * question is shown (POST .../view, which starts its clock) and answered (PUT .../answer, under the
 * attempt's row lock, marked by server time), all 2,000 at the same time:
 *   - "the class at its pace": a pause of 2 to 15 s before each question (about 180 answers and as
 *     many views a second);
 *   - "all at once": every student is shown the next question within the same BURST_SECONDS and
 *     answers it 1 to 4 s later;
 *   - "one at a time": a few students answer the remaining questions with one request in flight (the
 *     cost of a request without the queue).
 * Each request's latency is recorded; afterwards the answered rows in the database are checked
 * against the acknowledged answers. Figures go into docs/PERFORMANCE.md between the answers markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { assignAssessment, createAssessment, type QuizQuestionSpec } from '../apps/server/src/test/attempt-factories';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStudent,
  sessionCookie,
} from '../apps/server/src/test/factories';
import { cpuSeconds, startServer } from './server';
import { percentile, random } from './stats';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_ANSWERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'ki_bench_answers';
const DB_URL = Object.assign(new URL(SERVER_URL), { pathname: `/${DB_NAME}` }).toString();
const PORT = Number(process.env.BENCH_PORT ?? 3902);
const BASE = `http://127.0.0.1:${PORT}`;
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const QUESTIONS = 20;
/** Questions each student answers at the class's pace, then one more all at once. */
const PACED_QUESTIONS = Number(process.env.BENCH_PACED_QUESTIONS ?? 6);
const THINK_SECONDS = { min: 2, max: 15 };
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 5);
const TARGET_P95_MS = 30;
/** Concurrent starts while the attempts are opened (not the measured phase). */
const START_CONCURRENCY = 20;

interface Timing {
  name: string;
  latencies: number[];
  seconds: number;
  /** CPU seconds of the server, of this database's PostgreSQL backends and of the load generator. */
  cpu: { server: number; database: number; client: number };
}

/**
 * CPU seconds of the PostgreSQL backends serving this benchmark's database only (the machine's
 * PostgreSQL also serves other sessions): their pids are sampled every 500 ms from
 * pg_stat_activity, and each backend's CPU is read from /proc while it lives.
 */
class BackendCpu {
  private readonly last = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly client: pg.Client;
  private constructor(client: pg.Client) {
    this.client = client;
    this.timer = setInterval(() => void this.sample(), 500);
  }
  static async start(): Promise<BackendCpu> {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    const cpu = new BackendCpu(client);
    await cpu.sample();
    return cpu;
  }
  async sample(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      DB_NAME,
    ]);
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (seconds > 0) this.last.set(pid, seconds);
    }
  }
  /** CPU seconds of every backend seen so far (a backend that ended keeps its last reading). */
  total(): number {
    let sum = 0;
    for (const seconds of this.last.values()) sum += seconds;
    return sum;
  }
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function recreateDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

async function seed(database: Database) {
  const db = database.db;
  const boardId = await createBoard(db, 'BENCH');
  const schoolId = await createSchool(db, { boardId, grades: [7], name: 'Answers Bench School' });
  const { subjectId } = await createCurriculum(db, {
    boardId,
    grade: 7,
    subjectSlug: 'science',
    chapters: 2,
    topics: 2,
    questions: 10,
  });
  const now = new Date();
  const questions: QuizQuestionSpec[] = Array.from({ length: QUESTIONS }, (_, i) =>
    i % 5 === 4 ? { type: 'multiple_select', answer: [0, 2] } : { type: 'multiple_choice', answer: [i % 4] },
  );
  const quiz = await createAssessment(db, {
    schoolId,
    boardId,
    grade: 7,
    subjectId,
    kind: 'quiz',
    name: 'Bench quiz',
    durationMinutes: 120,
    questions,
    now,
  });
  const assignmentId = await assignAssessment(db, {
    assessmentId: quiz.id,
    schoolId,
    grade: 7,
    opensAt: new Date(now.getTime() - 3_600_000),
    closesAt: new Date(now.getTime() + 6 * 3_600_000),
    now,
  });
  const cookies: string[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const id = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt: new Date('2026-01-01T00:00:00Z') });
    cookies.push(await sessionCookie(db, id, now));
  }
  return { assignmentId, cookies, questions };
}

/** Requests resent after a network error (a keep-alive connection closed by the server as it was reused). */
let resent = 0;

/**
 * Sends a request and times it, from the first try. A network error is retried (twice at most), as a
 * browser's page does; a retried answer that finds its question answered (409 ANSWER_FINAL) had
 * arrived the first time, so it is taken as answered.
 */
async function send(
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; ms: number; json: unknown }> {
  const t0 = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${BASE}/api/v1${url}`, {
        method,
        headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { code?: string };
      const status = attempt > 0 && res.status === 409 && json.code === 'ANSWER_FINAL' ? 200 : res.status;
      return { status, ms: performance.now() - t0, json };
    } catch (error) {
      if (attempt >= 2) throw error;
      resent += 1;
    }
  }
}

/** Measures `work` and the CPU the server, this database's backends and the load generator spent meanwhile. */
async function measured(
  name: string,
  pid: number,
  backends: BackendCpu,
  work: (latencies: number[]) => Promise<void>,
): Promise<Timing> {
  const latencies: number[] = [];
  await backends.sample();
  const before = { server: cpuSeconds(pid), database: backends.total(), client: process.cpuUsage() };
  const started = performance.now();
  await work(latencies);
  const seconds = (performance.now() - started) / 1000;
  await backends.sample();
  const client = process.cpuUsage(before.client);
  return {
    name,
    latencies: latencies.sort((a, b) => a - b),
    seconds,
    cpu: {
      server: cpuSeconds(pid) - before.server,
      database: backends.total() - before.database,
      client: (client.user + client.system) / 1e6,
    },
  };
}

async function main(): Promise<void> {
  await recreateDatabase();
  const database = await openDatabase({ kind: 'postgres', url: DB_URL, poolSize: 4 });
  await migrate(database);
  console.log(`Seeding ${STUDENTS} students and a quiz of ${QUESTIONS} questions...`);
  const { assignmentId, cookies, questions } = await seed(database);
  // BENCH_SERVER_NODE_ARGS passes extra flags to the server's node, e.g. "--cpu-prof" to profile it.
  const server = await startServer(
    PORT,
    { DATABASE_URL: DB_URL, SERVE_WEB: 'false', DEMO_DATA_ON_EMPTY: 'false' },
    { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  const pid = server.pid!;
  const backends = await BackendCpu.start();
  const load = { start: loadavg()[0]!, max: loadavg()[0]!, end: 0 };
  const sampler = setInterval(() => (load.max = Math.max(load.max, loadavg()[0]!)), 1000);
  let acknowledged = 0;
  try {
    const attemptIds: string[] = new Array(STUDENTS);
    console.log('Every student starts the quiz...');
    const starts = await measured('start (each student opens the quiz)', pid, backends, async (latencies) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: START_CONCURRENCY }, async () => {
          for (let i = next++; i < STUDENTS; i = next++) {
            const r = await send('POST', `/assessment/assignments/${assignmentId}/attempt`, cookies[i]!);
            if (r.status !== 201 && r.status !== 200)
              throw new Error(`start failed: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
            latencies.push(r.ms);
            attemptIds[i] = (r.json as { id: string }).id;
          }
        }),
      );
    });

    /** One student's question: view it, then answer it (right about two times in three). */
    const play = async (
      student: number,
      position: number,
      rand: () => number,
      views: number[],
      answers: number[],
      gapMs = 1000 + rand() * 3000,
    ) => {
      const url = `/assessment/attempts/${attemptIds[student]}/questions/${position}`;
      const v = await send('POST', `${url}/view`, cookies[student]!);
      if (v.status !== 200) throw new Error(`view failed: ${v.status} ${JSON.stringify(v.json).slice(0, 300)}`);
      views.push(v.ms);
      await sleep(gapMs);
      const q = questions[position - 1]!;
      const right = rand() < 0.67;
      const chosen = right ? q.answer! : [(q.answer![0]! + 1) % 4];
      const a = await send('PUT', `${url}/answer`, cookies[student]!, { chosen });
      if (a.status !== 200) throw new Error(`answer failed: ${a.status} ${JSON.stringify(a.json).slice(0, 300)}`);
      answers.push(a.ms);
      acknowledged += 1;
    };

    console.log(`The class answers ${PACED_QUESTIONS} questions at its pace...`);
    const views: number[] = [];
    const paced = await measured(
      `the class at its pace (${PACED_QUESTIONS} questions, a ${THINK_SECONDS.min}-${THINK_SECONDS.max} s pause before each)`,
      pid,
      backends,
      async (latencies) => {
        await Promise.all(
          Array.from({ length: STUDENTS }, async (_, student) => {
            const rand = random(student + 1);
            for (let position = 1; position <= PACED_QUESTIONS; position++) {
              await sleep((THINK_SECONDS.min + rand() * (THINK_SECONDS.max - THINK_SECONDS.min)) * 1000);
              await play(student, position, rand, views, latencies);
            }
          }),
        );
      },
    );
    const pacedViews: Timing = { ...paced, name: 'view (same phase)', latencies: views.sort((a, b) => a - b) };

    console.log(`Every student is shown question ${PACED_QUESTIONS + 1} within ${BURST_SECONDS} s and answers it...`);
    const burstViews: number[] = [];
    const burst = await measured(
      `all at once (question ${PACED_QUESTIONS + 1} shown to every student within ${BURST_SECONDS} s, answered 1-4 s later)`,
      pid,
      backends,
      async (latencies) => {
        await Promise.all(
          Array.from({ length: STUDENTS }, async (_, student) => {
            const rand = random(1_000_003 * (student + 1));
            await sleep(rand() * BURST_SECONDS * 1000);
            await play(student, PACED_QUESTIONS + 1, rand, burstViews, latencies);
          }),
        );
      },
    );

    const SOLO_STUDENTS = 15;
    console.log(`${SOLO_STUDENTS} students answer the remaining questions one request at a time...`);
    const soloViews: number[] = [];
    const solo = await measured(
      `one at a time (${SOLO_STUDENTS} students, questions ${PACED_QUESTIONS + 2}-${QUESTIONS}, one request in flight)`,
      pid,
      backends,
      async (latencies) => {
        for (let student = 0; student < Math.min(SOLO_STUDENTS, STUDENTS); student++) {
          const rand = random(7 * (student + 1));
          for (let position = PACED_QUESTIONS + 2; position <= QUESTIONS; position++)
            await play(student, position, rand, soloViews, latencies, 0);
        }
      },
    );

    const stored = Number(
      (
        await database.db
          .selectFrom('attempt_answers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('answered_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    load.end = loadavg()[0]!;
    report([starts, paced, pacedViews, burst, solo], { stored, acknowledged, load });
    if (stored !== acknowledged) throw new Error(`stored answers ${stored} differ from acknowledged ${acknowledged}`);
  } finally {
    clearInterval(sampler);
    await backends.stop();
    server.kill('SIGTERM');
    await database.close();
  }
}

function report(
  timings: Timing[],
  facts: { stored: number; acknowledged: number; load: { start: number; max: number; end: number } },
): void {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
  const isAnswers = (t: Timing) => !t.name.startsWith('start') && !t.name.startsWith('view');
  /** The target is for the class answering together; one request at a time shows a request's own cost. */
  const hasTarget = (t: Timing) => isAnswers(t) && !t.name.startsWith('one at a time');
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB,`,
    `PostgreSQL on 127.0.0.1; ${fmt(STUDENTS)} students of one school, each with an open attempt of a ${QUESTIONS}-question quiz; the`,
    `load generator (one Node process, ${fmt(STUDENTS)} concurrent students) runs on the same cores as the server and the database.`,
    `Load average (1 min): ${facts.load.start.toFixed(2)} at the start, ${facts.load.max.toFixed(2)} at most, ${facts.load.end.toFixed(2)} at the end.`,
    '',
    '| phase | requests | req/s | p50 ms | p95 ms | p99 ms | target p95 | met | CPU ms per request (an answer with its view): server / PostgreSQL / load generator |',
    '|---|---|---|---|---|---|---|---|---|',
    ...timings.map((t) => {
      const p95 = percentile(t.latencies, 95);
      const target = hasTarget(t) ? `${TARGET_P95_MS}` : '—';
      const met = hasTarget(t) ? (p95 <= TARGET_P95_MS ? 'yes' : 'NO') : '—';
      const per = (cpu: number) => fmt((1000 * cpu) / Math.max(1, t.latencies.length), 2);
      const cpu = t.name.startsWith('view')
        ? 'with the answers above'
        : `${per(t.cpu.server)} / ${per(t.cpu.database)} / ${per(t.cpu.client)}`;
      return `| ${isAnswers(t) ? `answer: ${t.name}` : t.name} | ${fmt(t.latencies.length)} | ${fmt(t.latencies.length / t.seconds)} | ${fmt(percentile(t.latencies, 50), 1)} | ${fmt(p95, 1)} | ${fmt(percentile(t.latencies, 99), 1)} | ${target} | ${met} | ${cpu} |`;
    }),
    '',
    `Answers stored = answers acknowledged: ${facts.stored === facts.acknowledged ? 'yes' : 'NO'} (${fmt(facts.stored)}). Requests resent after a network error: ${fmt(resent)}.`,
  ];
  const path = join(ROOT, 'docs/PERFORMANCE.md');
  const doc = readFileSync(path, 'utf8');
  const block = `<!-- answers:start -->\n${lines.join('\n')}\n<!-- answers:end -->`;
  if (!doc.includes('<!-- answers:start -->')) throw new Error('docs/PERFORMANCE.md has no answers markers');
  writeFileSync(path, doc.replace(/<!-- answers:start -->[\s\S]*<!-- answers:end -->/, block));
  console.log(lines.join('\n'));
}

await main();
