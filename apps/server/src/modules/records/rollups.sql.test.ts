/**
 * The SQL of rollup upkeep, compared with the committed files in __sql__/ (docs/DECISIONS.md, "SQL
 * snapshots"): a change of these statements shows in review. Update with
 * `npx vitest run apps/server/src/modules/records/rollups.sql.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import { recordSql } from '../../test/sql-snapshot';
import { computeAllRollups, type RecordFacts } from './rollup-rules';
import { storeAttemptRecord } from './records.service';
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
      [
        [
          {
            topics: stored.topics,
            chapters: stored.chapters,
            practice: stored.practice,
            islands: [{ chapter_id: 300, n: 4 }],
          },
        ],
      ],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/refresh-student-rollups.sql');
  });

  it('ingest of a record older than its chapter’s newest: the chapter’s records are read and replayed', async () => {
    const stored = asJson(computeAllRollups(ctx, [later], new Map([[300, 4]])));
    const sql = await recordSql(
      (trx) => refreshStudentRollups(trx, ctx, [earlier]),
      [
        [
          {
            topics: stored.topics,
            chapters: stored.chapters,
            practice: stored.practice,
            islands: [{ chapter_id: 300, n: 4 }],
          },
        ],
        [storedRecord(earlier), storedRecord(later)],
      ],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/refresh-student-rollups-replay.sql');
  });

  it('the record of a finished attempt: lock, insert, enrolment and time zone, then one read and one write', async () => {
    const stored = asJson(computeAllRollups(ctx, [earlier], new Map([[300, 4]])));
    const sql = await recordSql(
      (trx) =>
        storeAttemptRecord(trx, {
          attemptId: '00000000-0000-4000-8000-0000000000aa',
          studentId: 42,
          schoolId: 7,
          boardId: 1,
          grade: 7,
          subjectId: 20,
          kind: 'quiz',
          startedAt: new Date('2026-11-21T11:00:00Z'),
          finishedAt: new Date('2026-11-21T11:03:00Z'),
          answers: [
            { questionRef: 1, chosen: [2], seconds: 8.4, correct: true, autoMarked: true },
            { questionRef: 2, chosen: null, seconds: 0, correct: false, autoMarked: true },
          ],
          marks: 300,
        }),
      [
        [],
        [{ id: '00000000-0000-4000-8000-0000000000bb' }],
        [
          {
            student_id: 42,
            school_id: 7,
            board_id: 1,
            grade: 7,
            enrolled_at: new Date('2026-01-01T00:00:00Z'),
            chain_id: 1,
          },
        ],
        [{ time_zone: 'Asia/Kolkata' }],
        [{ topics: stored.topics, chapters: stored.chapters, practice: stored.practice, islands: [] }],
      ],
    );
    // The record's id is a fresh UUID each time.
    await expect(
      sql.replace(/'[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'/g, (id) =>
        id.includes('0000000000aa') ? id : "'<record id>'",
      ),
    ).toMatchFileSnapshot('./__sql__/store-attempt-record.sql');
  });

  it('Reindex of one student: delete, read, insert', async () => {
    const sql = await recordSql(
      (trx) => rebuildStudentRollups(trx, ctx),
      [[], [], [], [], [], [], [storedRecord(earlier), storedRecord(later)], [{ chapter_id: 300, n: 4 }]],
    );
    await expect(sql).toMatchFileSnapshot('./__sql__/rebuild-student-rollups.sql');
  });
});
