/**
 * Keeps a student's rollup rows equal to what the rollup rules compute from their records.
 * Ingest continues the chapters a batch touched; Reindex rebuilds everything. Both run inside the
 * caller's transaction, after the student's lock (lockStudent, or insertRecordsLocked for ingest).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './records.repository';
import {
  computeChapterRollup,
  computeDailyRows,
  dailyRowChanges,
  extendChapterRollup,
  computeStudentRollup,
  computeSubjectRollup,
  type ChapterRow,
  type RecordFacts,
  type StudentContext,
  type SubjectRow,
  type TopicRow,
} from './rollup-rules';

/**
 * Brings a student's rollup rows up to date with records just inserted (`records`): the chapters
 * they belong to are continued from their stored rows (or replayed from all their records when a
 * record arrived out of time order), then the subject rows, the student row and the day rows follow.
 * Two statements when records arrive in time order: one read, one write.
 */
export async function refreshStudentRollups(trx: Transaction<DB>, ctx: StudentContext, records: readonly RecordFacts[]): Promise<void> {
  const byChapter = new Map<number, RecordFacts[]>();
  for (const r of records) {
    const list = byChapter.get(r.chapterId);
    if (list) list.push(r);
    else byChapter.set(r.chapterId, [r]);
  }
  const chapterIds = [...byChapter.keys()];
  const stored = await repo.fetchRollupState(trx, ctx.studentId, chapterIds);
  const storedChapters = new Map(stored.chapters.map((c) => [c.chapter_id, c]));

  const before = { topics: stored.topics.filter((t) => byChapter.has(t.chapter_id)), chapters: stored.chapters.filter((c) => byChapter.has(c.chapter_id)) };
  const after: { topics: TopicRow[]; chapters: ChapterRow[] } = { topics: [], chapters: [] };
  const replay: number[] = [];
  for (const [chapterId, news] of byChapter) {
    const shape = { chapterId, subjectId: news[0]!.subjectId, islandCount: stored.islands.get(chapterId) ?? 0 };
    const old = storedChapters.get(chapterId);
    const rows = extendChapterRollup(ctx, shape, old ? { chapter: old, topics: before.topics.filter((t) => t.chapter_id === chapterId) } : null, news);
    if (rows) {
      after.topics.push(...rows.topics);
      after.chapters.push(rows.chapter);
    } else replay.push(chapterId);
  }
  if (replay.length) {
    // Records older than the chapter's newest one (a phone that was offline): replay the chapter.
    const replayed = computeChapters(ctx, await repo.fetchRecordFacts(trx, ctx.studentId, replay), stored.islands);
    after.topics.push(...replayed.topics);
    after.chapters.push(...replayed.chapters);
  }

  const allTopics = [...stored.topics.filter((t) => !byChapter.has(t.chapter_id)), ...after.topics];
  const allChapters = [...stored.chapters.filter((c) => !byChapter.has(c.chapter_id)), ...after.chapters];
  const subjectIds = [...new Set(after.chapters.map((c) => c.subject_id))];
  await repo.writeRollups(trx, {
    topics: after.topics,
    chapters: after.chapters,
    subjects: computeSubjects(ctx, subjectIds, allTopics, allChapters),
    student: computeStudentRollup(ctx, allTopics, allChapters),
    dayChanges: dailyRowChanges(ctx, records, before, after),
  });
}

/** Deletes and rebuilds every rollup row of one student from their records. */
export async function rebuildStudentRollups(trx: Transaction<DB>, ctx: StudentContext): Promise<void> {
  await repo.deleteStudentRollups(trx, ctx.studentId);
  const facts = await repo.fetchRecordFacts(trx, ctx.studentId, 'all');
  if (facts.length === 0) return;
  const chapterIds = [...new Set(facts.map((f) => f.chapterId))];
  const rows = computeAllRollups(ctx, facts, await repo.islandCounts(trx, chapterIds));
  await repo.insertTopicRows(trx, rows.topics);
  await repo.insertChapterRows(trx, rows.chapters);
  await repo.insertSubjectRows(trx, rows.subjects);
  if (rows.student) await repo.insertStudentRows(trx, [rows.student]);
  await repo.insertDailyRows(trx, rows.days);
}

/** Every rollup row of one student from all their records: Reindex and the demo generator. */
export function computeAllRollups(ctx: StudentContext, facts: readonly RecordFacts[], islands: ReadonlyMap<number, number>) {
  const { topics, chapters } = computeChapters(ctx, facts, islands);
  const subjectIds = [...new Set(chapters.map((c) => c.subject_id))];
  return {
    topics,
    chapters,
    subjects: computeSubjects(ctx, subjectIds, topics, chapters),
    student: computeStudentRollup(ctx, topics, chapters),
    days: computeDailyRows(ctx, facts, topics, chapters),
  };
}

function computeChapters(ctx: StudentContext, facts: readonly RecordFacts[], islands: ReadonlyMap<number, number>) {
  const byChapter = new Map<number, RecordFacts[]>();
  for (const f of facts) {
    const list = byChapter.get(f.chapterId);
    if (list) list.push(f);
    else byChapter.set(f.chapterId, [f]);
  }
  const topics: TopicRow[] = [];
  const chapters: ChapterRow[] = [];
  for (const [chapterId, records] of [...byChapter.entries()].sort(([a], [b]) => a - b)) {
    const rollup = computeChapterRollup(ctx, { chapterId, subjectId: records[0]!.subjectId, islandCount: islands.get(chapterId) ?? 0 }, records);
    if (!rollup) continue;
    topics.push(...rollup.topics);
    chapters.push(rollup.chapter);
  }
  return { topics, chapters };
}

function computeSubjects(ctx: StudentContext, subjectIds: readonly number[], topics: readonly TopicRow[], chapters: readonly ChapterRow[]): SubjectRow[] {
  return subjectIds
    .map((subjectId) =>
      computeSubjectRollup(
        ctx,
        subjectId,
        topics.filter((t) => t.subject_id === subjectId),
        chapters.filter((c) => c.subject_id === subjectId),
      ),
    )
    .filter((row): row is SubjectRow => row !== null);
}
