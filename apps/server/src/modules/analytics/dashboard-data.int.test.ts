/**
 * Issue #29, the data of the staff dashboards as a principal uses them: calendar days in each
 * school's time zone on screens and in CSVs alike, students without a grade counted so that the
 * cards and the chart add up, toppers with their grade, and lists over several schools that say so.
 *
 * Two schools of one chain, grade 7, one chapter of one topic:
 *   Kolkata School (Asia/Kolkata, the default): Asha Rao played at 2026-11-19T22:01Z, which is
 *     20 Nov 03:31 in India; Nidhi Shah was enrolled before choosing a grade.
 *   New York School (America/New_York, set by the test): another Asha Rao played at the same
 *     moment, which is 19 Nov 17:01 in New York.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';

let t: TestApp;
let kolkata: number;
let newYork: number;
let chapter: TestChapter;
let subjectId: number;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const PLAYED = '2026-11-19T22:01:00Z';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainId = await createChain(db);
  const boardId = await createBoard(db);
  kolkata = await createSchool(db, { chainId, boardId, name: 'Kolkata School', grades: [7] });
  newYork = await createSchool(db, { chainId, boardId, name: 'New York School', grades: [7] });
  await db.updateTable('schools').set({ time_zone: 'America/New_York' }).where('id', '=', newYork).execute();
  const curriculum = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 });
  chapter = curriculum.chapters[0]!;
  subjectId = curriculum.subjectId;
  for (const [key, schoolId, grade] of [
    ['ashaK', kolkata, 7],
    ['ashaN', newYork, 7],
    ['nidhi', kolkata, null],
  ] as const) {
    ids[key] = await createStudent(db, { schoolId, boardId, grade, firstName: key === 'nidhi' ? 'Nidhi' : 'Asha' });
    await db
      .updateTable('users')
      .set({ last_name: key === 'nidhi' ? 'Shah' : 'Rao' })
      .where('id', '=', ids[key]!)
      .execute();
    if (grade === null) continue;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: await sessionCookie(db, ids[key]!, t.now()) },
      payload: { records: [topicRecord(chapter, chapter.topics[0]!, { correct: 8, seconds: 12, finishedAt: PLAYED })] },
    });
    expect(res.json().rejected).toEqual([]);
  }
  cookies.principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [kolkata] }), t.now());
  cookies.superadmin = await sessionCookie(db, await createStaff(db, 'superadmin', { chainId }), t.now());
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie: cookies[who]! } });
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
const both = () => `schoolIds=${kolkata},${newYork}&grade=7`;

describe('calendar days in each school’s time zone (scoring-and-metrics.md, Readings fixed later)', () => {
  it('gives each listed student their school’s zone, which the screen formats dates in', async () => {
    const body = (await get('superadmin', `analytics/students?${both()}`)).json();
    const zoneOf = (schoolName: string) =>
      body.rows.find((r: { schoolName: string }) => r.schoolName === schoolName).timeZone;
    expect(zoneOf('Kolkata School')).toBe('Asia/Kolkata');
    expect(zoneOf('New York School')).toBe('America/New_York');
    const subject = (await get('superadmin', `analytics/subject/students?${both()}&subjectId=${subjectId}`)).json();
    expect(
      subject.rows.map((r: { schoolName: string; timeZone: string }) => `${r.schoolName}: ${r.timeZone}`).sort(),
    ).toEqual(['Kolkata School: Asia/Kolkata', 'New York School: America/New_York']);
  });

  it('writes Last Played Date in CSVs as the day on screen: 20 Nov in India for a play at 22:01 UTC on the 19th', async () => {
    const lastDate = (lines: string[], school: string) =>
      lines
        .find((l) => l.includes(school))!
        .split(',')
        .at(-1);
    const students = csvLines((await get('superadmin', `analytics/students.csv?${both()}`)).body);
    expect(lastDate(students, 'Kolkata School')).toBe('2026-11-20');
    expect(lastDate(students, 'New York School')).toBe('2026-11-19');
    const subject = csvLines(
      (await get('superadmin', `analytics/subject/students.csv?${both()}&subjectId=${subjectId}`)).body,
    );
    expect(lastDate(subject, 'Kolkata School')).toBe('2026-11-20');
    expect(lastDate(subject, 'New York School')).toBe('2026-11-19');
    const report = csvLines(
      (
        await get(
          'superadmin',
          `analytics/subject/chapter-report.csv?${both()}&chapterId=${chapter.id}&card=onlyTopics`,
        )
      ).body,
    );
    expect(lastDate(report, 'Kolkata School')).toBe('2026-11-20');
    expect(lastDate(report, 'New York School')).toBe('2026-11-19');
  });

  it('dates a file by the day of its schools (UTC when their zones differ)', async () => {
    t.setNow('2026-11-20T20:00:00Z'); // 21 Nov 01:30 in India, 20 Nov 15:00 in New York
    try {
      const own = await get('principal', 'analytics/students.csv?grade=7');
      expect(own.headers['content-disposition']).toMatch(/-2026-11-21\.csv"$/);
      const mixed = await get('superadmin', `analytics/students.csv?${both()}`);
      expect(mixed.headers['content-disposition']).toMatch(/-2026-11-20\.csv"$/);
    } finally {
      t.setNow('2026-11-20T10:00:00Z');
    }
  });

  it('puts a play on its school’s day in the daily progress chart, up to today there', async () => {
    const points = async (who: string, studentId: number) => {
      const body = (await get(who, `students/${studentId}/dashboard?filter=day`)).json();
      return {
        zone: body.profile.timeZone,
        points: body.progress.points as { start: string; learningCurrency: number }[],
      };
    };
    const india = await points('principal', ids.ashaK!);
    expect(india.zone).toBe('Asia/Kolkata');
    expect(india.points.filter((p) => p.learningCurrency > 0).map((p) => p.start)).toEqual(['2026-11-20']);
    const us = await points('superadmin', ids.ashaN!);
    expect(us.zone).toBe('America/New_York');
    expect(us.points.filter((p) => p.learningCurrency > 0).map((p) => p.start)).toEqual(['2026-11-19']);

    t.setNow('2026-11-20T02:00:00Z'); // 20 Nov 07:30 in India, still 19 Nov (21:00) in New York
    try {
      expect((await points('superadmin', ids.ashaN!)).points.at(-1)!.start).toBe('2026-11-19');
      expect((await points('principal', ids.ashaK!)).points.at(-1)!.start).toBe('2026-11-20');
    } finally {
      t.setNow('2026-11-20T10:00:00Z');
    }
  });

  it('keeps the day rows after a Reindex, from the school’s zone', async () => {
    const before = await sql<{
      day: string;
    }>`select day::text from student_daily_stats where student_id = ${ids.ashaN!}`.execute(t.database.db);
    expect(before.rows.map((r) => r.day)).toEqual(['2026-11-19']);
    const { unsafeRebuildStudent } = await import('../records/records.service');
    await unsafeRebuildStudent({ database: t.database }, ids.ashaN!);
    const after = await sql<{
      day: string;
    }>`select day::text from student_daily_stats where student_id = ${ids.ashaN!}`.execute(t.database.db);
    expect(after.rows.map((r) => r.day)).toEqual(['2026-11-19']);
  });

  it('takes only IANA zone names for a school', async () => {
    const set = (zone: string) =>
      t.database.db.updateTable('schools').set({ time_zone: zone }).where('id', '=', newYork).execute();
    await expect(set('IST')).rejects.toThrow(/schools_time_zone_check/);
    await expect(set('Asia/Nowhere')).rejects.toThrow(/time zone/);
    await expect(set('asia/kolkata')).rejects.toThrow(/schools_time_zone_check/);
    await set('America/New_York');
    const { rows } = await sql<{ time_zone: string }>`select time_zone from schools where id = ${kolkata}`.execute(
      t.database.db,
    );
    expect(rows[0]!.time_zone).toBe('Asia/Kolkata');
  });
});

describe('students without a grade yet', () => {
  it('count in the cards and in a chart bar of their own, so that the bars add up to the cards', async () => {
    const body = (await get('principal', 'analytics/overview')).json();
    expect(body).toMatchObject({ registered: 2, active: 1, inactive: 1 });
    expect(body.grades).toEqual([expect.objectContaining({ grade: 7, registered: 1, active: 1, inactive: 0 })]);
    expect(body.withoutGrade).toEqual({ registered: 1, active: 0, inactive: 1 });
    const sum = (key: 'registered' | 'active' | 'inactive') =>
      body.grades.reduce((n: number, g: Record<string, number>) => n + g[key]!, 0) + body.withoutGrade[key];
    expect([sum('registered'), sum('active'), sum('inactive')]).toEqual([body.registered, body.active, body.inactive]);
    // One grade asked for: only that grade's students, none without a grade.
    expect((await get('principal', 'analytics/overview?grade=7')).json().withoutGrade).toEqual({
      registered: 0,
      active: 0,
      inactive: 0,
    });
  });
});

describe('toppers and lists over several schools', () => {
  it('gives each topper their own grade (User Grade) and id to open them', async () => {
    const body = (await get('superadmin', `analytics/insights?schoolIds=${kolkata},${newYork}`)).json();
    expect(body.toppers).toEqual([
      {
        grade: 7,
        students: [
          expect.objectContaining({ studentId: expect.any(Number), fullName: 'Asha Rao', userGrade: 7 }),
          expect.objectContaining({ studentId: expect.any(Number), fullName: 'Asha Rao', userGrade: 7 }),
        ],
      },
    ]);
  });

  it('says when a list spans several schools (names repeat: two Asha Raos)', async () => {
    const several = (await get('superadmin', `analytics/students?${both()}`)).json();
    expect(several.hasSeveralSchools).toBe(true);
    expect(
      several.rows.map((r: { fullName: string; schoolName: string }) => `${r.fullName}, ${r.schoolName}`).sort(),
    ).toEqual(['Asha Rao, Kolkata School', 'Asha Rao, New York School']);
    expect((await get('superadmin', `analytics/students?schoolIds=${kolkata}&grade=7`)).json().hasSeveralSchools).toBe(
      false,
    );
    // A super-admin naming no school sees their whole chain: several schools.
    expect((await get('superadmin', 'analytics/students?grade=7')).json().hasSeveralSchools).toBe(true);
    expect((await get('principal', 'analytics/students')).json().hasSeveralSchools).toBe(false);
    expect(
      (await get('superadmin', `analytics/subject/students?${both()}&subjectId=${subjectId}`)).json().hasSeveralSchools,
    ).toBe(true);
  });

  it('lets the super-admin open a student of their chain', async () => {
    expect((await get('superadmin', `students/${ids.ashaN}/dashboard`)).statusCode).toBe(200);
  });
});
