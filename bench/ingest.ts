/**
 * npm run bench:ingest — learning-record ingest throughput (issue: prove it holds).
 *
 * A fresh PostgreSQL database (BENCH_INGEST_DATABASE_URL's server, database ki_bench_ingest, made
 * and dropped by this script) with one school of STUDENTS students and a curriculum of 3 subjects x
 * 5 chapters x 4 topics. The real server runs on it; CLIENTS concurrent students each upload
 * batches of BATCH records (topic games, revises, treasures, in time order, spread over 30 days)
 * through POST /api/v1/records, with rollup upkeep in the same transaction, for BENCH_SECONDS.
 * Two shapes:
 *   - "school sync": a pool of students, each phone uploading its queue once or twice (realistic);
 *   - "same 20 students": the same CLIENTS students upload again and again, so each history grows to
 *     thousands of records (worst case for rollup upkeep, which re-reads the touched chapters).
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
import { rssMb, startServer } from './server';

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

interface Shape {
  name: string;
  /** The student a client uploads for on its n-th batch. */
  studentFor(client: number, n: number): number;
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

/** One phone's queue: BATCH finished activities of the last 30 days, oldest first. */
function queue(chapters: TestChapter[], seed: number): RecordInput[] {
  const now = Date.now();
  return Array.from({ length: BATCH }, (_, i) => {
    const n = seed * 7919 + i * 31;
    const chapter = chapters[n % chapters.length]!;
    const finishedAt = new Date(now - (BATCH - i) * 40 * 60_000 - (seed % 30) * 86_400_000);
    if (i % 10 === 8) return chapterRecord('revise', chapter, { correct: n % 11, finishedAt, id: randomUUID() });
    if (i % 10 === 9) return chapterRecord('treasure', chapter, { correct: n % 11, finishedAt, id: randomUUID() });
    return topicRecord(chapter, chapter.topics[n % chapter.topics.length]!, {
      correct: n % 11,
      seconds: 3 + (n % 28),
      finishedAt,
      id: randomUUID(),
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

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
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const student = shape.studentFor(client, n);
        const records = queue(chapters, student * 1000 + n);
        const t0 = performance.now();
        const res = await fetch(`${BASE}/api/v1/records`, {
          method: 'POST',
          headers: { cookie: cookies[student]!, 'content-type': 'application/json' },
          body: JSON.stringify({ records }),
        });
        latencies.push(performance.now() - t0);
        const body = (await res.json()) as { stored: string[]; duplicates: string[]; rejected: { code: string }[] };
        if (res.status !== 200 || body.rejected.length)
          throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        for (const id of [...body.stored, ...body.duplicates]) acknowledged.add(id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
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
    '| shape | batches | records stored | records/s | target | met | batch p50 ms | p95 ms | p99 ms | server peak RSS | stored = acknowledged |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...outcomes.map((o) => {
      const rps = o.records / o.seconds;
      return `| ${o.name} | ${fmt(o.batches)} | ${fmt(o.records)} | **${fmt(rps)}** | ${fmt(TARGET_RPS)} | ${rps >= TARGET_RPS ? 'yes' : 'NO'} | ${fmt(o.p50, 1)} | ${fmt(o.p95, 1)} | ${fmt(o.p99, 1)} | ${fmt(o.peakRssMb)} MB | ${o.storedInDb === o.acknowledged ? 'yes' : `NO (${o.storedInDb} vs ${o.acknowledged})`} |`;
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
    const shapes: Shape[] = [
      // Client c uploads for students c, c + 20, c + 40, ...: each phone syncs its queue once or twice.
      { name: 'school sync (pool of 4,000 students)', studentFor: (c, n) => (c + n * CLIENTS) % POOL },
      { name: 'same 20 students, growing histories', studentFor: (c) => POOL - 1 - c },
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
