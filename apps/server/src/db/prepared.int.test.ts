import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { executePrepared } from './prepared';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('executePrepared', () => {
  it('answers like an ordinary statement, value after value', async () => {
    const query = (n: number) => sql<{ doubled: number; label: string }>`select ${n}::int * 2 as doubled, 'n' || ${n}::text as label`;
    for (const n of [1, 7, 42]) {
      const prepared = await executePrepared(t.database.db, query(n));
      const plain = await query(n).execute(t.database.db);
      expect(prepared.rows).toEqual([{ doubled: n * 2, label: `n${n}` }]);
      expect(prepared.rows).toEqual(plain.rows);
    }
  });

  // On PostgreSQL (TEST_DATABASE_URL); PGlite has no named statements to look at.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'prepares the statement on its PostgreSQL connection once, under one name',
    async () => {
      // One connection, so the statement and the check meet on it.
      await t.database.db.connection().execute(async (db) => {
        const marker = sql<{ one: number }>`select 1 as one where ${'prepared-test'}::text is not null`;
        await executePrepared(db, marker);
        await executePrepared(db, marker);
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements where statement like ${'%prepared-test%'} or statement like ${'select 1 as one where%'}`.execute(db);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.name).toMatch(/^ki_[0-9a-f]{20}$/);
      });
    },
  );
});
