/**
 * Launch tokens of the exam launcher, and the documented vector (docs/SECURITY.md "Exam launcher
 * tokens") that the outside site's developers check their side against.
 */
import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  EXAM_TOKEN_TTL_SECONDS,
  ExamTokenError,
  signExamToken,
  verifyExamToken,
  type ExamTokenKey,
} from './exam-token';
import { ExternalExamSite } from './external-exam-site';
import { LocalExamSite } from './local-exam-site';

// The vector, as written in docs/SECURITY.md: change both together.
const VECTOR = {
  key: {
    secret: 'exam-vector-secret-not-for-production-0123',
    issuer: 'knowledge-islands',
    audience: 'exam-site',
  } satisfies ExamTokenKey,
  now: new Date('2026-11-26T06:30:00Z'),
  userId: 4242,
  testId: 4,
  tokenId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' +
    '.eyJ0ZXN0SWQiOjQsImlzcyI6Imtub3dsZWRnZS1pc2xhbmRzIiwiYXVkIjoiZXhhbS1zaXRlIiwic3ViIjoiNDI0MiIsImlhdCI6MTc5NTY3NDYwMCwiZXhwIjoxNzk1Njc0OTAwLCJqdGkiOiIzZjFjMmQ0ZS01YTZiLTRjN2QtOGU5Zi0wYTFiMmMzZDRlNWYifQ' +
    '.oKAxz5Hxyl0hTaQtGqtnBivzZlXq2rHGuvgtAeVvhZY',
};
const bytes = (secret: string) => new TextEncoder().encode(secret);

describe('the documented vector', () => {
  it('is what signExamToken makes for the fixed secret, clock, user, test and token id', async () => {
    const { token, expiresAt } = await signExamToken(VECTOR.key, {
      userId: 4242,
      testId: 4,
      now: VECTOR.now,
      tokenId: VECTOR.tokenId,
    });
    expect(token).toBe(VECTOR.token);
    expect(expiresAt.toISOString()).toBe('2026-11-26T06:35:00.000Z');
  });

  it('decodes to the documented header and claims', () => {
    expect(decodeProtectedHeader(VECTOR.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(VECTOR.token)).toEqual({
      testId: 4,
      iss: 'knowledge-islands',
      aud: 'exam-site',
      sub: '4242',
      iat: 1795674600, // 2026-11-26T06:30:00Z
      exp: 1795674900, // 5 minutes later
      jti: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    });
  });

  it('has the HMAC-SHA256 signature any library computes (node:crypto, as `openssl dgst -hmac` does)', () => {
    const [header, payload, signature] = VECTOR.token.split('.') as [string, string, string];
    expect(createHmac('sha256', VECTOR.key.secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  });

  it('verifies with jose at the fixed clock: audience, issuer, at most 5 minutes, the user id and test id', async () => {
    const { payload } = await jwtVerify(VECTOR.token, bytes(VECTOR.key.secret), {
      algorithms: ['HS256'],
      audience: 'exam-site',
      issuer: 'knowledge-islands',
      currentDate: VECTOR.now,
    });
    expect(payload.sub).toBe(String(VECTOR.userId));
    expect(payload.testId).toBe(VECTOR.testId);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(await verifyExamToken(VECTOR.key, VECTOR.token, new Date('2026-11-26T06:34:59Z'))).toEqual({
      userId: 4242,
      testId: 4,
      tokenId: VECTOR.tokenId,
      issuedAt: VECTOR.now,
      expiresAt: new Date('2026-11-26T06:35:00Z'),
    });
  });
});

describe('verifyExamToken: refuses what the outside site must refuse', () => {
  const refuses = (key: ExamTokenKey, token: string, now = VECTOR.now) =>
    expect(verifyExamToken(key, token, now)).rejects.toBeInstanceOf(ExamTokenError);

  it('an expired token, and one from the future', async () => {
    expect(EXAM_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(300);
    await refuses(VECTOR.key, VECTOR.token, new Date('2026-11-26T06:35:00Z'));
    await refuses(VECTOR.key, VECTOR.token, new Date('2026-11-26T06:29:00Z'));
  });

  it('another secret, audience or issuer', async () => {
    await refuses({ ...VECTOR.key, secret: `${VECTOR.key.secret}x` }, VECTOR.token);
    await refuses({ ...VECTOR.key, audience: 'another-site' }, VECTOR.token);
    await refuses({ ...VECTOR.key, issuer: 'someone-else' }, VECTOR.token);
  });

  it('another algorithm, and claims that are not a user id and a test id', async () => {
    const sign = (claims: Record<string, unknown>, alg = 'HS256') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg })
        .setIssuer(VECTOR.key.issuer)
        .setAudience(VECTOR.key.audience)
        .setIssuedAt(VECTOR.now)
        .setExpirationTime(new Date(VECTOR.now.getTime() + 5 * 60_000))
        .setJti('x')
        .sign(bytes(VECTOR.key.secret));
    await refuses(VECTOR.key, await sign({ sub: '7', testId: 4 }, 'HS512'));
    await refuses(VECTOR.key, await sign({ sub: 'admin', testId: 4 }));
    await refuses(VECTOR.key, await sign({ sub: '7', testId: '4' }));
    await refuses(VECTOR.key, await sign({ testId: 4 }));
    expect(await verifyExamToken(VECTOR.key, await sign({ sub: '7', testId: 4 }), VECTOR.now)).toMatchObject({
      userId: 7,
      testId: 4,
    });
  });

  it('a token made to live longer than 5 minutes, even when correctly signed and fresh', async () => {
    const lasting = (issuedAgoMinutes: number) =>
      new SignJWT({ sub: '7', testId: 4 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(VECTOR.key.issuer)
        .setAudience(VECTOR.key.audience)
        .setIssuedAt(new Date(VECTOR.now.getTime() - issuedAgoMinutes * 60_000))
        .setExpirationTime(new Date(VECTOR.now.getTime() + 60 * 60_000))
        .setJti('x')
        .sign(bytes(VECTOR.key.secret));
    await refuses(VECTOR.key, await lasting(10));
    await refuses(VECTOR.key, await lasting(0));
  });
});

describe('the adapters', () => {
  it('the outside site: its address keeps its query and gains the token', async () => {
    const site = new ExternalExamSite('https://tests.example.org/start?lang=en', VECTOR.key);
    const { url, expiresAt } = await site.launch({ userId: 4242, testId: 9, now: VECTOR.now });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://tests.example.org/start');
    expect(parsed.searchParams.get('lang')).toBe('en');
    expect(await verifyExamToken(VECTOR.key, parsed.searchParams.get('token')!, VECTOR.now)).toMatchObject({
      userId: 4242,
      testId: 9,
      expiresAt,
    });
  });

  it('the stand-in: a path on this server, a fresh token id per launch, verified with the same key', async () => {
    const site = new LocalExamSite(VECTOR.key);
    const a = await site.launch({ userId: 1, testId: 1, now: VECTOR.now });
    const b = await site.launch({ userId: 1, testId: 1, now: VECTOR.now });
    expect(a.url).toMatch(/^\/api\/v1\/dev\/exam-site\?token=[\w.-]+$/);
    const token = (url: string) => new URL(url, 'http://localhost').searchParams.get('token')!;
    expect(token(a.url)).not.toBe(token(b.url));
    const claims = await site.verify(token(a.url), VECTOR.now);
    expect(claims).toMatchObject({ userId: 1, testId: 1 });
  });
});
