/**
 * npm run bench:lighthouse — Lighthouse (mobile preset: Moto G Power viewport, 4x CPU slowdown,
 * slow 4G) performance and accessibility of the learner's /concepts and a topic game, in Debian's
 * Chromium, against the real server serving the built app on a fresh embedded demo database.
 *
 * The student signs in through the API; Lighthouse sends the session cookie with every request.
 * Each page is measured RUNS times (default 3) and the median is reported. Figures go into
 * docs/PERFORMANCE.md between the lighthouse markers. Needs `npm run build:web` first.
 * LIGHTHOUSE_REPORTS=<folder> also keeps each run's full JSON report there (long tasks, the LCP
 * element and its phases, every request), to see where a page's time goes.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3902);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STUDENT = { code: '20260000000010', password: 'Learn@2026' };
// Issue 7 asked accessibility >= 95; issue #28 (the game feel) raised it to 100 on the same two pages.
const TARGETS = { performance: 90, accessibility: 100 };
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDENT),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie.split(';')[0]!;
}

async function gamePath(cookie: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/learn/subjects/science/bundle`, { headers: { cookie } });
  const bundle = (await res.json()) as { chapters: { slug: string; topics: { slug: string }[] }[] };
  const chapter = bundle.chapters[0]!;
  return `/science/${chapter.slug}/${chapter.topics[0]!.slug}/play`;
}

interface Scores {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's speed (higher is faster): scores of two machines compare only with it. */
  benchmarkIndex: number;
}

/** One Lighthouse run; null when Lighthouse itself failed (e.g. NO_NAVSTART), which scores nothing. */
async function measure(port: number, url: string, cookie: string): Promise<Scores | null> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    { extends: 'lighthouse:default', settings: { extraHeaders: { Cookie: cookie } } },
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(
      join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
      String(result.report),
    );
  }
  if (result.lhr.runtimeError) {
    console.warn(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}; measuring again`);
    return null;
  }
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ki-lighthouse-'));
  // Production never loads the demo chain (its accounts share a published password): a development
  // start loads it into the embedded database first, then the production server serves it.
  const loader = await startServer(
    PORT,
    { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA_ON_EMPTY: 'true' },
    { timeoutMs: 300_000 },
  );
  await new Promise((resolve) => {
    loader.once('exit', resolve);
    loader.kill('SIGTERM');
  });
  const server = await startServer(
    PORT,
    {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'lighthouse-bench-secret-of-enough-length-0123456789',
      // Production refuses the development SMS outbox; the student signs in by code and password.
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/unused',
    },
    { timeoutMs: 300_000 },
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The browser's exact build: the same code scores very differently under another Chromium
  // (docs/PERFORMANCE.md, 2026-11-28 late evening), so the block names it.
  const browser = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    .then((res) => res.json() as Promise<{ Browser?: string }>)
    .then(
      (info) => info.Browser ?? 'unknown browser',
      () => 'unknown browser',
    );
  const rows: string[] = [];
  const indexes: number[] = [];
  const load = loadavg()[0]!.toFixed(1);
  try {
    const cookie = await signIn();
    const pages = [
      { name: '/concepts', path: '/concepts' },
      { name: 'topic game', path: await gamePath(cookie) },
    ];
    for (const page of pages) {
      const runs: Scores[] = [];
      // A run Lighthouse itself could not complete is measured again (at most RUNS more times).
      for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
        const scores = await measure(chrome.port, `${BASE}${page.path}`, cookie);
        if (scores) runs.push(scores);
      }
      if (runs.length === 0) throw new Error(`Lighthouse failed on every run of ${page.name}`);
      const m = (k: keyof Scores) => median(runs.map((r) => r[k]));
      indexes.push(...runs.map((r) => r.benchmarkIndex));
      const verdict = m('performance') >= TARGETS.performance && m('accessibility') >= TARGETS.accessibility;
      rows.push(
        `| ${page.name} | ${m('performance')} (${runs.map((r) => r.performance).join(', ')}) | ${m('accessibility')} | ` +
          `${Math.round(m('fcpMs'))} | ${Math.round(m('lcpMs'))} | ${Math.round(m('tbtMs'))} | ${verdict ? 'met' : 'not met'} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
  const day = new Date().toISOString().slice(0, 10);
  const block = [
    '<!-- lighthouse:start -->',
    `Measured ${day} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}, Lighthouse benchmark index ${Math.round(median(indexes))}), ${browser}, 1-minute load average ${load} at the start;`,
    `Lighthouse mobile preset (4x CPU slowdown, slow 4G), median of ${RUNS} runs, targets: performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}.`,
    '',
    '| Page | Performance (runs) | Accessibility | FCP ms | LCP ms | TBT ms | Target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- lighthouse:end -->',
  ].join('\n');
  const path = join(ROOT, 'docs/PERFORMANCE.md');
  const doc = readFileSync(path, 'utf8');
  if (!doc.includes('<!-- lighthouse:start -->')) throw new Error('docs/PERFORMANCE.md has no lighthouse markers');
  writeFileSync(path, doc.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, block));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
