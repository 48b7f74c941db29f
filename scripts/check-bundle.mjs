// Front-end budget: gzip size of each route's first-load JavaScript, from the Vite build manifest.
// First load of a route = the entry chunk and everything it imports statically, plus the route's
// lazy page chunk(s) and their static imports: what a phone downloads to show that page on a cold
// start in English, with the English strings of the route's screens (listed as src/locales/en/*.json
// modules: they load through i18next, not through an import Vite can see; other languages add
// their own small chunk).
// Each route has `maxKb`, the regression guard npm test enforces (set a little above the last
// measurement), and may have `targetKb`, the product's goal where it is not met yet
// (docs/PERFORMANCE.md says why).
//   node scripts/check-bundle.mjs            check every budget (exit 1 when one is exceeded)
//   node scripts/check-bundle.mjs --report   also print the largest chunks of each route
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const budgets = JSON.parse(readFileSync(join(root, 'apps/web/bundle-budgets.json'), 'utf8'));
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest: run `npm run build:web` first.');
  process.exit(1);
}

const gzipCache = new Map();
const gzipBytes = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};

/** Files a manifest entry loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const report = process.argv.includes('--report');
let failed = false;
const rows = [];
for (const [route, { modules, maxKb, targetKb }] of Object.entries(budgets.routes)) {
  const files = staticClosure(entryKey);
  for (const m of modules) staticClosure(m, files);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((n, f) => n + gzipBytes(f), 0) / 1024;
  const ok = kb <= maxKb;
  failed ||= !ok;
  rows.push(
    `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(28)} ${kb.toFixed(1).padStart(7)} KB gzip  (budget ${maxKb} KB, ${js.length} files)` +
      (targetKb !== undefined && kb > targetKb ? `  target ${targetKb} KB not met` : ''),
  );
  if (report) {
    for (const f of js.sort((a, b) => gzipBytes(b) - gzipBytes(a)).slice(0, 8))
      rows.push(`       ${(gzipBytes(f) / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
}
// The entry's code is compiled while it downloads, not piece by piece on the main thread as it
// first runs (apps/web/build/compile-hints.ts): part of the learner pages' Lighthouse figures.
const entryFile = manifest[entryKey].file;
if (!readFileSync(join(dist, entryFile), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')) {
  rows.push(`MISSING compile hint: ${entryFile} does not begin with V8's //# allFunctionsCalledOnLoad`);
  failed = true;
}
console.log(rows.join('\n'));
if (failed) {
  console.error(
    '\nA route is over its JavaScript budget (apps/web/bundle-budgets.json), or the entry lost its compile hint.',
  );
  process.exit(1);
}
