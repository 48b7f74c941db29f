/**
 * npm run demo:data -- --schools 3 --students-per-school 600 --seed 1 [--now 2026-11-20T10:00:00Z] [--activity 1] [--reset]
 * Generates the demo chain into the configured database (DATABASE_URL, else the embedded one). The
 * first chain of a database also gets what `npm start` loads beside it (default-demo.ts): the
 * content team's drafts and the demo teacher's drive, its documents in DATA_DIR/files.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { LocalDiskFileStore } from '../providers/file-store/local-disk-file-store';
import { hasSchools, loadDemoExtras } from './default-demo';
import { generateDemoChain } from './generate';

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '3' },
    'students-per-school': { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    now: { type: 'string' },
    activity: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
  },
});
const schools = Number(values.schools);
const studentsPerSchool = Number(values['students-per-school']);
const seed = Number(values.seed);
const now = values.now ? new Date(values.now) : new Date();
const activity = Number(values.activity);
if (
  ![schools, studentsPerSchool, seed].every(Number.isInteger) ||
  schools < 1 ||
  studentsPerSchool < 1 ||
  Number.isNaN(now.getTime()) ||
  !(activity > 0 && activity <= 10)
) {
  console.error(
    'Usage: npm run demo:data -- --schools N --students-per-school N --seed N [--now ISO-DATE] [--activity 1..10] [--reset]',
  );
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseOptionsFromConfig(config));
try {
  await migrate(database);
  if (values.reset) {
    await sql`truncate school_chains, boards, schools, school_boards, subjects, chapters, topics, concepts, questions, users,
      student_enrolments, staff_schools, teacher_assignments, parent_links, sessions, learning_records, student_topic_stats,
      student_chapter_stats, student_subject_practice_stats, student_subject_stats, student_stats, student_daily_stats restart identity cascade`.execute(
      database.db,
    );
    console.log('Database emptied.');
  }
  const firstChain = !(await hasSchools(database));
  const started = Date.now();
  const summary = await generateDemoChain(database, {
    schools,
    studentsPerSchool,
    seed,
    now,
    activity,
    log: (m) => console.log(m),
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Demo chain ${summary.chainId}: ${summary.schoolIds.length} schools, ${summary.students} students, ${summary.records} records in ${seconds.toFixed(1)} s ` +
      `(${Math.round(summary.records / seconds)} records/s)`,
  );
  if (firstChain) {
    await loadDemoExtras(database, now, new LocalDiskFileStore(join(config.DATA_DIR, 'files')));
    console.log("Loaded the content drafts and the demo teacher's drive beside the first chain.");
  }
} finally {
  await database.close();
}
