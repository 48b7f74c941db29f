/**
 * Keeps a student's rollup rows equal to what the rollup rules compute from their records: the
 * reads and writes only, the rows themselves come from rollup-rules.ts. Ingest (and the writer of
 * attempt records) continues the chapters and subjects new records touched; Reindex rebuilds everything. Both run inside the caller's transaction,
 * after the student's lock (lockStudent, or insertRecordsLocked for ingest).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './records.repository';
import {
  computeAllRollups,
  computeChapterRollups,
  continueChapterRollups,
  rollupChanges,
  type RecordFacts,
  type StudentContext,
} from './rollup-rules';

/**
 * Brings a student's rollup rows up to date with records just inserted (`records`): the chapters
 * they belong to are continued from their stored rows (or replayed from all their records when a
 * record arrived out of time order), then the subject rows, the student row and the day rows follow.
 * Two statements when records arrive in time order: one read, one write.
 */
export async function refreshStudentRollups(
  trx: Transaction<DB>,
  ctx: StudentContext,
  records: readonly RecordFacts[],
): Promise<void> {
  const chapterIds = [...new Set(records.flatMap((r) => (r.chapterId === null ? [] : [r.chapterId])))];
  const stored = await repo.fetchRollupState(trx, ctx.studentId, chapterIds);
  const touched = continueChapterRollups(ctx, stored, records);
  if (touched.replay.length) {
    // Records older than the chapter's newest one (a phone that was offline): replay the chapter.
    const replayed = computeChapterRollups(
      ctx,
      await repo.fetchRecordFacts(trx, ctx.studentId, touched.replay),
      stored.islands,
    );
    touched.topics.push(...replayed.topics);
    touched.chapters.push(...replayed.chapters);
  }
  await repo.writeRollups(trx, rollupChanges(ctx, stored, records, touched));
}

/** Deletes and rebuilds every rollup row of one student from their records. */
export async function rebuildStudentRollups(trx: Transaction<DB>, ctx: StudentContext): Promise<void> {
  await repo.deleteStudentRollups(trx, ctx.studentId);
  const facts = await repo.fetchRecordFacts(trx, ctx.studentId, 'all');
  if (facts.length === 0) return;
  const chapterIds = [...new Set(facts.flatMap((f) => (f.chapterId === null ? [] : [f.chapterId])))];
  const rows = computeAllRollups(ctx, facts, await repo.islandCounts(trx, chapterIds));
  await repo.insertTopicRows(trx, rows.topics);
  await repo.insertChapterRows(trx, rows.chapters);
  await repo.insertPracticeRows(trx, rows.practice);
  await repo.insertSubjectRows(trx, rows.subjects);
  if (rows.student) await repo.insertStudentRows(trx, [rows.student]);
  await repo.insertDailyRows(trx, rows.days);
}
