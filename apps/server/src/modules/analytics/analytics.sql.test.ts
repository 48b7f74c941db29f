/**
 * The SQL of the analytics screens' figures, compared with the committed files in __sql__/
 * (docs/DECISIONS.md, "SQL snapshots"): a change of a statement shows in review. Update with
 * `npx vitest run apps/server/src/modules/analytics/analytics.sql.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AnalyticsScope } from '../../policy/policy';
import { recordSql } from '../../test/sql-snapshot';
import * as analytics from './analytics.repository';
import * as subject from './subject.repository';

/** A principal's scope: two schools, grade 7. */
const scope: AnalyticsScope = { schoolIds: [4, 5], grades: [7], subjectId: null, pairs: null };
/** A teacher's scope: grade 6 at school 4 and grade 7 at school 5, not the other pairs. */
const teacherScope: AnalyticsScope = {
  schoolIds: [4, 5],
  grades: [6, 7],
  subjectId: 20,
  pairs: [
    { schoolId: 4, grade: 6 },
    { schoolId: 5, grade: 7 },
  ],
};
const since = new Date('2026-10-27T09:30:00Z');
const registered = { category: 'registered', since } as const;
const page = { limit: 25, offset: 0 };

const statements: [string, (db: Transaction<DB>) => Promise<unknown> | AsyncIterable<unknown>][] = [
  ['grade-activity', (db) => analytics.gradeActivity(db, scope, since)],
  ['grade-activity-teacher', (db) => analytics.gradeActivity(db, teacherScope, since)],
  ['score-distribution', (db) => analytics.scoreDistribution(db, scope)],
  ['subjects-played', (db) => analytics.subjectsPlayed(db, teacherScope)],
  ['student-page', (db) => analytics.studentPage(db, scope, registered, page, 'en')],
  [
    'student-page-band-search',
    (db) => analytics.studentPage(db, scope, { category: 'band', band: 9, search: 'Asha', since }, page, 'hi'),
  ],
  [
    'student-page-inactive-deep',
    (db) => analytics.studentPage(db, scope, { category: 'inactive', since }, { limit: 25, offset: 10_000 }, 'en'),
  ],
  ['stream-students', (db) => analytics.streamStudents(db, scope, { category: 'active', since }, 'en')],
  ['grade-bands', (db) => analytics.gradeBands(db, scope, since)],
  ['toppers', (db) => analytics.toppers(db, scope)],
  ['subject-counts', (db) => subject.subjectCounts(db, scope, 20)],
  ['chapter-counts', (db) => subject.chapterCounts(db, scope, [300, 301])],
  [
    'level-student-page-subject',
    (db) => subject.levelStudentPage(db, scope, { kind: 'subject', subjectId: 20 }, undefined, page, 'en'),
  ],
  [
    'level-student-page-chapter',
    (db) => subject.levelStudentPage(db, scope, { kind: 'chapter', chapterId: 300 }, 'Asha', page, 'en'),
  ],
  [
    'level-student-page-topic',
    (db) => subject.levelStudentPage(db, scope, { kind: 'topic', topicId: 3001 }, undefined, page, 'en'),
  ],
  [
    'stream-level-students',
    (db) => subject.streamLevelStudents(db, scope, { kind: 'chapter', chapterId: 300 }, undefined, 'en'),
  ],
  ['stream-chapter-report', (db) => subject.streamChapterReport(db, scope, 20, 300, 'onlyTopics')],
];

describe('SQL of the analytics figures', () => {
  it.each(statements)('%s', async (name, run) => {
    await expect(await recordSql(run)).toMatchFileSnapshot(`./__sql__/${name}.sql`);
  });
});
