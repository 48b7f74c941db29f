/**
 * The SQL of the student dashboard's figures and of the global averages, compared with the
 * committed files in __sql__/ (docs/DECISIONS.md, "SQL snapshots"): a change of a statement shows
 * in review. Update with `npx vitest run apps/server/src/modules/student-dashboard/student-dashboard.sql.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { recordSql } from '../../test/sql-snapshot';
import * as repo from './student-dashboard.repository';

const studentId = 42;

const statements: [string, (db: Transaction<DB>) => Promise<unknown>][] = [
  ['student-totals', (db) => repo.studentTotals(db, studentId)],
  ['recent-records', (db) => repo.recentRecords(db, studentId, 5, 'en')],
  ['subjects-with-completion', (db) => repo.subjectsWithCompletion(db, studentId, 1, 7, 'en')],
  ['completed-chapters', (db) => repo.completedChapters(db, studentId, 'en')],
  ['daily-currency', (db) => repo.dailyCurrency(db, studentId, '2026-10-28')],
  ['subject-stats', (db) => repo.subjectStats(db, studentId, 20)],
  ['chapter-stats', (db) => repo.chapterStats(db, studentId, 20)],
  ['topic-stats', (db) => repo.topicStats(db, studentId, 20)],
  ['questions-asked', (db) => repo.questionsAsked(db, studentId, 20)],
  ['global-subject', (db) => repo.globalSubject(db, 1, 7, 20)],
  ['global-chapters', (db) => repo.globalChapters(db, [300, 301])],
  ['refresh-global-averages', (db) => repo.refreshGlobalAverages(db, 1, 7, new Date('2026-11-27T09:30:00Z'))],
];

describe('SQL of the student dashboard figures', () => {
  it.each(statements)('%s', async (name, run) => {
    await expect(await recordSql(run)).toMatchFileSnapshot(`./__sql__/${name}.sql`);
  });
});
