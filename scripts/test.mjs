// `npm test`: every test there is, in the order that fails fastest.
//   1. unit tests (domain rules, contracts, web modules)
//   2. server integration tests (real database: PGlite in memory, or TEST_DATABASE_URL's PostgreSQL)
//   3. web build and its per-route JavaScript budgets (scripts/check-bundle.mjs)
//   4. browser journeys in Debian's Chromium against the built app (Playwright)
import { spawnSync } from 'node:child_process';

const steps = [
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['server integration tests', 'npx', ['vitest', 'run', '--project', 'server']],
  ['web build', 'npm', ['run', 'build:web']],
  ['front-end budgets (gzip first-load JavaScript per route)', 'node', ['scripts/check-bundle.mjs']],
  ['browser tests', 'npm', ['run', 'test', '-w', '@ki/e2e']],
];

const summary = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (result.status !== 0) {
    console.log(`\n${summary.join('\n')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${summary.join('\n')}`);
