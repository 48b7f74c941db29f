import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { from as copyFrom } from 'pg-copy-streams';
import { copyLine } from './copy-format';
import { PreparingClient, usePreparedConnections } from './prepared';
import type { DB } from './schema';
import { PGliteDialect } from './pglite-dialect';

/**
 * One handle over either database. The SQL is the same for both: PostgreSQL 15 dialect, nothing newer.
 * count(*) and other int8 values come back as numbers and numeric as numbers on both, so callers never
 * see the difference ('pg' returns strings by default, PGlite numbers).
 */
export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (a migration file) in one transaction. */
  runScriptInTransaction(script: string): Promise<void>;
  /**
   * Bulk-loads rows with COPY (text format): for the demo and benchmark generators. Table and
   * column names are the caller's constants, never user input.
   */
  copyRows<T>(table: string, columns: readonly (keyof T & string)[], rows: readonly T[]): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; searchPath?: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string };

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v: string) => Number(v);

pg.types.setTypeParser(INT8, toNumber);
pg.types.setTypeParser(NUMERIC, toNumber);
// Calendar dates stay 'YYYY-MM-DD' strings: a Date at local midnight shifts with the time zone.
pg.types.setTypeParser(DATE, (v: string) => v);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPGlite(options.dataDir);
}

async function openPostgres(options: { url: string; searchPath?: string; poolSize?: number }): Promise<Database> {
  const searchPath = options.searchPath ? `-c search_path=${options.searchPath}` : '';
  const poolSize = options.poolSize ?? 10;
  // Its clients also name the statements that executePrepared runs inside a transaction.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: poolSize,
    Client: PreparingClient,
    ...(searchPath ? { options: searchPath } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  // The hot fixed-shape statements (db/prepared.ts) have connections of their own, where they are
  // prepared once and always run on their generic plan.
  const preparedPool = new pg.Pool({
    connectionString: options.url,
    max: Math.ceil(poolSize / 2),
    Client: PreparingClient,
    options: `${searchPath} -c plan_cache_mode=force_generic_plan`.trim(),
  });
  const preparedDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedPool }) });
  usePreparedConnections(db, preparedDb);
  return {
    db,
    kind: 'postgres',
    async runScriptInTransaction(script) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      const client = await pool.connect();
      try {
        const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
        const done = new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve);
          stream.on('error', reject);
        });
        // Chunks of a few thousand lines keep memory flat and the socket busy.
        for (let i = 0; i < rows.length; i += 2000) {
          let chunk = '';
          for (const row of rows.slice(i, i + 2000)) chunk += copyLine(row, columns);
          if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
        }
        stream.end();
        await done;
      } finally {
        client.release();
      }
    },
    close: once(async () => {
      await db.destroy();
      await preparedDb.destroy();
    }),
  };
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm, btree_gin },
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber, [DATE]: (v: string) => v },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    async runScriptInTransaction(script) {
      // Through Kysely's connection so the script waits its turn on the single PGlite connection.
      await db.connection().execute(async () => {
        try {
          await pglite.exec(`begin;\n${script}\n;commit;`);
        } catch (error) {
          await pglite.exec('rollback');
          throw error;
        }
      });
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      let text = '';
      for (const row of rows) text += copyLine(row, columns);
      await db.connection().execute(async () => {
        await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) });
      });
    },
    close: once(async () => {
      await db.destroy();
      await pglite.close();
    }),
  };
}

/** Closing twice (a test that closes early, then cleans up) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** DATABASE_URL selects PostgreSQL; otherwise the embedded database lives in DATA_DIR/pglite. */
export function databaseOptionsFromConfig(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseOptions {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: `${config.DATA_DIR.replace(/\/$/, '')}/pglite` };
}
