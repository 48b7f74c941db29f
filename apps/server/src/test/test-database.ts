import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface TestDatabase {
  database: Database;
  /** Drops everything the test file made. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a throw-away schema
 * on the PostgreSQL named by TEST_DATABASE_URL (CI runs the server suite both ways).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database);
    return { database, cleanup: () => database.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, searchPath: `${schema},public`, poolSize: 4 });
  await migrate(database);
  return {
    database,
    async cleanup() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}
