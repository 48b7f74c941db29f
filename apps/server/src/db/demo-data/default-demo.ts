import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../database';

/**
 * Loads the small default demo chain when the database has no schools yet, so a fresh `npm start`
 * shows a populated product. Filled in by the demo-data generator (issue: records and demo chain).
 */
export async function loadDefaultDemoIfEmpty(database: Database, log: FastifyBaseLogger): Promise<void> {
  const row = await database.db.selectFrom('schools').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (row.n > 0) return;
  log.warn('database has no schools and the demo-data generator is not built yet');
}
