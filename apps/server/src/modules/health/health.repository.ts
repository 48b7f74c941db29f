/** SQL of the health check. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The cheapest round trip to the database; throws when it cannot answer. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
