/**
 * npm run bench: dashboard read benchmarks at chain scale (issue: school analytics).
 *
 * 1. Uses (or generates) the benchmark chain in BENCH_DATABASE_URL: 100 schools, 100,000 students,
 *    more than 10 million learning records (`--generate` forces a new chain).
 * 2. Starts the real server on that database and signs in as demo staff.
 * 3. Drives each dashboard call with 8 concurrent clients for a fixed time, recording every latency.
 * 4. Streams the CSV of all 100,000 students, measuring rows/s and the server's memory.
 * 5. Answers each question again by direct aggregation over the raw learning records.
 * 6. Writes the figures into docs/PERFORMANCE.md between the bench markers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_STUDENT_CODE } from '../apps/server/src/demo-data/generate';
import { rssMb, startServer } from './server';
import { percentile } from './stats';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ki_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each call is driven this many times and the run with the median p95 is reported: on this shared
 * machine one run of the same code varied by a third between minutes.
 */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CONNECTIONS = 8;
const PASSWORD = DEMO_PASSWORD;
const args = new Set(process.argv.slice(2));
/** BENCH_ONLY=<regular expression>: only the calls whose name matches ("CSV" for the download), printed, not written. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

async function datasetSize(client: pg.Client) {
  const { rows } = await client.query(
    `select (select count(*) from schools)::int as schools, (select count(*) from student_enrolments)::int as students,
            (select count(*) from learning_records)::int as records`,
  );
  return rows[0] as { schools: number; students: number; records: number };
}

async function ensureDataset(): Promise<{ schools: number; students: number; records: number }> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  let size = await datasetSize(client).catch(() => ({ schools: 0, students: 0, records: 0 }));
  if (args.has('--generate') || size.schools < 100 || size.records < 10_000_000) {
    console.log(`Generating the benchmark chain in ${DB_URL} (about 11 minutes)...`);
    const result = spawnSync(
      'npm',
      [
        'run',
        'demo:data',
        '--',
        '--reset',
        '--schools',
        '100',
        '--students-per-school',
        '1000',
        '--seed',
        '1',
        '--activity',
        '2.5',
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: DB_URL, LOG_LEVEL: 'warn' } },
    );
    if (result.status !== 0) throw new Error('generation failed');
    size = await datasetSize(client);
  }
  await client.query('analyze');
  await client.end();
  return size;
}

async function signIn(mobile: string): Promise<string> {
  return cookieOf(
    await fetch(`${BASE}/api/v1/auth/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, password: PASSWORD }),
    }),
  );
}

/** The demo student signs in with their school-issued code. */
async function signInStudent(code: string): Promise<string> {
  return cookieOf(
    await fetch(`${BASE}/api/v1/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, password: PASSWORD }),
    }),
  );
}

function cookieOf(res: Response): string {
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${res.url}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Result {
  name: string;
  /** p95 target in ms; null where the issue sets none. */
  target: number | null;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  rawMs?: number;
}

/** Seconds of unrecorded load before a call is measured: the server's JIT and the connections' plans warm up. */
const WARMUP_S = 2;

async function warmUp(path: string, cookie: string): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: WARMUP_S, headers: { cookie } }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

async function drive(name: string, path: string, cookie: string, target: number | null): Promise<Result> {
  const latencies: number[] = [];
  const check = await fetch(`${BASE}${path}`, { headers: { cookie } });
  if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  latencies.sort((a, b) => a - b);
  const result = {
    name,
    target,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: summary.requests.average,
    errors: summary.non2xx + summary.errors,
  };
  console.log(
    `${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s`,
  );
  return result;
}

/** The same answers straight from raw learning records: the cost the rollups avoid. */
const RAW_SCORES = (schools: string) => `
  with attempts as (
    select student_id, topic_id, learning_efficiency *
           greatest(0.7, 1 - 0.1 * (row_number() over (partition by student_id, topic_id order by finished_at, id) - 1)) as le
    from learning_records where kind = 'topic' and school_id in (${schools})),
  topic_best as (select student_id, topic_id, max(le) as le from attempts group by 1, 2),
  chapter_best as (select student_id, chapter_id, max(percent) as ke from learning_records
                   where kind = 'treasure' and school_id in (${schools}) group by 1, 2),
  scores as (
    select e.student_id, e.grade,
           0.2 * coalesce((select avg(le) from topic_best t where t.student_id = e.student_id), 0)
         + 0.8 * coalesce((select avg(ke) from chapter_best c where c.student_id = e.student_id), 0) as total,
           (select max(finished_at) from learning_records r where r.student_id = e.student_id) as last_at
    from student_enrolments e where e.school_id in (${schools}))`;

/** One student's score and record count straight from their learning records. */
const RAW_STUDENT = (studentId: number) => `
  with attempts as (
    select topic_id, learning_efficiency *
           greatest(0.7, 1 - 0.1 * (row_number() over (partition by topic_id order by finished_at, id) - 1)) as le
    from learning_records where kind = 'topic' and student_id = ${studentId}),
  topic_best as (select topic_id, max(le) as le from attempts group by 1),
  chapter_best as (select chapter_id, max(percent) as ke from learning_records where kind = 'treasure' and student_id = ${studentId} group by 1)
  select 0.2 * coalesce((select avg(le) from topic_best), 0) + 0.8 * coalesce((select avg(ke) from chapter_best), 0) as total,
         (select count(*) from learning_records where student_id = ${studentId}) as records`;

async function timeRaw(client: pg.Client, sql: string, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await client.query(sql);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main() {
  const size = await ensureDataset();
  console.log(`Dataset: ${size.schools} schools, ${size.students} students, ${size.records} learning records`);
  // The machine may be shared: the load average says how far to trust the figures.
  const load = { start: loadavg()[0]!, peak: loadavg()[0]! };
  const loadSampler = setInterval(() => (load.peak = Math.max(load.peak, loadavg()[0]!)), 1000);
  // BENCH_SERVER_NODE_ARGS passes extra flags to the server's node, e.g. "--cpu-prof" to profile it.
  const server = await startServer(
    PORT,
    { DATABASE_URL: DB_URL, SERVE_WEB: 'false', DEMO_DATA_ON_EMPTY: 'false', TRUST_PROXY: 'false' },
    { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  const pid = server.pid!;
  const memory = { start: rssMb(pid), peak: rssMb(pid) };
  const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, rssMb(pid))), 100);
  try {
    const multi = await signIn('9000000003'); // principal of the two first schools: a 2,000-student scope
    const admin = await signIn('9000000001');
    const pair = (
      (await (await fetch(`${BASE}/api/v1/me/schools`, { headers: { cookie: multi } })).json()) as {
        schools: { id: number }[];
      }
    ).schools.map((s) => s.id);
    const chain = (
      (await (await fetch(`${BASE}/api/v1/me/schools`, { headers: { cookie: admin } })).json()) as {
        schools: { id: number }[];
      }
    ).schools.map((s) => s.id);
    const two = `schoolIds=${pair.join(',')}`;
    const all = `schoolIds=${chain.join(',')}`;
    const db = new pg.Client({ connectionString: DB_URL });
    await db.connect();
    const science = (await db.query(`select id from subjects where slug = 'science'`)).rows[0].id as number;
    const chapter = (
      await db.query(
        `select c.id from chapters c join school_boards sb on sb.board_id = c.board_id where sb.school_id = $1 and c.subject_id = $2 and c.grade = 7 order by c.position limit 1`,
        [pair[0], science],
      )
    ).rows[0].id as number;
    const topic = (await db.query(`select id from topics where chapter_id = $1 order by position limit 1`, [chapter]))
      .rows[0].id as number;
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    // The demo student: their own leaderboard, and their dashboard as their principal opens it.
    const student = await signInStudent(DEMO_STUDENT_CODE);
    const aarav = (
      await db.query(
        `select e.student_id as id, e.school_id, e.grade from users u join student_enrolments e on e.student_id = u.id where u.login_code = $1`,
        [DEMO_STUDENT_CODE],
      )
    ).rows[0] as { id: number; school_id: number; grade: number };
    const pairSql = pair.join(',');
    const chainSql = chain.join(',');

    const scenarios: [string, string, string, number | null, string | null][] = [
      [
        'School overview (2,000 students)',
        `/api/v1/analytics/overview?${two}`,
        multi,
        50,
        `${RAW_SCORES(pairSql)} select grade, count(*), count(*) filter (where last_at >= '${since}'), avg(total) filter (where last_at >= '${since}') from scores group by grade`,
      ],
      [
        'Grade detail (grade 7 of 2,000 students)',
        `/api/v1/analytics/grade?${two}&grade=7`,
        multi,
        50,
        `${RAW_SCORES(pairSql)} select least(floor(round(total::numeric) / 10), 9), count(*) from scores where grade = 7 group by 1`,
      ],
      [
        'Chain overview (100 schools)',
        `/api/v1/analytics/overview?${all}`,
        admin,
        150,
        `${RAW_SCORES(chainSql)} select grade, count(*), count(*) filter (where last_at >= '${since}'), avg(total) filter (where last_at >= '${since}') from scores group by grade`,
      ],
      [
        'Student list page (page 5)',
        `/api/v1/analytics/students?${two}&page=5`,
        multi,
        30,
        `${RAW_SCORES(pairSql)} select * from scores order by total desc limit 10 offset 40`,
      ],
      [
        'Student name search',
        `/api/v1/analytics/students?${two}&search=patil`,
        multi,
        30,
        `${RAW_SCORES(pairSql)} select s.* from scores s join users u on u.id = s.student_id where lower(u.first_name || ' ' || u.last_name) like '%patil%' order by s.total desc, s.student_id limit 10`,
      ],
      [
        'Insights (2 schools)',
        `/api/v1/analytics/insights?${two}`,
        multi,
        null,
        `${RAW_SCORES(pairSql)} select grade, count(*), count(*) filter (where round(total::numeric) >= 90), count(*) filter (where round(total::numeric) < 50), count(*) filter (where last_at is null or last_at < '${since}') from scores where grade is not null group by grade`,
      ],
      [
        'Subject detail (science, grade 7)',
        `/api/v1/analytics/subject?${two}&grade=7&subjectId=${science}`,
        multi,
        60,
        `select count(distinct student_id), count(distinct student_id) filter (where kind = 'treasure') from learning_records where school_id in (${pairSql}) and subject_id = ${science} and grade = 7`,
      ],
      [
        'Chapter detail',
        `/api/v1/analytics/subject?${two}&grade=7&subjectId=${science}&chapterId=${chapter}`,
        multi,
        60,
        `select count(distinct student_id), count(distinct student_id) filter (where kind = 'treasure') from learning_records where school_id in (${pairSql}) and chapter_id = ${chapter}`,
      ],
      [
        'Topic student list',
        `/api/v1/analytics/subject/students?${two}&grade=7&subjectId=${science}&chapterId=${chapter}&topicId=${topic}`,
        multi,
        30,
        `with attempts as (select student_id, duration_seconds, learning_efficiency * greatest(0.7, 1 - 0.1 * (row_number() over (partition by student_id order by finished_at, id) - 1)) as le from learning_records where kind = 'topic' and topic_id = ${topic} and school_id in (${pairSql}) and grade = 7) select student_id, max(le) as le, sum(duration_seconds) from attempts group by 1 order by 2 desc, 1 limit 10`,
      ],
      [
        'Student dashboard (as the principal)',
        `/api/v1/students/${aarav.id}/dashboard`,
        multi,
        null,
        RAW_STUDENT(aarav.id),
      ],
      [
        'Student subject analysis',
        `/api/v1/students/${aarav.id}/subjects/${science}`,
        multi,
        null,
        RAW_STUDENT(aarav.id),
      ],
      [
        'Class leaderboard (as the student)',
        '/api/v1/leaderboard',
        student,
        null,
        `${RAW_SCORES(String(aarav.school_id))} select * from scores where grade = ${aarav.grade} order by total desc limit 10`,
      ],
    ];
    const results: Result[] = [];
    for (const [name, path, cookie, target, raw] of scenarios) {
      if (ONLY && !ONLY.test(name)) continue;
      const runs: Result[] = [];
      await warmUp(path, cookie);
      for (let i = 0; i < REPEATS; i++) runs.push(await drive(name, path, cookie, target));
      const r = runs.sort((a, b) => a.p95 - b.p95)[Math.floor(runs.length / 2)]!;
      if (raw) r.rawMs = await timeRaw(db, raw, name.startsWith('Chain') ? 1 : 3);
      results.push(r);
    }

    if (ONLY && !ONLY.test('CSV')) {
      await db.end();
      return;
    }
    // CSV of every student of the chain, streamed.
    const before = rssMb(pid);
    memory.peak = before;
    const started = performance.now();
    const res = await fetch(`${BASE}/api/v1/analytics/students.csv?${all}`, { headers: { cookie: admin } });
    let rows = -1; // the header line
    let bytes = 0;
    // Count line feeds in the bytes: cheap, so the client takes little CPU from the server.
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    }
    const seconds = (performance.now() - started) / 1000;
    // The same rows' scores and last activity straight from the raw records (one run: it is slow).
    const rawSeconds =
      (await timeRaw(db, `${RAW_SCORES(chainSql)} select * from scores order by total desc, student_id`, 1)) / 1000;
    await db.end();
    const csv = {
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      mb: bytes / 1e6,
      memoryGrowthMb: memory.peak - before,
      rawSeconds,
    };
    console.log(
      `CSV: ${rows} rows in ${seconds.toFixed(1)} s (${csv.rowsPerSecond.toFixed(0)} rows/s), server memory +${csv.memoryGrowthMb.toFixed(0)} MB; raw ${rawSeconds.toFixed(1)} s`,
    );
    // A partial run (BENCH_ONLY) only prints: the report is the whole table.
    if (!ONLY) writeReport(size, results, csv, memory, { ...load, end: loadavg()[0]! });
  } finally {
    clearInterval(sampler);
    clearInterval(loadSampler);
    server.kill('SIGTERM');
  }
}

function writeReport(
  size: { schools: number; students: number; records: number },
  results: Result[],
  csv: { rows: number; seconds: number; rowsPerSecond: number; mb: number; memoryGrowthMb: number; rawSeconds: number },
  memory: { start: number; peak: number },
  load: { start: number; peak: number; end: number },
) {
  const f = (n: number) => n.toFixed(1);
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB,`,
    `PostgreSQL on 127.0.0.1, ${CONNECTIONS} concurrent clients, ${WARMUP_S} s of warm-up then ${DURATION_S} s per run, the median run (by p95) of ${REPEATS} per call. Data set: ${size.schools} schools,`,
    `${size.students.toLocaleString('en-IN')} students, ${size.records.toLocaleString('en-IN')} learning records. "Raw" answers the same question`,
    'by direct aggregation over the learning records (scores recomputed per student; median of 3 runs, 1 for the chain).',
    `Load average (1 min) of the machine: ${load.start.toFixed(2)} at the start, ${load.peak.toFixed(2)} at most, ${load.end.toFixed(2)} at the end (${cpus().length} cores).`,
    '',
    '| call | p50 ms | p95 ms | p99 ms | req/s | target p95 | met | raw ms | raw / p50 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.rps.toFixed(0)} | ${r.target ?? '—'} | ${r.target === null ? '—' : r.p95 <= r.target && r.errors === 0 ? 'yes' : 'NO'} | ${r.rawMs === undefined ? '—' : r.rawMs.toFixed(0)} | ${r.rawMs === undefined ? '—' : `${Math.round(r.rawMs / r.p50)}×`} |`,
    ),
    '',
    `CSV of every student of the chain (${csv.rows.toLocaleString('en-IN')} rows, ${csv.mb.toFixed(1)} MB): ${csv.seconds.toFixed(1)} s,`,
    `**${Math.round(csv.rowsPerSecond).toLocaleString('en-IN')} rows/s** (target ≥ 50,000), server memory growth during the download`,
    `${csv.memoryGrowthMb.toFixed(0)} MB (target < 100 MB). Server memory: ${memory.start.toFixed(0)} MB at start, ${memory.peak.toFixed(0)} MB peak.`,
    `Raw: the same rows' scores and last activity by direct aggregation took ${csv.rawSeconds.toFixed(1)} s before the first byte could be written`,
    `(${Math.round(csv.rawSeconds / csv.seconds)}× the whole download).`,
  ];
  const path = join(ROOT, 'docs/PERFORMANCE.md');
  const doc = readFileSync(path, 'utf8');
  const block = `<!-- bench:start -->\n${lines.join('\n')}\n<!-- bench:end -->`;
  writeFileSync(path, doc.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, block));
  console.log(`Wrote docs/PERFORMANCE.md`);
}

await main();
