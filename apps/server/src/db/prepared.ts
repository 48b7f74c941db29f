/**
 * Statements planned once per connection. PostgreSQL plans an ordinary statement on every call; for
 * the few that every request runs (the session lookup) or that screens page through (the Students
 * Report), planning cost more than executing (on the benchmark chain a report page spent 1.5-3 ms
 * planning and about 0.5 ms executing). A query run through `executePrepared` goes to a pool of its
 * own whose connections prepare it once (a named statement) and always run its generic plan
 * (plan_cache_mode=force_generic_plan): left to choose, PostgreSQL kept planning the report page
 * afresh on every call.
 *
 * So only fixed-shape statements belong here: their text does not grow with the input (each
 * connection holds a handful), and their best plan is the same for every value (index lookups and
 * walks, not a choice between a scan and an index that the values decide). Inside a transaction a
 * query stays on the transaction's connection, named there too (records ingest prepares its four
 * statements this way: planning them took about 1.4 ms of PostgreSQL's 8 ms per batch); on PGlite
 * it runs as an ordinary statement. Named statements
 * live on one server connection: behind a pooler that hands each transaction another connection
 * (PgBouncer in transaction mode) they would fail, so the app connects to PostgreSQL directly.
 */
import { createHash } from 'node:crypto';
import type { Kysely, QueryResult, RawBuilder, Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/** Texts of the statements to prepare, with the name each is prepared under. */
const names = new Map<string, string>();
/** The database handle of each PostgreSQL database whose prepared statements have their own pool. */
const preparedHandles = new WeakMap<Kysely<DB>, Kysely<DB>>();

/** Called by openDatabase: `prepared` (a pool of PreparingClients) runs `db`'s prepared statements. */
export function usePreparedConnections(db: Kysely<DB>, prepared: Kysely<DB>): void {
  preparedHandles.set(db, prepared);
}

/**
 * Runs `query` as a named prepared statement (PostgreSQL), else as usual. Outside a transaction it
 * goes to the prepared pool and runs on its generic plan; inside one it stays on the transaction's
 * connection, prepared there, and PostgreSQL's default plan choice applies (after five runs it keeps
 * the generic plan when that costs no more, as it does for statements over JSON parameters).
 */
export function executePrepared<R>(db: Kysely<DB> | Transaction<DB>, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const target = db.isTransaction ? db : preparedHandles.get(db as Kysely<DB>);
  if (!target) return query.execute(db);
  const compiled = query.compile(target);
  if (!names.has(compiled.sql))
    names.set(compiled.sql, `ki_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`);
  return target.executeQuery(compiled);
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
