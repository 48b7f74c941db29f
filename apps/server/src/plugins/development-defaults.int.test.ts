/**
 * Development defaults that must not fail open (security review of November 2026): the SMS outbox
 * answers this machine only, and X-Forwarded-For is trusted for the configured hops only, so a
 * client cannot name its own address and escape the per-address limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createBoard, createSchool, createStudent } from '../test/factories';

const MOBILE = '+919812300077';
let dev: TestApp;
let proxied: TestApp;

async function studentWithMobile(t: TestApp) {
  const db = t.database.db;
  const schoolId = await createSchool(db, { boardId: await createBoard(db) });
  const id = await createStudent(db, {
    schoolId,
    boardId: (await db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id,
    grade: 7,
  });
  await db.updateTable('users').set({ mobile: MOBILE }).where('id', '=', id).execute();
}

beforeAll(async () => {
  dev = await buildTestApp({ NODE_ENV: 'development' });
  proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
  await studentWithMobile(dev);
  await studentWithMobile(proxied);
});
afterAll(async () => {
  await dev.close();
  await proxied.close();
});

describe('the development SMS outbox', () => {
  it('shows a code to a caller on this machine', async () => {
    expect(
      (await dev.app.inject({ method: 'POST', url: '/api/v1/auth/otp', payload: { mobile: MOBILE } })).statusCode,
    ).toBe(200);
    const res = await dev.app.inject({
      method: 'GET',
      url: `/api/v1/dev/sms-outbox?mobile=${encodeURIComponent(MOBILE)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toMatch(/^\d{4}$/);
  });

  it('answers a caller elsewhere on the network as if it did not exist, forwarded header or not', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await dev.app.inject({
        method: 'GET',
        url: `/api/v1/dev/sms-outbox?mobile=${encodeURIComponent(MOBILE)}`,
        remoteAddress: '192.168.1.23',
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(res.body).not.toMatch(/\d{4} /);
    }
  });
});

describe('TRUST_PROXY as the proxy address', () => {
  it('takes the address our proxy saw, not the one the client wrote into X-Forwarded-For', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp',
      payload: { mobile: MOBILE },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.250, 198.51.100.7' },
    });
    expect(res.statusCode).toBe(200);
    const stored = await proxied.database.db
      .selectFrom('otp_challenges')
      .select('client_ip')
      .where('mobile', '=', MOBILE)
      .execute();
    expect(stored.map((r) => r.client_ip)).toEqual(['198.51.100.7']);
  });
});
