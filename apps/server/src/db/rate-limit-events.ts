/**
 * Throttling events (rate_limit_events), shared by every server process through the database: sign-in
 * sends and tries (auth) and parent-link attempts (student-dashboard) count here.
 */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export async function countEventsSince(db: Kysely<DB>, bucket: string, key: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordEvent(db: Kysely<DB>, bucket: string, key: string, at: Date): Promise<void> {
  await db.insertInto('rate_limit_events').values({ bucket, key, at }).execute();
}
