// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a build, so the server
// sends phones compressed files without compressing on each request (@fastify/static preCompressed).
//   node scripts/precompress.mjs <dist dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dist dir>');
  process.exit(2);
}
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
let files = 0;
let before = 0;
let after = 0;
function walk(path) {
  for (const name of readdirSync(path)) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') walk(full);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const raw = readFileSync(full);
    if (raw.length < 1024) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
    files += 1;
    before += raw.length;
    after += br.length;
  }
}
walk(dir);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
);
