/**
 * Restart safety on PostgreSQL: the server process is killed with SIGKILL while twenty students
 * upload learning records. After a restart and the clients' retries, every record the server had
 * acknowledged is stored, every retried record is stored exactly once, and the rollup tables equal a
 * rebuild from the records. (PGlite is an embedded single-process database; this is about a real
 * PostgreSQL server surviving the loss of the application process.)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordInput } from '@ki/contracts';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { unsafeRebuildStudent } from './modules/records/records.service';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStudent,
  sessionCookie,
  topicRecord,
  chapterRecord,
  type TestChapter,
} from './test/factories';

const PG_URL = process.env.TEST_DATABASE_URL;
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = 20;
const BATCH = 25;

function startServer(url: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      DEMO_DATA_ON_EMPTY: 'false',
      SERVE_WEB: 'false',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe.skipIf(!PG_URL)('restart safety on PostgreSQL', () => {
  const dbName = `ki_restart_${randomBytes(4).toString('hex')}`;
  const url = PG_URL ? Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString() : '';
  let database: Database;
  let chapters: TestChapter[];
  const students: { id: number; cookie: string }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await migrate(database);
    const db = database.db;
    const boardId = await createBoard(db);
    const schoolId = await createSchool(db, { boardId });
    chapters = (await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 3, topics: 3 }))
      .chapters;
    for (let i = 0; i < STUDENTS; i++) {
      const id = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt: new Date('2026-01-01T00:00:00Z') });
      students.push({ id, cookie: await sessionCookie(db, id, new Date()) });
    }
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  /** A batch of a student's activity over the last weeks: topic games, revises and treasures. */
  function batch(seq: number): RecordInput[] {
    return Array.from({ length: BATCH }, (_, i) => {
      const n = seq * BATCH + i;
      // The first nine play every topic of the three chapters: a treasure needs its chapter's topics.
      const opening = i < 9;
      const chapter = chapters[opening ? Math.floor(i / 3) : n % chapters.length]!;
      const finishedAt = new Date(Date.now() - (n % 500) * 3_600_000 - 60_000);
      if (!opening && n % 7 === 3)
        return chapterRecord(n % 2 ? 'treasure' : 'revise', chapter, { correct: n % 11, finishedAt, id: randomUUID() });
      return topicRecord(chapter, chapter.topics[opening ? i % 3 : n % chapter.topics.length]!, {
        correct: n % 11,
        seconds: 3 + (n % 28),
        finishedAt,
        id: randomUUID(),
      });
    });
  }

  it('loses no acknowledged record and keeps rollups equal to a rebuild after SIGKILL mid-ingest', async () => {
    const port = 3800 + Math.floor(Math.random() * 150);
    const acknowledged = new Set<string>();
    /** Batches sent but not acknowledged (the connection died): the client retries them. */
    const unacknowledged: { cookie: string; records: RecordInput[] }[] = [];
    const post = async (cookie: string, records: RecordInput[]) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/records`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ records }),
      });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { stored: string[]; duplicates: string[]; rejected: unknown[] };
      expect(body.rejected).toEqual([]);
      for (const id of [...body.stored, ...body.duplicates]) acknowledged.add(id);
    };

    const first = startServer(url, port);
    await waitForHealth(port);
    let stop = false;
    let sent = 0;
    const clients = students.map(async (s, index) => {
      for (let seq = index * 1000; !stop; seq++) {
        const records = batch(seq);
        sent += records.length;
        try {
          await post(s.cookie, records);
        } catch {
          unacknowledged.push({ cookie: s.cookie, records });
          return;
        }
      }
    });
    // Kill the process while uploads are in flight, once a good number has been acknowledged.
    while (acknowledged.size < 600) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(clients);
    expect(unacknowledged.length, 'uploads cut off by the kill').toBeGreaterThan(0);

    const second = startServer(url, port);
    await waitForHealth(port);
    for (const u of unacknowledged) await post(u.cookie, u.records);
    second.child.kill('SIGTERM');
    await second.exited;

    const all = new Set([...acknowledged, ...unacknowledged.flatMap((u) => u.records.map((r) => r.id))]);
    const { rows } = await sql<{ id: string }>`select id::text from learning_records`.execute(database.db);
    const stored = new Set(rows.map((r) => r.id));
    expect(rows.length, 'each record stored once').toBe(stored.size);
    expect(
      [...acknowledged].filter((id) => !stored.has(id)),
      'acknowledged but lost',
    ).toEqual([]);
    expect(stored.size).toBe(all.size);
    expect(sent).toBeGreaterThanOrEqual(all.size);

    // Every rollup table, whole, before and after rebuilding every student from the records.
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like '%\\_stats'`.execute(
      database.db,
    );
    expect(tables.length).toBeGreaterThanOrEqual(5);
    const hashes = async () => {
      const out: Record<string, string> = {};
      for (const { table_name } of tables) {
        const { rows: h } = await sql<{ hash: string }>`
          select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from ${sql.table(table_name)} x`.execute(
          database.db,
        );
        out[table_name] = h[0]!.hash;
      }
      return out;
    };
    const incremental = await hashes();
    for (const s of students) await unsafeRebuildStudent({ database }, s.id);
    expect(await hashes()).toEqual(incremental);
  }, 240_000);
});
