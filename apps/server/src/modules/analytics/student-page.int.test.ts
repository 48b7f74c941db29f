/**
 * The Students Report's page without a name search is walked school by school on the report-order
 * index (analytics.repository.ts, walkedPage). It must give exactly the rows and order of sorting
 * every student of the scope: checked here against that sort, written out plainly, for several
 * scopes, filters and pages over students who scored, tied, scored 0, never played, or moved
 * school (their rollup row still names the old school until a reindex).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsScope } from '../../policy/policy';
import { createBoard, createChain, createSchool, createStudent } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { studentPage, type StudentFilter } from './analytics.repository';

let t: TestApp;
let schoolA: number;
let schoolB: number;
const since = new Date('2026-10-21T10:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainId = await createChain(db);
  const boardId = await createBoard(db);
  schoolA = await createSchool(db, { chainId, boardId, grades: [6, 7] });
  schoolB = await createSchool(db, { chainId, boardId, grades: [6, 7] });
  const schoolC = await createSchool(db, { chainId, boardId, grades: [6, 7] });
  // Scores with ties, and one in each display band used below.
  const scores = [100, 90.2, 73.5, 73.5, 45, 44.6, 40, 12.5, 4.4, 0.3, 61, 88.8];
  for (let i = 0; i < 64; i++) {
    const schoolId = i % 3 === 0 ? schoolB : schoolA;
    const grade = i % 4 === 0 ? 6 : 7;
    const id = await createStudent(db, { schoolId, boardId, grade, firstName: `S${i}` });
    if (i % 7 === 0) continue; // never played: no rollup row
    const moved = i % 13 === 0; // the row still names the school they left
    const total = i % 11 === 0 ? 0 : scores[i % scores.length]!;
    await db
      .insertInto('student_stats')
      .values({
        student_id: id,
        school_id: moved ? schoolC : schoolId,
        board_id: boardId,
        grade,
        topics_completed: 1,
        chapters_completed: 0,
        learning_efficiency: total,
        knowledge_efficiency: total,
        total_score: total,
        learning_currency: 10,
        knowledge_currency: 5,
        records: 1,
        answered: 10,
        correct: 5,
        question_seconds: 60,
        time_spent: 60,
        last_activity_at: new Date(i % 5 === 0 ? '2026-09-01T10:00:00Z' : '2026-11-15T10:00:00Z'),
      })
      .execute();
  }
});
afterAll(() => t.close());

/** Every matching student's id in report order, by sorting the whole scope. */
async function sortedIds(scope: AnalyticsScope, filter: StudentFilter): Promise<number[]> {
  const grades = scope.grades === null ? sql`true` : sql`e.grade = any(${scope.grades})`;
  const category =
    filter.category === 'active'
      ? sql`s.last_activity_at >= ${since}`
      : filter.category === 'inactive'
        ? sql`(s.last_activity_at is null or s.last_activity_at < ${since})`
        : filter.category === 'band'
          ? sql`least(floor(round(coalesce(s.total_score, 0)::numeric) / 10), 9) = ${filter.band}`
          : sql`true`;
  const { rows } = await sql<{ student_id: number; school_id: number; grade: number | null }>`
    select e.student_id, e.school_id, e.grade from student_enrolments e
    left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id
    where e.school_id = any(${scope.schoolIds}) and ${grades} and ${category}
    order by coalesce(s.total_score, 0) desc, e.student_id`.execute(t.database.db);
  // A teacher's pairs, checked here in plain code rather than by the SQL under test.
  const inPairs = (r: (typeof rows)[number]) =>
    scope.pairs === null || scope.pairs.some((p) => p.schoolId === r.school_id && p.grade === r.grade);
  return rows.filter(inPairs).map((r) => Number(r.student_id));
}

describe('a Students Report page walked school by school', () => {
  const filters: StudentFilter[] = [
    { category: 'registered', since },
    { category: 'active', since },
    { category: 'inactive', since },
    { category: 'band', band: 4, since },
    { category: 'band', band: 0, since },
  ];

  it('has the rows, order and total of sorting the whole scope, on every page', async () => {
    const scopes: AnalyticsScope[] = [
      { schoolIds: [schoolA], grades: null, subjectId: null, pairs: null },
      { schoolIds: [schoolA, schoolB], grades: null, subjectId: null, pairs: null },
      { schoolIds: [schoolB, schoolA], grades: [7], subjectId: null, pairs: null },
      { schoolIds: [schoolB], grades: [6], subjectId: null, pairs: null },
      // A teacher of grade 6 at one school and grade 7 at the other (policy.ts teacherScope).
      {
        schoolIds: [schoolA, schoolB],
        grades: [6, 7],
        subjectId: null,
        pairs: [
          { schoolId: schoolA, grade: 6 },
          { schoolId: schoolB, grade: 7 },
        ],
      },
    ];
    let compared = 0;
    for (const scope of scopes) {
      for (const filter of filters) {
        const all = await sortedIds(scope, filter);
        for (const limit of [10, 7]) {
          for (let offset = 0; offset <= all.length + limit; offset += limit) {
            const page = await studentPage(t.database.db, scope, filter, { limit, offset }, 'en');
            expect(page.total, JSON.stringify({ scope, filter, offset })).toBe(all.length);
            expect(
              page.rows.map((r) => Number(r.student_id)),
              JSON.stringify({ scope, filter, limit, offset }),
            ).toEqual(all.slice(offset, offset + limit));
            compared++;
          }
        }
      }
    }
    // The data reach the cases the walk treats apart: ties, scores of 0, no rollup row, moved.
    expect(compared).toBeGreaterThan(100);
  });

  it('lists the students without a score (0, never played, moved) after every scored student, by id', async () => {
    const scope: AnalyticsScope = { schoolIds: [schoolA, schoolB], grades: null, subjectId: null, pairs: null };
    const all = await studentPage(t.database.db, scope, filters[0]!, { limit: 100, offset: 0 }, 'en');
    const firstZero = all.rows.findIndex((r) => r.total_score === 0);
    expect(firstZero).toBeGreaterThan(0);
    expect(all.rows.slice(firstZero).every((r) => r.total_score === 0)).toBe(true);
    // Moved and never played: no figures at all (a row of their own school's is missing).
    expect(all.rows.slice(firstZero).filter((r) => r.learning_currency === 0).length).toBeGreaterThan(5);
    expect(all.rows.slice(0, firstZero).every((r) => r.total_score > 0)).toBe(true);
    const zeroIds = all.rows.slice(firstZero).map((r) => Number(r.student_id));
    expect(zeroIds).toEqual([...zeroIds].sort((a, b) => a - b));
  });
});
