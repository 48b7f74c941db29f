/**
 * npm run bench:ingest — learning-record ingest throughput (issue: prove it holds).
 *
 * A fresh PostgreSQL database (BENCH_INGEST_DATABASE_URL's server, database ki_bench_ingest, made
 * and dropped by this script) with one school of STUDENTS students and a curriculum of 3 subjects x
 * 5 chapters x 4 topics. The real server runs on it; CLIENTS concurrent students each upload
 * batches of BATCH records (topic games, revises, treasures, in time order, spread over 30 days)
 * through POST /api/v1/records, with rollup upkeep in the same transaction, for BENCH_SECONDS.
 * Three shapes:
 *   - "school sync": a pool of students, each phone uploading its queue once (realistic);
 *   - "growing histories in time order": the same CLIENTS students upload again and again, each
 *     upload newer than the last, so histories grow to thousands of records (a class playing all day);
 *   - "each upload older than the last": the same, but every upload goes a day back in time, so the
 *     rollups of every touched chapter are replayed from all its records (worst case).
 * Afterwards the stored count is checked against the acknowledged ids (nothing lost, nothing twice).
 * Figures go into docs/PERFORMANCE.md between the ingest markers.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import {
  chapterRecord,
  createBoard,
  createCurriculum,
  createSchool,
  createStudent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../apps/server/src/test/factories';
import type { RecordInput } from '../packages/contracts/src/index';
import { cpuSeconds, cpuSecondsOf, rssMb, startServer } from './server';
import { percentile } from './stats';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_INGEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'ki_bench_ingest';
const DB_URL = Object.assign(new URL(SERVER_URL), { pathname: `/${DB_NAME}` }).toString();
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 20;
const BATCH = 50;
const POOL = 4000;
const TARGET_RPS = 5000;
/** Bodies made ahead per client: enough for twice the target rate. */
const PREPARED_PER_CLIENT = Math.ceil((2 * TARGET_RPS * SECONDS) / BATCH / CLIENTS);

interface Shape {
  name: string;
  /** The student a client uploads for on its n-th batch. */
  studentFor(client: number, n: number): number;
  /** When the i-th record of that batch finished. */
  finishedAt(client: number, n: number, i: number): Date;
}

interface Outcome {
  name: string;
  batches: number;
  records: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  peakRssMb: number;
  /** CPU milliseconds per batch: the server, PostgreSQL (all backends) and this load generator. */
  cpuMsPerBatch: { server: number; database: number; client: number };
  storedInDb: number;
  acknowledged: number;
}

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
  const schoolId = await createSchool(db, { boardId, grades: [7], name: 'Ingest Bench School' });
  const chapters: TestChapter[] = [];
  for (const slug of ['science', 'maths', 'geography']) {
    chapters.push(
      ...(await createCurriculum(db, { boardId, grade: 7, subjectSlug: slug, chapters: 5, topics: 4 })).chapters,
    );
  }
  const now = new Date();
  const cookies: string[] = [];
  for (let i = 0; i < POOL; i++) {
    const id = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt: new Date('2026-01-01T00:00:00Z') });
    cookies.push(await sessionCookie(db, id, now));
  }
  return { chapters, cookies };
}

/**
 * One phone's queue: BATCH finished activities (topic games, revises, treasures), oldest first. Each
 * run of ten plays every topic of one chapter, four more topic games, that chapter's revise and its
 * treasure: a treasure is accepted only after its chapter's topics (records/batch-rules.ts).
 */
function queue(chapters: TestChapter[], seed: number, finishedAtOf: (i: number) => Date): RecordInput[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const n = seed * 7919 + i * 31;
    const chapter = chapters[(seed * 7919 + Math.floor(i / 10) * 31) % chapters.length]!;
    const finishedAt = finishedAtOf(i);
    if (i % 10 === 8) return chapterRecord('revise', chapter, { correct: n % 11, finishedAt, id: randomUUID() });
    if (i % 10 === 9) return chapterRecord('treasure', chapter, { correct: n % 11, finishedAt, id: randomUUID() });
    const topic = i % 10 < chapter.topics.length ? i % 10 : n % chapter.topics.length;
    return topicRecord(chapter, chapter.topics[topic]!, {
      correct: n % 11,
      seconds: 3 + (n % 28),
      finishedAt,
      id: randomUUID(),
    });
  });
}

