/**
 * Quizzes and tests in the school's figures (docs/DECISIONS.md "Assessment"): the record the server
 * writes of a finished attempt has no chapter; it makes its student active and adds to their time
 * spent and last activity, and to the subject's, never to scores, chapters or topics. By hand
 * (now = 2026-11-20T10:00Z, activity window 30 days), Gamma School, grade 8, science (1 chapter,
 * 1 topic):
 *   Gita  topic 8/10 at 12 s on 11-15 (125 s; LC 87, LE 79.2727, total 15.8545), then a practice quiz
 *         on 11-18: 4 right, 1 wrong, 15 s an answer (75 s). Time 200 s; last activity the quiz.
 *   Hari  only a test on 11-17: 2 right, 2 wrong and an open-ended answer, 40 s an answer counting
 *         30 s (150 s). Active, score 0, no chapter or topic played.
 *   Indu  never played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTestAttempt } from '../../test/attempt-records';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';
import { unsafeRebuildStudent } from '../records/records.service';

let t: TestApp;
let chapter: TestChapter;
const ids: Record<string, number> = {};
let principal: string;

const GITA_TOTAL = (0.2 * 8720) / 110;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  const schoolId = await createSchool(db, { boardId, name: 'Gamma School', grades: [8] });
  [chapter] = (await createCurriculum(db, { boardId, grade: 8, subjectSlug: 'science', chapters: 1, topics: 1 }))
    .chapters as [TestChapter];
  for (const [first, last] of [
    ['Gita', 'Menon'],
    ['Hari', 'Kumar'],
    ['Indu', 'Pillai'],
  ] as const) {
    ids[first] = await createStudent(db, {
      schoolId,
      boardId,
      grade: 8,
      firstName: first,
      enrolledAt: new Date('2026-06-10T00:00:00Z'),
    });
    await db.updateTable('users').set({ last_name: last }).where('id', '=', ids[first]).execute();
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/records',
    headers: { cookie: await sessionCookie(db, ids.Gita!, t.now()) },
    payload: {
      records: [
        topicRecord(chapter, chapter.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-15T10:00:00Z' }),
      ],
    },
  });
  expect(res.json().rejected).toEqual([]);
  const attempt = { schoolId, boardId, grade: 8, subjectId: chapter.subjectId };
  await storeTestAttempt(db, {
    ...attempt,
    studentId: ids.Gita!,
    kind: 'quiz',
    finishedAt: new Date('2026-11-18T10:00:00Z'),
    correct: 4,
    wrong: 1,
    seconds: 15,
  });
  await storeTestAttempt(db, {
    ...attempt,
    studentId: ids.Hari!,
    kind: 'test',
    finishedAt: new Date('2026-11-17T10:00:00Z'),
    correct: 2,
    wrong: 2,
    openEnded: 1,
    seconds: 40,
  });
  principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [schoolId] }), t.now());
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: { cookie: principal } });

describe('quizzes and tests in the school dashboard', () => {
  it('make their students active; the average score of active students counts a quiz-only student at 0', async () => {
    const body = (await get('overview')).json();
    expect(body).toMatchObject({ registered: 3, active: 2, inactive: 1 });
    expect(body.grades[0]).toMatchObject({ grade: 8, registered: 3, active: 2, inactive: 1 });
    expect(body.grades[0].averageScore).toBeCloseTo(GITA_TOTAL / 2, 6);
    const grade = (await get('grade?grade=8')).json();
    // Scores: Gita 16 (band 10-19); Hari and Indu 0.
    expect(grade.distribution.map((d: { students: number }) => d.students)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(grade.subjects).toEqual([
      { subjectId: chapter.subjectId, slug: 'science', names: { en: 'science' }, students: 2 },
    ]);
  });

  it('add to time spent and last activity in the Students Report; the last chapter is none after a quiz', async () => {
    const report = (await get('students?grade=8')).json();
    expect(report.rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Gita Menon',
      'Hari Kumar',
      'Indu Pillai',
    ]);
    const [gita, hari, indu] = report.rows;
    expect(gita).toMatchObject({
      timeSpentSeconds: 125 + 75,
      lastPlayedAt: '2026-11-18T10:00:00.000Z',
      lastChapter: null,
      lastTopic: null,
      chaptersCompleted: 0,
      learningCurrency: 87,
    });
    expect(gita.totalScore).toBeCloseTo(GITA_TOTAL, 6);
    expect(hari).toMatchObject({
      totalScore: 0,
      knowledgeEfficiency: 0,
      learningEfficiency: 0,
      timeSpentSeconds: 150,
      lastPlayedAt: '2026-11-17T10:00:00.000Z',
      lastChapter: null,
    });
    expect(indu).toMatchObject({ timeSpentSeconds: 0, lastPlayedAt: null });
    const active = (await get('students?grade=8&category=active')).json();
    expect(active.rows.map((r: { fullName: string }) => r.fullName)).toEqual(['Gita Menon', 'Hari Kumar']);
    // The CSV carries the same time: 00:03:20 and 00:02:30.
    const csv = (await get('students.csv?grade=8')).body as string;
    expect(csv).toContain('00:03:20');
    expect(csv).toContain('00:02:30');
  });

  it('count a quiz-only student in the subject, never in its chapters or topics', async () => {
    const base = `grade=8&subjectId=${chapter.subjectId}`;
    const summary = (await get(`subject?${base}`)).json();
    expect(summary.counts).toEqual({ subjectAttempted: 2, chapterCompleted: 0, topicCompleted: 1 });
    const subject = (await get(`subject/students?${base}`)).json();
    expect(
      subject.rows.map((r: { fullName: string; timeSpentSeconds: number; lastChapter: string | null }) => [
        r.fullName,
        r.timeSpentSeconds,
        r.lastChapter,
      ]),
    ).toEqual([
      ['Gita Menon', 200, null],
      ['Hari Kumar', 150, null],
    ]);
    const chapterLevel = (await get(`subject/students?${base}&chapterId=${chapter.id}`)).json();
    expect(
      chapterLevel.rows.map((r: { fullName: string; timeSpentSeconds: number }) => [r.fullName, r.timeSpentSeconds]),
    ).toEqual([['Gita Menon', 125]]);
    expect((await get(`subject?${base}&chapterId=${chapter.id}`)).json().chapterCard).toEqual({
      notAttempted: 1,
      completed: 0,
      onlyTopics: 1,
    });
  });

  it('are rebuilt by Reindex into the same figures', async () => {
    const before = (await get('students?grade=8')).json();
    for (const id of Object.values(ids)) await unsafeRebuildStudent({ database: t.database }, id);
    expect((await get('students?grade=8')).json()).toEqual(before);
  });
});
