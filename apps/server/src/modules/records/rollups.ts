/**
 * Keeps a student's rollup rows equal to what the rollup rules compute from their records.
 * Ingest refreshes the chapters a batch touched; Reindex rebuilds everything. Both run inside the
 * caller's transaction, after lockStudent.
 */
import { reportingDay } from '@ki/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './records.repository';
import {
  computeChapterRollup,
  computeDailyRows,
  computeStudentRollup,
  computeSubjectRollup,
  type ChapterRow,
  type RecordFacts,
  type StudentContext,
  type SubjectRow,
  type TopicRow,
} from './rollup-rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Recomputes the rollups of the given chapters of one student, then their subjects, the student row
 * and the days whose figures may have changed (`touchedDays` plus every day in the old and new
 * per-day maps of those chapters).
 */
export async function refreshStudentRollups(
  trx: Transaction<DB>,
  ctx: StudentContext,
  chapterIds: readonly number[],
  touchedDays: ReadonlySet<string>,
): Promise<void> {
  const [oldTopics, oldChapters, facts, islands] = await Promise.all([
    repo.fetchTopicRows(trx, ctx.studentId),
    repo.fetchChapterRows(trx, ctx.studentId),
    repo.fetchRecordFacts(trx, ctx.studentId, chapterIds),
    repo.islandCounts(trx, chapterIds),
  ]);
  const refreshed = new Set(chapterIds);
  const { topics, chapters } = computeChapters(ctx, facts, islands);
  await repo.replaceChapterRows(trx, ctx.studentId, chapterIds, topics, chapters);

  const allTopics = [...oldTopics.filter((t) => !refreshed.has(t.chapter_id)), ...topics];
  const allChapters = [...oldChapters.filter((c) => !refreshed.has(c.chapter_id)), ...chapters];
  const subjectIds = [...new Set([...facts.map((f) => f.subjectId), ...oldChapters.filter((c) => refreshed.has(c.chapter_id)).map((c) => c.subject_id)])];
  await repo.replaceSubjectRows(trx, ctx.studentId, subjectIds, computeSubjects(ctx, subjectIds, allTopics, allChapters));
  await repo.replaceStudentRow(trx, ctx.studentId, computeStudentRollup(ctx, allTopics, allChapters));

  const days = new Set(touchedDays);
  for (const t of [...oldTopics.filter((t) => refreshed.has(t.chapter_id)), ...topics]) for (const d of Object.keys(t.learning_currency_by_day)) days.add(d);
  for (const c of [...oldChapters.filter((c) => refreshed.has(c.chapter_id)), ...chapters]) for (const d of Object.keys(c.knowledge_currency_by_day)) days.add(d);
  if (days.size === 0) return;
  const sorted = [...days].sort();
  // Days are Indian calendar days: a day's records lie within a UTC window one day wider each side.
  const from = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - DAY_MS);
  const to = new Date(Date.parse(`${sorted.at(-1)}T00:00:00Z`) + 2 * DAY_MS);
  const dayRecords = (await repo.fetchRecordFactsBetween(trx, ctx.studentId, from, to)).filter((r) => days.has(reportingDay(r.finishedAt)));
  await repo.replaceDailyRows(trx, ctx.studentId, sorted, computeDailyRows(ctx, dayRecords, allTopics, allChapters, days));
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
