import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: two servers starting together take turns instead of migrating twice. */
const MIGRATION_LOCK_KEY = 4_711_2026;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies every migrations/NNNN_name.sql not yet recorded in schema_migrations, in name order, each in
 * its own transaction. The same files run on PGlite and PostgreSQL.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const { db } = database;
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(db);
  try {
    const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const script = readFileSync(join(dir, file), 'utf8');
      const record = `insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');`;
      await database.runScriptInTransaction(`${script}\n;\n${record}`);
      applied.push(file);
    }
    return { applied };
  } finally {
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(db);
  }
}
