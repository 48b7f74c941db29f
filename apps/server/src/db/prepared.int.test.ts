import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { openDatabase } from './database';
import { executePrepared } from './prepared';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('executePrepared', () => {
  it('answers like an ordinary statement, value after value', async () => {
    const query = (n: number) =>
      sql<{ doubled: number; label: string }>`select ${n}::int * 2 as doubled, 'n' || ${n}::text as label`;
    for (const n of [1, 7, 42]) {
      const prepared = await executePrepared(t.database.db, query(n));
      const plain = await query(n).execute(t.database.db);
      expect(prepared.rows).toEqual([{ doubled: n * 2, label: `n${n}` }]);
      expect(prepared.rows).toEqual(plain.rows);
    }
  });

  // On PostgreSQL (TEST_DATABASE_URL); PGlite has no named statements to look at.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'prepares the statement once on a connection of its own, where plans are generic',
    async () => {
      // One connection in each pool, so the statements and the checks meet on it.
      const database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
      try {
        const marker = sql<{ one: number }>`select 1 as one where ${'prepared-test'}::text is not null`;
        await executePrepared(database.db, marker);
        await executePrepared(database.db, marker);
        const { rows } = await executePrepared(
          database.db,
          sql<{ name: string; mode: string }>`
            select name, current_setting('plan_cache_mode') as mode from pg_prepared_statements where statement like ${'select 1 as one where%'}`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.name).toMatch(/^ki_[0-9a-f]{20}$/);
        expect(rows[0]!.mode).toBe('force_generic_plan');
        // The app's other statements keep PostgreSQL's own choice of plan.
        const other = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(
          database.db,
        );
        expect(other.rows[0]!.mode).toBe('auto');
      } finally {
        await database.close();
      }
    },
  );

  // Records ingest runs its statements inside a transaction: they are named on its connection.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "inside a transaction, prepares the statement on the transaction's connection",
    async () => {
      const database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
      try {
        const names = await database.db.transaction().execute(async (trx) => {
          await executePrepared(trx, sql`select 2 as two where ${'in-transaction-test'}::text is not null`);
          return sql<{ name: string; mode: string }>`
          select name, current_setting('plan_cache_mode') as mode from pg_prepared_statements where statement like ${'select 2 as two where%'}`.execute(
            trx,
          );
        });
        expect(names.rows).toEqual([{ name: expect.stringMatching(/^ki_[0-9a-f]{20}$/), mode: 'auto' }]);
      } finally {
        await database.close();
      }
    },
  );

  it('runs inside the transaction it is given', async () => {
    const answer = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local application_name = 'in-the-transaction'`.execute(trx);
      return executePrepared(trx, sql<{ name: string }>`select current_setting('application_name') as name`);
    });
    expect(answer.rows).toEqual([{ name: 'in-the-transaction' }]);
  });
});
