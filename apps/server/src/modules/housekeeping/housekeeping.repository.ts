/**
 * Deletes rows that no rule reads any more (throttling counts, backoffs, one-time codes, sessions).
 * Each statement removes only rows past the cut-off its service passes in; counts come back for
 * the log.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

const deleted = (result: { numDeletedRows: bigint }[]) => Number(result.reduce((sum, r) => sum + r.numDeletedRows, 0n));

/** Throttling events older than `before` (every window that counts them is shorter). */
export async function deleteRateLimitEventsBefore(db: Kysely<DB>, before: Date): Promise<number> {
  return deleted(await db.deleteFrom('rate_limit_events').where('at', '<', before).execute());
}

/** Backoff counts whose last failure is older than `before` and whose wait, if any, is over at `now`. */
export async function deleteBackoffsBefore(db: Kysely<DB>, before: Date, now: Date): Promise<number> {
  return deleted(
    await db
      .deleteFrom('sign_in_backoffs')
      .where('last_failure_at', '<', before)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
      .execute(),
  );
}

/**
 * One-time codes that expired before `before` (sends are counted over the last hour only): sign-in
 * codes, and families' sign-ups never finished (they hold a child's name the parent did not confirm).
 */
export async function deleteOtpChallengesExpiredBefore(db: Kysely<DB>, before: Date): Promise<number> {
  const signIns = deleted(await db.deleteFrom('otp_challenges').where('expires_at', '<', before).execute());
  return signIns + deleted(await db.deleteFrom('family_sign_ups').where('expires_at', '<', before).execute());
}

/** Sessions that expired, or were signed out, before `before`. */
export async function deleteSessionsEndedBefore(db: Kysely<DB>, before: Date): Promise<number> {
  return deleted(
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute(),
  );
}

/**
 * ANALYZE on the embedded database (PGlite runs no autovacuum, so its planner would never learn the
 * tables' sizes); PostgreSQL's autovacuum does this itself.
 */
export async function refreshPlannerStatistics(database: Pick<Database, 'db' | 'kind'>): Promise<void> {
  if (database.kind === 'pglite') await sql`analyze`.execute(database.db);
}