async function run(
  shape: Shape,
  chapters: TestChapter[],
  cookies: string[],
  pid: number,
  database: Database,
): Promise<Outcome> {
  const before = Number(
    (
      await database.db
        .selectFrom('learning_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const acknowledged = new Set<string>();
  const latencies: number[] = [];
  // Request bodies are made before the clock starts, so that the load generator spends the shared
  // cores on sending, not on building records (more are made on the fly if a client runs out).
  const body = (client: number, n: number) => {
    const student = shape.studentFor(client, n);
    return JSON.stringify({ records: queue(chapters, student * 1000 + n, (i) => shape.finishedAt(client, n, i)) });
  };
  const prepared = Array.from({ length: CLIENTS }, (_, client) =>
    Array.from({ length: PREPARED_PER_CLIENT }, (_, n) => body(client, n)),
  );
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const cpuBefore = { server: cpuSeconds(pid), database: cpuSecondsOf('postgres'), client: process.cpuUsage() };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const student = shape.studentFor(client, n);
        const t0 = performance.now();
        const res = await fetch(`${BASE}/api/v1/records`, {
          method: 'POST',
          headers: { cookie: cookies[student]!, 'content-type': 'application/json' },
          body: prepared[client]![n] ?? body(client, n),
        });
        latencies.push(performance.now() - t0);
        const answer = (await res.json()) as { stored: string[]; duplicates: string[]; rejected: { code: string }[] };
        if (res.status !== 200 || answer.rejected.length)
          throw new Error(`upload failed: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
        for (const id of [...answer.stored, ...answer.duplicates]) acknowledged.add(id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(cpuBefore.client);
  const perBatch = (cpu: number) => (1000 * cpu) / Math.max(1, latencies.length);
  const cpuMsPerBatch = {
    server: perBatch(cpuSeconds(pid) - cpuBefore.server),
    database: perBatch(cpuSecondsOf('postgres') - cpuBefore.database),
    client: perBatch((client.user + client.system) / 1e6),
  };
  clearInterval(sampler);
  const after = Number(
    (
      await database.db
        .selectFrom('learning_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  latencies.sort((a, b) => a - b);
  return {
    name: shape.name,
    batches: latencies.length,
    records: acknowledged.size,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    peakRssMb: peak,
    cpuMsPerBatch,
    storedInDb: after - before,
    acknowledged: acknowledged.size,
  };
}

function report(outcomes: Outcome[]): void {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-IN', { maximumFractionDigits: d, minimumFractionDigits: d });
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB,`,
    `PostgreSQL on 127.0.0.1; ${CLIENTS} concurrent students, batches of ${BATCH} records, ${SECONDS} s per shape; the load`,
    `generator runs on the same 2 cores as the server and the database.`,
    '',
    '| shape | batches | records stored | records/s | target | met | batch p50 ms | p95 ms | p99 ms | server peak RSS | CPU ms per batch: server / PostgreSQL / load generator | stored = acknowledged |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...outcomes.map((o) => {
      const rps = o.records / o.seconds;
      return `| ${o.name} | ${fmt(o.batches)} | ${fmt(o.records)} | **${fmt(rps)}** | ${fmt(TARGET_RPS)} | ${rps >= TARGET_RPS ? 'yes' : 'NO'} | ${fmt(o.p50, 1)} | ${fmt(o.p95, 1)} | ${fmt(o.p99, 1)} | ${fmt(o.peakRssMb)} MB | ${fmt(o.cpuMsPerBatch.server, 1)} / ${fmt(o.cpuMsPerBatch.database, 1)} / ${fmt(o.cpuMsPerBatch.client, 1)} | ${o.storedInDb === o.acknowledged ? 'yes' : `NO (${o.storedInDb} vs ${o.acknowledged})`} |`;
    }),
  ];
  const path = join(ROOT, 'docs/PERFORMANCE.md');
  const doc = readFileSync(path, 'utf8');
  const block = `<!-- ingest:start -->\n${lines.join('\n')}\n<!-- ingest:end -->`;
  if (!doc.includes('<!-- ingest:start -->')) throw new Error('docs/PERFORMANCE.md has no ingest markers');
  writeFileSync(path, doc.replace(/<!-- ingest:start -->[\s\S]*<!-- ingest:end -->/, block));
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  await recreateDatabase();
  const database = await openDatabase({ kind: 'postgres', url: DB_URL, poolSize: 4 });
  await migrate(database);
  console.log(`Seeding ${POOL} students...`);
  const { chapters, cookies } = await seed(database);
  // BENCH_SERVER_NODE_ARGS passes extra flags to the server's node, e.g. "--cpu-prof" to profile it.
  const server = await startServer(
    PORT,
    { DATABASE_URL: DB_URL, SERVE_WEB: 'false', DEMO_DATA_ON_EMPTY: 'false' },
    { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  try {
    const now = Date.now();
    const MINUTE = 60_000;
    const DAY = 24 * 60 * MINUTE;
    const shapes: Shape[] = [
      // Client c uploads for students c, c + 20, c + 40, ...: each phone syncs its queue once (twice
      // if the run wraps the pool), activities 40 minutes apart within the last 30 days.
      {
        name: 'school sync (pool of 4,000 students)',
        studentFor: (c, n) => (c + n * CLIENTS) % POOL,
        finishedAt: (c, n, i) => new Date(now - (BATCH - i) * 40 * MINUTE - ((c + n * CLIENTS) % 30) * DAY),
      },
      // A class playing all day: each upload of a student is newer than the last (rollups continue).
      {
        name: 'same 20 students, growing histories in time order',
        studentFor: (c) => POOL - 1 - c,
        finishedAt: (_c, n, i) => new Date(now - 10 * DAY + (n * BATCH + i) * MINUTE),
      },
      // Worst case: each upload is a day older than the last (phones offline for days), so every
      // touched chapter is replayed from all of its records.
      {
        name: 'same 20 students, each upload older than the last',
        studentFor: (c) => POOL - 1 - CLIENTS - c,
        finishedAt: (_c, n, i) => new Date(now - (BATCH - i) * 40 * MINUTE - (n % 30) * DAY),
      },
    ];
    const outcomes: Outcome[] = [];
    for (const shape of shapes) {
      console.log(`Running "${shape.name}" for ${SECONDS} s...`);
      outcomes.push(await run(shape, chapters, cookies, server.pid!, database));
    }
    report(outcomes);
    const lost = outcomes.filter((o) => o.storedInDb !== o.acknowledged);
    if (lost.length) throw new Error('stored count differs from acknowledged records');
  } finally {
    server.kill('SIGTERM');
    await database.close();
  }
}

await main();
