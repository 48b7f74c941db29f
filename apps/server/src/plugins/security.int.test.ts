/**
 * The server as production runs it: session cookie flags, security headers, the development SMS
 * outbox switched off, and cross-site writes refused. docs/SECURITY.md lists these controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createBoard, createSchool, createStaff } from '../test/factories';

let t: TestApp;
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
  const schoolId = await createSchool(db, { boardId: await createBoard(db) });
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
