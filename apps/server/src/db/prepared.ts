/**
 * Statements planned once per connection. PostgreSQL plans an ordinary statement on every call; for
 * the few that every request runs (the session lookup) or that screens page through (the Students
 * Report), planning cost more than executing (2-3 ms of PostgreSQL time per report page on this
 * machine). A query run through `executePrepared` is sent as a named prepared statement: its
 * connection parses and plans it once, and PostgreSQL keeps a generic plan once it sees that the
 * plan does not depend on the values.
 *
 * Only fixed-shape statements belong here (their text does not grow with the input, so each
 * connection holds a handful), and only ones whose best plan is the same for every value. PGlite
 * runs them as ordinary statements. Named statements live on one server connection: behind a
 * pooler that hands each transaction another connection (PgBouncer in transaction mode) they would
 * fail, so the app connects to PostgreSQL directly.
 */
import { createHash } from 'node:crypto';
import type { Kysely, QueryResult, RawBuilder } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/** Texts of the statements to prepare, with the name each is prepared under. */
const names = new Map<string, string>();

/** Runs `query` as a named prepared statement on PostgreSQL (as an ordinary one on PGlite). */
export function executePrepared<R>(db: Kysely<DB>, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  if (!names.has(compiled.sql)) names.set(compiled.sql, `ki_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`);
  return db.executeQuery(compiled);
}

/**
 * The PostgreSQL client of the pool: a statement text registered by executePrepared goes out with
 * its name (node-postgres then parses it once per connection); everything else as before.
 */
export class PreparingClient extends pg.Client {
  // node-postgres' query() has many overloads; Kysely calls query(text, values) and query(cursor).
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    const query = super.query as (...args: unknown[]) => never;
    if (name && callback === undefined) return query.call(this, { name, text: config, values });
    return query.call(this, config, values, callback);
  }
}
