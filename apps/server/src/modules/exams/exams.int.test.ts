/**
 * The exam launcher through the API (access-and-app-shell.md 2.2), against the development stand-in
 * of the outside test site, an "external" site configured by address, and no site at all.
 */
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EXAM_SITE_SECRET } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
} from '../../test/factories';

const key = new TextEncoder().encode(DEV_EXAM_SITE_SECRET);
let t: TestApp;
let studentId: number;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  const schoolId = await createSchool(db, { boardId, grades: [11, 12] });
  studentId = await createStudent(db, { schoolId, boardId, grade: 12 });
  cookie.student = await sessionCookie(db, studentId, t.now());
  cookie.teacher = await sessionCookie(
    db,
    await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 12 }] }),
    t.now(),
  );
  const parentId = await createUser(db, 'parent');
  await linkParent(db, parentId, studentId);
  cookie.parent = await sessionCookie(db, parentId, t.now());
  cookie.contentEditor = await sessionCookie(db, await createUser(db, 'content_editor'), t.now());
});
afterAll(() => t.close());

const launch = (app: TestApp, who: string | null, type: unknown) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/exams/launch',
    headers: who ? { cookie: cookie[who]! } : {},
    payload: { type },
  });

describe('POST /api/v1/exams/launch with the development stand-in', () => {
  it.each([
    ['JEE', 4],
    ['NEET', 5],
    ['12passout', 9],
    ['12', 10],
    ['11', 11],
    ['anything-else', 1],
  ])('%s opens test %i with a token of at most 5 minutes for the caller, never cached', async (type, testId) => {
    const res = await launch(t, 'student', type);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { url: string; testId: number; expiresAt: string };
    expect(body.testId).toBe(testId);
    expect(body.expiresAt).toBe(new Date(t.now().getTime() + 300_000).toISOString());
    const url = new URL(body.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/dev/exam-site');
    const token = url.searchParams.get('token')!;
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'knowledge-islands',
      audience: 'exam-site',
      currentDate: t.now(),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: String(studentId), testId, iat: t.now().getTime() / 1000 });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leads to the stand-in page, which verifies the token and shows the user and the test', async () => {
    const { url } = (await launch(t, 'student', 'JEE')).json() as { url: string };
    // The outside site knows no session of ours: no cookie.
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`<dd data-testid="exam-user-id">${studentId}</dd>`);
    expect(page.body).toContain('<dd data-testid="exam-test-id">4</dd>');
  });

  it('refuses a token once expired, altered, signed with another secret or for another audience', async () => {
    const { url } = (await launch(t, 'student', 'NEET')).json() as { url: string };
    const token = new URL(url, 'http://localhost').searchParams.get('token')!;
    const standIn = (tok: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/dev/exam-site?token=${encodeURIComponent(tok)}` });
    const start = t.now();
    try {
      t.setNow(new Date(start.getTime() + 299_000));
      expect((await standIn(token)).statusCode).toBe(200);
      t.setNow(new Date(start.getTime() + 301_000));
      const expired = await standIn(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'EXAM_TOKEN_INVALID' });
    } finally {
      t.setNow(start);
    }
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1', testId: 11 })).toString('base64url');
    expect((await standIn(`${header}.${forged}.${signature}`)).json()).toMatchObject({ code: 'EXAM_TOKEN_INVALID' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    // An unsigned token ("alg": "none"): only HS256 is accepted.
    for (const unsigned of [`${none}.${payload}.`, `${none}.${payload}.${signature}`]) {
      expect((await standIn(unsigned)).json()).toMatchObject({ code: 'EXAM_TOKEN_INVALID' });
    }
    const other = await buildTestApp({
      EXAM_SITE_SECRET: 'another-secret-of-at-least-32-characters!',
      EXAM_SITE_AUDIENCE: 'other-site',
    });
    try {
      // This app's token at a stand-in with another secret and audience.
      const there = await other.app.inject({ method: 'GET', url: `/api/v1/dev/exam-site?token=${token}` });
      expect(there.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('is for students and school staff: parents and content roles get 403, visitors 401', async () => {
    expect((await launch(t, 'teacher', 'JEE')).statusCode).toBe(200);
    expect((await launch(t, 'parent', 'JEE')).statusCode).toBe(403);
    expect((await launch(t, 'contentEditor', 'JEE')).statusCode).toBe(403);
    expect((await launch(t, null, 'JEE')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookie.parent! } });
    expect(me.json().abilities.launchExams).toBe(false);
  });

  it('refuses a type that is not a short word, before anything is signed', async () => {
    for (const type of ['', 'JEE/../x', 'a'.repeat(33), 'JEE ', 4, null]) {
      const res = await launch(t, 'student', type);
      expect(res.statusCode, JSON.stringify(type)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('with an outside site configured', () => {
  it('sends the browser to its address with the token added to the query, signed with its secret and audience', async () => {
    const secret = 'Xe4r9Tq2Lm7Vb1Nc8Pz3Hd6Wk0Js5Gf2';
    const app = await buildTestApp({
      EXAM_SITE_URL: 'https://tests.example.org/launch?programme=hs30',
      EXAM_SITE_SECRET: secret,
      EXAM_SITE_AUDIENCE: 'tests.example.org',
      EXAM_SITE_ISSUER: 'ki-school-app',
    });
    try {
      const id = await createUser(app.database.db, 'student');
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/exams/launch',
        headers: { cookie: await sessionCookie(app.database.db, id, app.now()) },
        payload: { type: '12passout' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json().url);
      expect(`${url.origin}${url.pathname}`).toBe('https://tests.example.org/launch');
      expect(url.searchParams.get('programme')).toBe('hs30');
      const { payload } = await jwtVerify(url.searchParams.get('token')!, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        issuer: 'ki-school-app',
        audience: 'tests.example.org',
        currentDate: app.now(),
      });
      expect(payload).toMatchObject({ sub: String(id), testId: 9 });
      // No stand-in beside a real site.
      expect((await app.app.inject({ method: 'GET', url: '/api/v1/dev/exam-site?token=a.b.c' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('with no site configured', () => {
  it('answers 503 EXAM_SITE_UNAVAILABLE with the spec’s message, and serves no stand-in', async () => {
    const app = await buildTestApp({ EXAM_SITE_PROVIDER: 'off' });
    try {
      const id = await createUser(app.database.db, 'student');
      const headers = { cookie: await sessionCookie(app.database.db, id, app.now()) };
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/exams/launch',
        headers,
        payload: { type: 'JEE' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'EXAM_SITE_UNAVAILABLE',
        message: 'This section is not currently accessible',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      // The policy still comes first: a visitor is asked to sign in.
      expect(
        (await app.app.inject({ method: 'POST', url: '/api/v1/exams/launch', payload: { type: 'JEE' } })).statusCode,
      ).toBe(401);
      expect((await app.app.inject({ method: 'GET', url: '/api/v1/dev/exam-site?token=a.b.c' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
