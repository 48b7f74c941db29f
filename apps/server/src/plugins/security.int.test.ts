/**
 * The server as production runs it: session cookie flags, security headers, no caching of API
 * answers, the development SMS outbox and exam site stand-in switched off, and cross-site writes refused.
 * docs/SECURITY.md lists these controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { OpenApiDocument } from '../test/openapi-arbitraries';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
} from '../test/factories';

let t: TestApp;
let boardId: number;
let schoolId: number;
const MOBILE = '+919812300001';
const PASSWORD = 'Correct-Horse-7';

beforeAll(async () => {
  t = await buildTestApp({
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
  });
  const db = t.database.db;
  boardId = await createBoard(db);
  schoolId = await createSchool(db, { boardId });
  const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
  await db
    .updateTable('users')
    .set({ mobile: MOBILE, password_hash: await hash(PASSWORD) })
    .where('id', '=', principal)
    .execute();
});
afterAll(() => t.close());

const signIn = () =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/staff', payload: { mobile: MOBILE, password: PASSWORD } });

describe('in production', () => {
  it('sets the session cookie httpOnly, Secure, SameSite=Lax, for 14 days at most', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'ki_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    // Max-Age, counted on the device's own clock: no Expires date a wrongly set device clock misreads.
    expect(cookie!.expires).toBeUndefined();
    const days = cookie!.maxAge! / 86_400;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // The token never appears in the body: scripts cannot read it.
    expect(res.body).not.toContain(cookie!.value);
  });

  it('sends the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const h = res.headers;
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).toContain("object-src 'none'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['x-powered-by']).toBeUndefined();
  });

  it('has no development SMS outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/sms-outbox?mobile=9812300001' });
    expect(res.statusCode).toBe(404);
  });

  it('has no exam site stand-in, and without an exam site the launcher says the section is not accessible', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/exam-site?token=a.b.c' })).statusCode).toBe(404);
    const cookie = await sessionCookie(
      t.database.db,
      await createStudent(t.database.db, { schoolId, boardId, grade: 12 }),
      t.now(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exams/launch',
      headers: { cookie },
      payload: { type: 'JEE' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'EXAM_SITE_UNAVAILABLE',
      message: 'This section is not currently accessible',
    });
  });

  it('refuses state-changing requests from another site, with or without a session', async () => {
    const session = (await signIn()).cookies.find((c) => c.name === 'ki_session')!;
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', cookie: `ki_session=${session.value}` },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { ...headers, host: 'app.example.in' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // The session survived the refused cross-site logout.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `ki_session=${session.value}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers errors without stack traces or internal messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/staff',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });
});

describe('caching of API answers', () => {
  /** Routes that rely on revalidation (ETag and 304) and say so themselves. */
  const REVALIDATED = new Set(['GET /api/v1/learn/subjects/{slug}/bundle']);
  let principalId: number;
  let studentId: number;
  let principal: string;
  let student: string;

  beforeAll(async () => {
    const db = t.database.db;
    await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 });
    principalId = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    studentId = await createStudent(db, { schoolId, boardId, grade: 7 });
    principal = await sessionCookie(db, principalId, t.now());
    student = await sessionCookie(db, studentId, t.now());
  });

  it('answers no-store on every route of the API, for every caller and status', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    const routes = Object.entries(doc.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
      )
      .filter(({ method, path }) => !REVALIDATED.has(`${method} ${path}`))
      // Signing out last: it ends the session the other calls use.
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(routes.length).toBeGreaterThan(20);
    const statuses = new Set<number>();
    // Sessions of their own: the sweep signs them out.
    const sessions = [studentId, principalId].map((id) => sessionCookie(t.database.db, id, t.now()));
    for (const cookie of [undefined, ...(await Promise.all(sessions))]) {
      for (const { method, path } of routes) {
        const url = path.replace(/\{slug\}/g, 'science').replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {} });
        statuses.add(res.statusCode);
        expect(res.headers['cache-control'], `${method} ${url} -> ${res.statusCode}`).toBe('no-store');
      }
    }
    // Successes, refusals and errors alike (an unknown id answers 403 like one outside the scope; unknown paths are checked below).
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 403]));
  });

  it('answers no-store on a download, an unknown path and an address the router refuses', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/students.csv?category=registered',
      headers: { cookie: principal },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/nothing-here', '/api/v1/students/%E0%A4%A/records']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: principal } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('lets the content bundle be kept privately and revalidated with its ETag, and its errors not at all', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/learn/subjects/science/bundle',
      headers: { cookie: student },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/learn/subjects/science/bundle',
      headers: { cookie: student, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/learn/subjects/no-such-subject/bundle',
      headers: { cookie: student },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
