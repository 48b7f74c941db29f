import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTestAttempt } from '../../test/attempt-records';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';

let t: TestApp;
let asha: number;
let bina: number;
const cookie: Record<string, string> = {};

/**
 * Asha (grade VII) plays, by hand:
 * - topic 1 of chapter 1 twice (8 right at 12 s, then 10 right at 5 s): 2 records, 105 + 55 s;
 * - topic 2 once (6 right at 20 s): 205 s; the chapter's treasure (7 right, 10 s a question): 100 s;
 *   so topics studied 2, chapters completed 1 (the treasure);
 * - a practice quiz of 5 questions finished on 2026-11-18: 3 right, 1 wrong, 1 unanswered, 22.5 s
 *   an answer: 90 s (the server writes its record);
 * - a practice test finished on 2026-11-19: 4 auto-marked questions, 2 right, 2 wrong, and an
 *   open-ended answer, 24 s each: 120 s (accuracy over the 4 auto-marked ones).
 * Time spent = 105 + 55 + 205 + 100 + 90 + 120 = 675 s = 00:11:15.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db, 'CBSE');
  const schoolId = await createSchool(db, { boardId, grades: [7], name: 'Gyan Jyoti Vidyalaya, Pune' });
  await db
    .updateTable('schools')
    .set({ activated_languages: ['en', 'mr', 'hi'] })
    .where('id', '=', schoolId)
    .execute();
  const science = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 2 });
  const [chapter] = science.chapters as [TestChapter];
  asha = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Asha' });
  bina = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Bina' });
  await db
    .updateTable('users')
    .set({ last_name: 'Rao', mobile: '+919800000001', email: 'asha@example.in', language: 'en' })
    .where('id', '=', asha)
    .execute();
  const mother = await createUser(db, 'parent', { firstName: 'Sunita', lastName: 'Rao', mobile: '+919000000009' });
  await linkParent(db, mother, asha);
  cookie.asha = await sessionCookie(db, asha, t.now());
  cookie.bina = await sessionCookie(db, bina, t.now());
  cookie.teacher = await sessionCookie(
    db,
    await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] }),
    t.now(),
  );

  const [t1, t2] = chapter.topics as [TestChapter['topics'][number], TestChapter['topics'][number]];
  const records = [
    topicRecord(chapter, t1, { correct: 8, seconds: 10, finishedAt: '2026-11-10T10:00:00Z' }),
    topicRecord(chapter, t1, { correct: 10, seconds: 5, finishedAt: '2026-11-11T10:00:00Z' }),
    topicRecord(chapter, t2, { correct: 6, seconds: 20, finishedAt: '2026-11-12T10:00:00Z' }),
    chapterRecord('treasure', chapter, { correct: 7, finishedAt: '2026-11-13T10:00:00Z' }),
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/records',
    headers: { cookie: cookie.asha },
    payload: { records },
  });
  expect(res.json().stored).toHaveLength(4);
  const attempt = { studentId: asha, schoolId, boardId, grade: 7, subjectId: science.subjectId };
  await storeTestAttempt(db, {
    ...attempt,
    kind: 'quiz',
    finishedAt: new Date('2026-11-18T09:00:00Z'),
    correct: 3,
    wrong: 1,
    unanswered: 1,
    seconds: 22.5,
  });
  await storeTestAttempt(db, {
    ...attempt,
    kind: 'test',
    finishedAt: new Date('2026-11-19T09:00:00Z'),
    correct: 2,
    wrong: 2,
    openEnded: 1,
    seconds: 24,
  });
});
afterAll(() => t.close());

const get = (who: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me/profile', headers: { cookie: cookie[who]! } });
const put = (who: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/me/profile', headers: { cookie: cookie[who]! }, payload });

describe('GET /me/profile', () => {
  it('shows the student, their parents, learn progress from the rollups and practice progress', async () => {
    const res = await get('asha');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: asha,
      firstName: 'Asha',
      lastName: 'Rao',
      mobile: '+919800000001',
      email: 'asha@example.in',
      language: 'en',
    });
    expect(body.student).toEqual({
      schoolName: 'Gyan Jyoti Vidyalaya, Pune',
      boardName: 'CBSE board',
      grade: 7,
      section: 'A',
      timeZone: 'Asia/Kolkata',
    });
    expect(body.parents).toEqual([{ name: 'Sunita Rao', mobile: '+91 ••••••0009' }]);
    expect(body.languages).toEqual(['en', 'mr', 'hi']);
    // topicRecord: 10 questions x seconds + 5 s; treasure 10 x 10 s; practice as given.
    expect(body.learn).toEqual({
      topicsStudied: 2,
      chaptersCompleted: 1,
      timeSpentSeconds: 105 + 55 + 205 + 100 + 90 + 120,
      subjects: [
        { id: expect.any(Number), name: 'science', topicsCompleted: 2, chaptersCompleted: 1, timeSpentSeconds: 675 },
      ],
    });
    expect(body.practice.records).toEqual([
      {
        id: expect.any(String),
        kind: 'test',
        subjectName: 'science',
        completedAt: '2026-11-19T09:00:00.000Z',
        correct: 2,
        incorrect: 2,
        unanswered: 0,
        timeSpentSeconds: 120,
        accuracy: 50,
      },
      {
        id: expect.any(String),
        kind: 'quiz',
        subjectName: 'science',
        completedAt: '2026-11-18T09:00:00.000Z',
        correct: 3,
        incorrect: 1,
        unanswered: 1,
        timeSpentSeconds: 90,
        accuracy: 75,
      },
    ]);
  });

  it('has empty progress for a student who has not played', async () => {
    const body = (await get('bina')).json();
    expect(body.learn).toEqual({ topicsStudied: 0, chaptersCompleted: 0, timeSpentSeconds: 0, subjects: [] });
    expect(body.practice).toEqual({ records: [] });
    expect(body.parents).toEqual([]);
  });

  it('gives staff their own details without student sections', async () => {
    const body = (await get('teacher')).json();
    expect(body).toMatchObject({ student: null, learn: null, practice: null, parents: [] });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/profile' })).statusCode).toBe(401);
  });
});

describe('PUT /me/profile', () => {
  it('changes only the caller’s name, email and language', async () => {
    const res = await put('bina', {
      firstName: '  Bina ',
      lastName: 'Shah',
      email: 'Bina.Shah@Example.in',
      language: 'hi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: bina,
      firstName: 'Bina',
      lastName: 'Shah',
      email: 'bina.shah@example.in',
      language: 'hi',
    });
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie.bina } })).json();
    expect(me.user).toMatchObject({ firstName: 'Bina', language: 'hi' });
    expect((await get('asha')).json().user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      language: 'en',
    });
  });

  it('cannot reach another student’s profile: no id is accepted', async () => {
    const res = await put('bina', { id: asha, firstName: 'Hacked', lastName: '', email: '', language: 'en' });
    expect(res.statusCode).toBe(400);
    const other = await put('bina', { userId: asha, firstName: 'Hacked', lastName: '', email: '', language: 'en' });
    expect(other.statusCode).toBe(400);
    expect((await get('asha')).json().user.firstName).toBe('Asha');
    // Neither can a mobile number, school or grade be changed here.
    expect(
      (await put('asha', { firstName: 'Asha', lastName: 'Rao', email: '', language: 'en', mobile: '+919811111111' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await put('asha', { firstName: 'Asha', lastName: 'Rao', email: '', language: 'en', grade: 8 })).statusCode,
    ).toBe(400);
  });

  it('checks the email with the spec’s message and clears it when empty', async () => {
    for (const email of ['asha', 'asha@', 'asha@example', 'a b@example.in']) {
      const res = await put('asha', { firstName: 'Asha', lastName: 'Rao', email, language: 'en' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ path: 'email', message: 'Please enter valid Email Id' }] },
      });
    }
    expect((await get('asha')).json().user.email).toBe('asha@example.in');
    const cleared = await put('asha', { firstName: 'Asha', lastName: 'Rao', email: '', language: 'en' });
    expect(cleared.json().user.email).toBeNull();
  });

  it('requires a first name and a language the school offers', async () => {
    const noName = await put('asha', { firstName: '  ', lastName: 'Rao', email: '', language: 'en' });
    expect(noName.statusCode).toBe(400);
    const notOffered = await put('asha', { firstName: 'Asha', lastName: 'Rao', email: '', language: 'ta' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ code: 'LANGUAGE_NOT_OFFERED', message: 'Please select Language' });
    expect((await get('asha')).json().user.language).toBe('en');
  });
});
