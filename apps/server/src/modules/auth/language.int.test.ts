import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';

/**
 * One language per user (issue #30): PUT /me/language saves users.language, only among the
 * languages the user's school activates, and the profile and onboarding refuse the same way.
 */
let t: TestApp;
let boardId: number;
const cookie = { student: '', teacher: '', superadmin: '', parent: '' };
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db);
  const chainId = await createChain(db);
  const pune = await createSchool(db, { chainId, boardId, grades: [7] });
  const chennai = await createSchool(db, { chainId, boardId, grades: [7] });
  await db
    .updateTable('schools')
    .set({ activated_languages: ['en', 'mr', 'hi'] })
    .where('id', '=', pune)
    .execute();
  await db
    .updateTable('schools')
    .set({ activated_languages: ['en', 'ta'] })
    .where('id', '=', chennai)
    .execute();
  studentId = await createStudent(db, { schoolId: pune, boardId, grade: 7, firstName: 'Aarav' });
  await db.updateTable('users').set({ language: 'en' }).where('id', '=', studentId).execute();
  cookie.student = await sessionCookie(db, studentId, t.now());
  // A teacher of both schools: the first one (by id) is the one whose languages count, as for /me.
  cookie.teacher = await sessionCookie(db, await createStaff(db, 'teacher', { schoolIds: [pune, chennai] }), t.now());
  cookie.superadmin = await sessionCookie(db, await createStaff(db, 'superadmin', { chainId }), t.now());
  cookie.parent = await sessionCookie(db, await createUser(db, 'parent'), t.now());
});
afterAll(() => t.close());

const put = (who: keyof typeof cookie, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie: cookie[who] }, payload });
const me = async (who: keyof typeof cookie) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie[who] } })).json();

describe('PUT /me/language', () => {
  it('saves the language and answers the updated /me; the profile shows the same one', async () => {
    const res = await put('student', '/api/v1/me/language', { language: 'mr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: studentId, language: 'mr' },
      school: { languages: ['en', 'mr', 'hi'] },
    });
    expect((await me('student')).user.language).toBe('mr');
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me/profile', headers: { cookie: cookie.student } })
    ).json();
    expect(profile.user.language).toBe('mr');
    expect(profile.languages).toEqual(['en', 'mr', 'hi']);
    await put('student', '/api/v1/me/language', { language: 'en' });
  });

  it('refuses a language the school does not activate with 400 LANGUAGE_NOT_OFFERED, changing nothing', async () => {
    const res = await put('student', '/api/v1/me/language', { language: 'ta' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'LANGUAGE_NOT_OFFERED',
      details: { field: 'language', offered: ['en', 'mr', 'hi'] },
    });
    expect((await me('student')).user.language).toBe('en');
  });

  it('refuses what is not a language of the product, and any other field, as invalid input', async () => {
    for (const payload of [
      { language: 'fr' },
      { language: 'EN' },
      {},
      { language: 'hi', userId: 1 },
      { language: null },
    ]) {
      const res = await put('student', '/api/v1/me/language', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await me('student')).user.language).toBe('en');
  });

  it('offers staff their (first) school’s languages, and all six to users without a school', async () => {
    expect((await put('teacher', '/api/v1/me/language', { language: 'ta' })).json().code).toBe('LANGUAGE_NOT_OFFERED');
    expect((await put('teacher', '/api/v1/me/language', { language: 'hi' })).statusCode).toBe(200);
    for (const language of ['te', 'gu', 'en']) {
      expect((await put('superadmin', '/api/v1/me/language', { language })).statusCode).toBe(200);
      expect((await put('parent', '/api/v1/me/language', { language })).statusCode).toBe(200);
    }
    expect((await me('superadmin')).user.language).toBe('en');
  });

  it('is for signed-in users only', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/me/language', payload: { language: 'en' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the same refusal wherever the language is set', () => {
  it('the profile refuses a language the school does not activate', async () => {
    const res = await put('student', '/api/v1/me/profile', {
      firstName: 'Aarav',
      lastName: '',
      email: '',
      language: 'gu',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'LANGUAGE_NOT_OFFERED', details: { issues: [{ path: 'language' }] } });
    expect((await me('student')).user.language).toBe('en');
  });

  it('the onboarding picker refuses it too', async () => {
    const db = t.database.db;
    await db.updateTable('users').set({ language: null }).where('id', '=', studentId).execute();
    try {
      const res = await put('student', '/api/v1/me/onboarding', { language: 'te' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LANGUAGE_NOT_OFFERED');
      expect((await me('student')).onboarding.needsLanguage).toBe(true);
    } finally {
      await db.updateTable('users').set({ language: 'en' }).where('id', '=', studentId).execute();
    }
  });
});
