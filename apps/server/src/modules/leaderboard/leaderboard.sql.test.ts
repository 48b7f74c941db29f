/**
 * The SQL of the leaderboard's ranks, compared with the committed files in __sql__/
 * (docs/DECISIONS.md, "SQL snapshots"): a change of the ordering shows in review. Update with
 * `npx vitest run apps/server/src/modules/leaderboard/leaderboard.sql.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { recordSql } from '../../test/sql-snapshot';
import * as repo from './leaderboard.repository';

const grade7 = { schoolId: 4, boardId: 1, grade: 7 };

const statements: [string, (db: Transaction<DB>) => Promise<unknown>, (readonly object[])[]?][] = [
  ['top-of-class', (db) => repo.topOfClass(db, grade7, 10, 0)],
  ['ranked-count', (db) => repo.rankedCount(db, grade7), [[{ n: 0 }]]],
  ['rank-of', (db) => repo.rankOf(db, grade7, 42)],
];

describe('SQL of the leaderboard', () => {
  it.each(statements)('%s', async (name, run, answers) => {
    await expect(await recordSql(run, answers)).toMatchFileSnapshot(`./__sql__/${name}.sql`);
  });
});
