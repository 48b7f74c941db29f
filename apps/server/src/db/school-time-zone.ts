import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** A school's time zone (migration 0018): its students' calendar days (records, the daily streak). */
export async function schoolTimeZone(db: Kysely<DB> | Transaction<DB>, schoolId: number): Promise<string> {
  const row = await db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return row.time_zone;
}
