import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { FileStore } from '../providers/file-store/file-store';
import { loadAuthoringDemo } from './authoring-demo';
import { loadDriveDemo } from './drive-demo';
import { generateDemoChain } from './generate';

/** The chain `npm start` loads into an empty database: small enough to load in seconds. */
export const DEFAULT_DEMO = { schools: 3, studentsPerSchool: 180, seed: 1 } as const;

/** Whether the database holds a school already (a chain has been loaded). */
export async function hasSchools(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('schools')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) > 0;
}

/** Loads the default demo chain when the database has no schools yet. */
export async function loadDefaultDemoIfEmpty(
  database: Database,
  log: FastifyBaseLogger,
  now = new Date(),
  files?: FileStore,
): Promise<void> {
  if (await hasSchools(database)) return;
  log.info('empty database: loading the demo school chain (once)');
  const summary = await generateDemoChain(database, { ...DEFAULT_DEMO, now, log: (m) => log.info(m) });
  log.info(summary, 'demo school chain loaded');
  await loadDemoExtras(database, now, files);
}

/**
 * What the generator does not write, loaded once beside the first chain of a database (here and by
 * `npm run demo:data`): the content team's drafts and reviews, and the demo teacher's drive, whose
 * documents need the file store.
 */
export async function loadDemoExtras(database: Database, now: Date, files?: FileStore): Promise<void> {
  await loadAuthoringDemo(database, now);
  if (files) await loadDriveDemo(database, files, now);
}
