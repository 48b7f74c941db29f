/**
 * Checks every curriculum file (or those of one subject): `npx tsx validate.ts [subject]`, the
 * translations (grade-NN.<lang>.json) against their English file too. Prints per-file counts and
 * every problem; exits 1 when any file is invalid.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CurriculumFileSchema } from './curriculum-file.schema';
import { ENGLISH_FILE, TRANSLATION_FILE, TranslationFileSchema, compareTranslation } from './translation-file.schema';

const root = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
let failed = false;
for (const subject of readdirSync(root).sort()) {
  const dir = join(root, subject);
  if (!statSync(dir).isDirectory() || (only && subject !== only)) continue;
  const names = readdirSync(dir).sort();
  for (const file of names.filter((f) => ENGLISH_FILE.test(f))) {
    const path = join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      failed = true;
      console.log(`${subject}/${file}: not valid JSON: ${(e as Error).message}`);
      continue;
    }
    const parsed = CurriculumFileSchema.safeParse(json);
    if (!parsed.success) {
      failed = true;
      console.log(`${subject}/${file}: INVALID`);
      for (const issue of parsed.error.issues) console.log(`  ${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    const f = parsed.data;
    if (f.subject !== subject) {
      failed = true;
      console.log(`${subject}/${file}: subject field "${f.subject}" does not match folder`);
    }
    const topics = f.chapters.flatMap((c) => c.topics);
    const questions = topics.reduce((n, t) => n + (t.questions?.length ?? 0), 0);
    console.log(
      `${subject}/${file}: grade ${f.grade}, ${f.chapters.length} chapters, ${topics.length} topics, ${questions} questions`,
    );
    for (const tfile of names.filter((n) => n.startsWith(file.replace(/\.json$/, '.')) && TRANSLATION_FILE.test(n))) {
      const t = TranslationFileSchema.safeParse(JSON.parse(readFileSync(join(dir, tfile), 'utf8')));
      const problems = t.success
        ? compareTranslation(f, t.data).errors
        : t.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      if (problems.length) failed = true;
      console.log(`${subject}/${tfile}: ${problems.length ? 'INVALID' : 'ok'}`);
      for (const p of problems) console.log(`  ${p}`);
    }
  }
}
process.exit(failed ? 1 : 0);
