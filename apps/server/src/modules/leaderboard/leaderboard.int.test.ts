import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { initials } from './leaderboard.service';

let t: TestApp;
let schoolId: number;
const cookie: Record<string, string> = {};

/**
 * Class VII of one school: Asha and Bina both score 20 with 110 coins (Asha played first, so she
 * ranks first), Chetan 15.85; Dev never played (rank NA); twelve more classmates with lower scores;
 * Esha is in grade VI and never appears.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  schoolId = await createSchool(db, { boardId, grades: [6, 7] });
  const [c7] = (await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 }))
    .chapters as [TestChapter];
  const [c6] = (await createCurriculum(db, { boardId, grade: 6, subjectSlug: 'science', chapters: 1, topics: 1 }))
    .chapters as [TestChapter];
  const add = async (
    name: string,
    grade: number,
    chapter: TestChapter | null,
    record?: { correct: number; seconds: number; finishedAt: string },
  ) => {
    const [first, last] = name.split(' ') as [string, string];
    const id = await createStudent(db, { schoolId, boardId, grade, firstName: first });
    await db.updateTable('users').set({ last_name: last, avatar: 'scientist' }).where('id', '=', id).execute();
    cookie[first] = await sessionCookie(db, id, t.now());
    if (chapter && record) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        headers: { cookie: cookie[first]! },
        payload: { records: [topicRecord(chapter, chapter.topics[0]!, record)] },
      });
    }
  };
  await add('Asha Rao', 7, c7, { correct: 10, seconds: 4, finishedAt: '2026-11-10T10:00:00Z' });
  await add('Bina Shah', 7, c7, { correct: 10, seconds: 4, finishedAt: '2026-11-12T10:00:00Z' });
  await add('Chetan Das', 7, c7, { correct: 8, seconds: 12, finishedAt: '2026-11-11T10:00:00Z' });
  await add('Dev Iyer', 7, null);
  for (let i = 0; i < 12; i++)
    await add(`Kid${i} Test`, 7, c7, { correct: 1 + (i % 7), seconds: 20, finishedAt: '2026-11-13T10:00:00Z' });
  await add('Esha Nair', 6, c6, { correct: 10, seconds: 4, finishedAt: '2026-11-10T10:00:00Z' });
  cookie.principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [schoolId] }), t.now());
  cookie.otherPrincipal = await sessionCookie(
    db,
    await createStaff(db, 'principal', { schoolIds: [await createSchool(db, { boardId })] }),
    t.now(),
  );
});
afterAll(() => t.close());

const board = (who: string, page = 1) =>
  t.app.inject({ method: 'GET', url: `/api/v1/leaderboard?page=${page}`, headers: { cookie: cookie[who]! } });
const setMode = (who: string, mode: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/schools/${schoolId}/leaderboard`,
    headers: { cookie: cookie[who]! },
    payload: { mode },
  });

describe('class leaderboard', () => {
  it('ranks by score, then learning currency, then who got there first', async () => {
    const body = (await board('Chetan')).json();
    expect(body).toMatchObject({
      enabled: true,
      page: 1,
      pageCount: 2,
      total: 15,
      me: { firstName: 'Chetan', grade: 7, rank: 3, score: 16, avatar: 'scientist' },
    });
    expect(body.entries.slice(0, 3)).toEqual([
      { rank: 1, name: 'Asha Rao', avatar: 'scientist', score: 20, isMe: false },
      { rank: 2, name: 'Bina Shah', avatar: 'scientist', score: 20, isMe: false },
      { rank: 3, name: 'Chetan Das', avatar: 'scientist', score: 16, isMe: true },
    ]);
    expect(body.entries).toHaveLength(10);
    expect(body.entries.map((e: { name: string }) => e.name)).not.toContain('Esha Nair');
    const page2 = (await board('Chetan', 2)).json();
    expect(page2.entries.map((e: { rank: number }) => e.rank)).toEqual([11, 12, 13, 14, 15]);
  });

  it('gives rank 0 (shown NA) to a student with no score', async () => {
    expect((await board('Dev')).json().me).toMatchObject({ rank: 0, score: 0 });
  });

  it('shows other students by initials, or nothing, as the principal decides; the API enforces it', async () => {
    expect((await setMode('Asha', 'off')).statusCode).toBe(403);
    expect((await setMode('otherPrincipal', 'off')).statusCode).toBe(403);
    expect((await setMode('principal', 'initials')).statusCode).toBe(200);
    const hidden = (await board('Chetan')).json();
    expect(hidden.entries.slice(0, 3).map((e: { name: string }) => e.name)).toEqual(['A. R.', 'B. S.', 'Chetan Das']);
    expect(JSON.stringify(hidden)).not.toContain('Asha');
    expect((await setMode('principal', 'off')).statusCode).toBe(200);
    const off = (await board('Chetan')).json();
    expect(off).toMatchObject({ enabled: false, entries: [], me: { rank: 3 } });
    await setMode('principal', 'full');
  });

  it('is for students only', async () => {
    expect((await board('principal')).statusCode).toBe(403);
  });
});

describe('per-grade setting', () => {
  const settings = (who: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/schools/${schoolId}/leaderboard`, headers: { cookie: cookie[who]! } });
  const setGrade = (who: string, grade: number, mode: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${schoolId}/leaderboard/grades/${grade}`,
      headers: { cookie: cookie[who]! },
      payload: { mode },
    });

  it('lists the school’s setting and each grade it teaches; only its principal', async () => {
    expect((await settings('principal')).json()).toEqual({
      schoolId,
      mode: 'full',
      grades: [
        { grade: 6, mode: null },
        { grade: 7, mode: null },
      ],
    });
    expect((await settings('otherPrincipal')).statusCode).toBe(403);
    expect((await settings('Asha')).statusCode).toBe(403);
    expect((await setGrade('Asha', 7, 'off')).statusCode).toBe(403);
    expect((await setGrade('otherPrincipal', 7, 'off')).statusCode).toBe(403);
  });

  it('a grade turned off or to initials applies to that grade only; the stricter of school and grade wins', async () => {
    expect((await setGrade('principal', 7, 'initials')).json().grades).toContainEqual({ grade: 7, mode: 'initials' });
    expect(
      (await board('Chetan'))
        .json()
        .entries.slice(0, 2)
        .map((e: { name: string }) => e.name),
    ).toEqual(['A. R.', 'B. S.']);
    // Grade VI keeps full names.
    expect((await board('Esha')).json().entries[0].name).toBe('Esha Nair');
    await setGrade('principal', 7, 'off');
    expect((await board('Chetan')).json()).toMatchObject({ enabled: false, entries: [] });
    expect((await board('Esha')).json().enabled).toBe(true);
    // The school off overrides a grade's full; a grade's full does not undo the school's initials.
    await setGrade('principal', 7, 'full');
    await setMode('principal', 'initials');
    expect((await board('Chetan')).json().entries[0].name).toBe('A. R.');
    await setGrade('principal', 7, null);
    await setMode('principal', 'full');
    expect((await board('Chetan')).json().entries[0].name).toBe('Asha Rao');
    expect((await settings('principal')).json().grades).toContainEqual({ grade: 7, mode: null });
  });

  it('refuses a grade out of range', async () => {
    expect((await setGrade('principal', 13, 'off')).statusCode).toBe(400);
  });
});

describe('initials', () => {
  it.each([
    ['Ananya', 'Rao', 'A. R.'],
    ['Isha', '', 'I.'],
    ['ānanya', 'patil', 'Ā. P.'],
  ])('%s %s -> %s', (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });
});
