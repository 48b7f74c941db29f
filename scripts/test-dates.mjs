// `npm run test:e2e:dates`: the browser journeys at dates other than the fixed one they normally run
// at (e2e/env.ts), to show that no journey depends on the calendar (issue #20). Each date gets a
// fresh server whose clock starts there and a demo chain whose activity ends there; pages run their
// Date from it too.
//
//   node scripts/test-dates.mjs                      +1, +17 and +200 days from E2E_DEFAULT_NOW
//   node scripts/test-dates.mjs --days 0,1,17,200 --from 2026-11-26T06:30:00Z [-- <playwright args>]
//
// The server suites need no such run: their clock is fixed by buildTestApp (2026-11-20), and the
// demo generator is checked at far-apart dates in apps/server/src/demo-data/generate.int.test.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const DAY_MS = 86_400_000;
const fixed = /E2E_DEFAULT_NOW = '([^']+)'/.exec(readFileSync(new URL('../e2e/env.ts', import.meta.url), 'utf8'))[1];
const { values, positionals } = parseArgs({
  options: {
    days: { type: 'string', default: '1,17,200' },
    from: { type: 'string', default: fixed },
    'no-build': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const from = new Date(values.from);
const days = values.days.split(',').map(Number);
if (Number.isNaN(from.getTime()) || days.some((d) => !Number.isInteger(d))) {
  console.error(
    'Usage: node scripts/test-dates.mjs [--days 1,17,200] [--from ISO-DATE] [--no-build] [-- playwright args]',
  );
  process.exit(2);
}

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } }).status;
if (!values['no-build'] && run('npm', ['run', 'build:web']) !== 0) process.exit(1);

const summary = [];
for (const d of days) {
  const now = new Date(from.getTime() + d * DAY_MS).toISOString();
  console.log(`\n=== browser journeys with the clock at ${now} (${d >= 0 ? '+' : ''}${d} days) ===`);
  const started = Date.now();
  const status = run('npm', ['run', 'test', '-w', '@ki/e2e', '--', ...positionals], { E2E_NOW: now });
  summary.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${now} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(`\n${summary.join('\n')}`);
process.exit(summary.every((line) => line.startsWith('ok')) ? 0 : 1);
