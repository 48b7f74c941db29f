/**
 * The SQL of rollup upkeep, compared with the committed files in __sql__/ (docs/DECISIONS.md, "SQL
 * snapshots"): a change of these statements shows in review. Update with
 * `npx vitest run apps/server/src/modules/records/rollups.sql.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import { recordSql } from '../../test/sql-snapshot';
import { computeAllRollups, type RecordFacts } from './rollup-rules';
import { rebuildStudentRollups, refreshStudentRollups } from './rollups';

const ctx = { studentId: 42, schoolId: 7, boardId: 1, grade: 7, timeZone: 'Asia/Kolkata' };

/** A topic game of topic 3001 (chapter 300, subject 20), 8 of 10 right at 12 s: LC 87 (spec L36-L38). */
const game = (id: string, finishedAt: string): RecordFacts => ({
  id,
  kind: 'topic',
  subjectId: 20,
  chapterId: 300,
  topicId: 3001,
  startedAt: new Date(Date.parse(finishedAt) - 180_000),
  finishedAt: new Date(finishedAt),
  answered: 10,
  correct: 8,
  questionSeconds: 120,
  durationSeconds: 180,
  learningCurrency: 87,
  learningEfficiency: (100 * 87.2) / 110,
  percent: 80,
});
const earlier = game('00000000-0000-4000-8000-000000000001', '2026-11-20T10:00:00Z');
const later = game('00000000-0000-4000-8000-000000000002', '2026-11-21T10:00:00Z');

/** Rows as PostgreSQL's json_agg gives them (dates as text). */
const asJson = <T>(rows: T): T => JSON.parse(JSON.stringify(rows)) as T;

/** A learning_records row of the columns fetchRecordFacts reads. */
const storedRecord = (r: RecordFacts) => ({
  id: r.id,
  kind: r.kind,
  subject_id: r.subjectId,
  chapter_id: r.chapterId,
  topic_id: r.topicId,
  started_at: r.startedAt,
  finished_at: r.finishedAt,
  answered_count: r.answered,
  correct_count: r.correct,
  question_seconds: r.questionSeconds,
  duration_seconds: r.durationSeconds,
  learning_currency: r.learningCurrency,
  learning_efficiency: r.learningEfficiency,
  percent: r.percent,
});

describe('SQL of rollup upkeep', () => {
  it('ingest of records in time order: one read, one write', async () => {
    const stored = asJson(computeAllRollups(ctx, [earlier], new Map([[300, 4]])));
    const sql = await recordSql(
      (trx) => refreshStudentRollups(trx, ctx, [later]),
      [[{ topics: stored.topics, chapters: stored.chapters, islands: [{ chapter_id: 300, n: 4 }] }]],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/refresh-student-rollups.sql');
  });

  it('ingest of a record older than its chapter’s newest: the chapter’s records are read and replayed', async () => {
    const stored = asJson(computeAllRollups(ctx, [later], new Map([[300, 4]])));
    const sql = await recordSql(
      (trx) => refreshStudentRollups(trx, ctx, [earlier]),
      [
        [{ topics: stored.topics, chapters: stored.chapters, islands: [{ chapter_id: 300, n: 4 }] }],
        [storedRecord(earlier), storedRecord(later)],
      ],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/refresh-student-rollups-replay.sql');
  });

  it('Reindex of one student: delete, read, insert', async () => {
    const sql = await recordSql(
      (trx) => rebuildStudentRollups(trx, ctx),
      [[], [], [], [], [], [storedRecord(earlier), storedRecord(later)], [{ chapter_id: 300, n: 4 }]],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/rebuild-student-rollups.sql');
  });
});
