import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';
import { OTP_RULES } from './otp';
import { PASSWORD_ADDRESS_CEILING } from './backoff';

let t: TestApp;
let studentId: number;
let schoolId: number;
const MOBILE = '+919812345678';
let ipCounter = 0;
/** Each test signs in from its own address unless it is testing the per-address limit. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  schoolId = await createSchool(db, { chainId: await createChain(db), boardId, grades: [6, 7] });
  studentId = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Ananya' });
  await db.updateTable('users').set({ mobile: MOBILE }).where('id', '=', studentId).execute();
});
afterAll(() => t.close());

const requestOtp = (mobile: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/otp', payload: { mobile }, remoteAddress: ip });
const verify = (challengeId: string, code: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/otp/verify', payload: { challengeId, code }, remoteAddress: ip });
const staffSignIn = (mobile: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/staff', payload: { mobile, password }, remoteAddress: ip });
const wrongCodeFor = (right: string) => (right === '0000' ? '1111' : '0000');
/** A registered student's number of their own, so the counts of other tests do not mix in. */
async function studentWithMobile(mobile: string): Promise<number> {
  const db = t.database.db;
  const boardId = await createBoard(db);
  const id = await createStudent(db, { schoolId: await createSchool(db, { boardId }), boardId, grade: 7 });
  await db.updateTable('users').set({ mobile }).where('id', '=', id).execute();
  return id;
}
/** 429 RATE_LIMITED that says, in its body, message and Retry-After header, to come back in `seconds`. */
function expectTryAgainIn(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  seconds: number,
  words: string,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    message: expect.stringContaining(`Please try again in ${words}.`),
    details: { retryAfterSeconds: seconds },
  });
  expect(res.headers['retry-after']).toBe(String(seconds));
}
const lastCode = (mobile: string) => /^(\d+) /.exec(t.sms.last(mobile) ?? '')![1]!;
const later = (ms: number) => t.setNow(new Date(t.now().getTime() + ms));
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `ki_session=${res.cookies.find((c) => c.name === 'ki_session')!.value}`;

describe('mobile OTP sign-in', () => {
  it('sends a 4-digit code, never returns it, and signs in with it once', async () => {
    later(3_600_000);
    const res = await requestOtp('98123 45678');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ length: 4, expiresInSeconds: 300, resendAfterSeconds: 30 });
    expect(JSON.stringify(body)).not.toContain(lastCode(MOBILE));
    const stored = await t.database.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('id', '=', body.challengeId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(lastCode(MOBILE));

    const ok = await verify(body.challengeId, lastCode(MOBILE));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user: { id: studentId, role: 'student', firstName: 'Ananya' },
      home: '/concepts',
    });
    const cookie = ok.cookies.find((c) => c.name === 'ki_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookieOf(ok) } });
    expect(me.json().user.id).toBe(studentId);

    const replay = await verify(body.challengeId, lastCode(MOBILE));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OTP_EXPIRED');
  });

  it('rejects a wrong code with "Incorrect OTP" and locks after 5 tries', async () => {
    later(3_600_000);
    const { challengeId } = (await requestOtp(MOBILE)).json();
    const right = lastCode(MOBILE);
    const wrong = right === '0000' ? '1111' : '0000';
    for (let i = 1; i <= OTP_RULES.maxTries; i++) {
      const res = await verify(challengeId, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INCORRECT_OTP',
        message: 'Incorrect OTP',
        details: { triesLeft: OTP_RULES.maxTries - i },
      });
    }
    const locked = await verify(challengeId, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('OTP_LOCKED');
  });

  it('expires a code after 5 minutes', async () => {
    later(3_600_000);
    const { challengeId } = (await requestOtp(MOBILE)).json();
    const code = lastCode(MOBILE);
    later(OTP_RULES.ttlMs + 1000);
    const res = await verify(challengeId, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('throttles sends per number: 30 s between codes, 5 an hour', async () => {
    later(3_600_000);
    const sentBefore = t.sms.count(MOBILE);
    expect((await requestOtp(MOBILE)).statusCode).toBe(200);
    const soon = await requestOtp(MOBILE);
    expectTryAgainIn(soon, 30, '30 seconds');
    for (let i = 0; i < OTP_RULES.maxPerNumberPerHour - 1; i++) {
      later(31_000);
      expect((await requestOtp(MOBILE)).statusCode).toBe(200);
    }
    later(31_000);
    // The first of the hour's five codes leaves the count 3,600 - 5 x 31 s from now.
    expectTryAgainIn(await requestOtp(MOBILE), 3600 - 5 * 31, '58 minutes');
    expect(t.sms.count(MOBILE) - sentBefore).toBe(OTP_RULES.maxPerNumberPerHour);
  });

  it('throttles unregistered numbers tried from one address, and says when to come back', async () => {
    later(3_600_000);
    const ip = '203.0.113.9';
    for (let i = 0; i < OTP_RULES.maxUnregisteredPerAddressPerHour; i++) {
      const res = await requestOtp(`+9197000${String(i).padStart(5, '0')}`, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_REGISTERED');
    }
    const blocked = await requestOtp(MOBILE, ip);
    expectTryAgainIn(blocked, 3600, '1 hour');
  });

  // Security issue #21: a whole school behind one public address shared the 20 sends an hour.
  it('sends codes to a whole school behind one address, up to a ceiling', async () => {
    later(3_600_000);
    const ip = '198.51.100.20';
    const db = t.database.db;
    // The ceiling's events, as if the school's other students had signed in this hour.
    await db
      .insertInto('rate_limit_events')
      .values(
        Array.from({ length: OTP_RULES.maxPerAddressPerHour - 30 }, (_, i) => ({
          bucket: 'otp-send-ip',
          key: ip,
          at: new Date(t.now().getTime() - 1000 * (i + 1)),
        })),
      )
      .execute();
    const mobiles = Array.from({ length: 30 }, (_, i) => `+9198123${String(40_000 + i).padStart(5, '0')}`);
    for (const mobile of mobiles) await studentWithMobile(mobile);
    for (const mobile of mobiles) expect((await requestOtp(mobile, ip)).statusCode, mobile).toBe(200);
    const over = '+919812349999';
    await studentWithMobile(over);
    expect((await requestOtp(over, ip)).json().code).toBe('RATE_LIMITED');
    // Another address is not held up.
    expect((await requestOtp(over, '198.51.100.21')).statusCode).toBe(200);
  });

  // Security issue #21: every new code used to bring 5 more tries (25 guesses an hour).
  it('counts wrong codes per number across its codes and addresses; after 5 the number waits, twice as long each time', async () => {
    later(3_600_000);
    const mobile = '+919812300001';
    const id = await studentWithMobile(mobile);
    const first = (await requestOtp(mobile)).json().challengeId;
    for (let i = 0; i < 3; i++)
      expect((await verify(first, wrongCodeFor(lastCode(mobile)), freshIp())).json().code).toBe('INCORRECT_OTP');
    later(31_000);
    const second = (await requestOtp(mobile)).json().challengeId;
    const right = lastCode(mobile);
    for (let i = 0; i < 2; i++)
      expect((await verify(second, wrongCodeFor(right), freshIp())).json().code).toBe('INCORRECT_OTP');
    // The fifth wrong code: even the right code on a code with tries left now waits 15 minutes.
    expectTryAgainIn(await verify(second, right, freshIp()), 900, '15 minutes');
    const sent = t.sms.count(mobile);
    later(60_000);
    expectTryAgainIn(await requestOtp(mobile), 840, '14 minutes');
    expect(t.sms.count(mobile)).toBe(sent);

    later(840_000);
    const third = (await requestOtp(mobile)).json().challengeId;
    const thirdCode = lastCode(mobile);
    expect((await verify(third, wrongCodeFor(thirdCode), freshIp())).json().code).toBe('INCORRECT_OTP');
    expectTryAgainIn(await verify(third, thirdCode, freshIp()), 1800, '30 minutes');

    later(1_800_000);
    const fourth = (await requestOtp(mobile)).json().challengeId;
    const ok = await verify(fourth, lastCode(mobile), freshIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(id);
  });

  it('forgives the owner’s typos on the code that signed in, not wrong codes tried on other codes', async () => {
    later(3_600_000);
    const mobile = '+919812300002';
    await studentWithMobile(mobile);
    // The owner mistypes four times, then gets it right: those four are forgiven.
    const own = (await requestOtp(mobile)).json().challengeId;
    const ownCode = lastCode(mobile);
    for (let i = 0; i < 4; i++) expect((await verify(own, wrongCodeFor(ownCode))).statusCode).toBe(400);
    expect((await verify(own, ownCode)).statusCode).toBe(200);
    // A guesser elsewhere therefore still has exactly five before the number waits.
    later(31_000);
    const guessed = (await requestOtp(mobile, '198.51.100.7')).json().challengeId;
    for (let i = 0; i < 5; i++)
      expect((await verify(guessed, wrongCodeFor(lastCode(mobile)), '198.51.100.7')).json().code).toBe('INCORRECT_OTP');
    later(31_000);
    expectTryAgainIn(await requestOtp(mobile, '198.51.100.7'), 900 - 31, '15 minutes');
    // The owner's next sign-in does not wipe the guesser's count: the guesser's next miss waits 30 minutes.
    later(900_000 - 31_000);
    const next = (await requestOtp(mobile)).json().challengeId;
    expect((await verify(next, lastCode(mobile))).statusCode).toBe(200);
    later(31_000);
    const again = (await requestOtp(mobile, '198.51.100.7')).json().challengeId;
    const againCode = lastCode(mobile);
    expect((await verify(again, wrongCodeFor(againCode), '198.51.100.7')).json().code).toBe('INCORRECT_OTP');
    expectTryAgainIn(await verify(again, againCode, '198.51.100.7'), 1800, '30 minutes');
  });

  it('rejects invalid mobile numbers with the spec’s message', async () => {
    const res = await requestOtp('12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].message).toBe('please enter valid mobile number');
  });

  it('supports 6-digit codes when configured', async () => {
    const six = await buildTestApp({ OTP_LENGTH: '6' });
    try {
      const db = six.database.db;
      const boardId = await createBoard(db);
      const school = await createSchool(db, { boardId });
      const id = await createStudent(db, { schoolId: school, boardId, grade: 7 });
      await db.updateTable('users').set({ mobile: MOBILE }).where('id', '=', id).execute();
      const res = await six.app.inject({ method: 'POST', url: '/api/v1/auth/otp', payload: { mobile: MOBILE } });
      expect(res.json().length).toBe(6);
      expect(six.sms.last(MOBILE)).toMatch(/^\d{6} /);
    } finally {
      await six.close();
    }
  });
});

describe('password sign-in', () => {
  it('signs staff in by mobile and password; a wrong password gets the spec’s message', async () => {
    const db = t.database.db;
    const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    await db
      .updateTable('users')
      .set({ mobile: '+919900000001', password_hash: await hash('Secret@123') })
      .where('id', '=', principal)
      .execute();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/staff',
      payload: { mobile: '9900000001', password: 'nope' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect Username or Password !!' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/staff',
      payload: { mobile: '9900000099', password: 'Secret@123' },
      remoteAddress: freshIp(),
    });
    expect(unknown.json()).toEqual(bad.json());
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/staff',
      payload: { mobile: '9900000001', password: 'Secret@123' },
      remoteAddress: freshIp(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user: { role: 'principal' },
      home: '/dashboard',
      staff: { schoolIds: [schoolId] },
    });
  });

  // Security issue #21: ten wrong passwords from anywhere used to lock the account for everyone.
  it('slows guessing from one address for that account only; the owner elsewhere signs in', async () => {
    const db = t.database.db;
    const teacher = await createStaff(db, 'teacher', { schoolIds: [schoolId] });
    await db
      .updateTable('users')
      .set({ mobile: '+919900000002', password_hash: await hash('Right@123') })
      .where('id', '=', teacher)
      .execute();
    const guesser = '203.0.113.50';
    // Ten wrong passwords from one address, each as soon as allowed: 5 free, then waits of 1, 2, 4, 8, 16 minutes.
    for (let i = 0; i < 10; i++) {
      if (i >= 5) later(60_000 * 2 ** (i - 5));
      const known = await staffSignIn('9900000002', `guess${i}`, guesser);
      const unknown = await staffSignIn('9900000098', `guess${i}`, guesser);
      expect(known.statusCode).toBe(401);
      // An account that does not exist is answered exactly alike.
      expect(unknown.json()).toEqual(known.json());
    }
    // The guesser, even with the right password, now waits 32 minutes; so does a guesser of a made-up account.
    expectTryAgainIn(await staffSignIn('9900000002', 'Right@123', guesser), 1920, '32 minutes');
    expectTryAgainIn(await staffSignIn('9900000098', 'Right@123', guesser), 1920, '32 minutes');
    // The owner, from another address, is not held up at all.
    expect((await staffSignIn('9900000002', 'Right@123', freshIp())).statusCode).toBe(200);
    // Back at the guesser's address after the wait, the right password works and clears the count.
    later(1_920_000);
    expect((await staffSignIn('9900000002', 'Right@123', guesser)).statusCode).toBe(200);
    expect((await staffSignIn('9900000002', 'wrong', guesser)).statusCode).toBe(401);
  });

  it('counts parallel wrong passwords one after another: a burst gets no more than the free tries', async () => {
    const guesser = '203.0.113.51';
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => staffSignIn('9900000097', `burst${i}`, guesser)),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('lets a whole school behind one address get passwords wrong, up to a ceiling that says when to come back', async () => {
    const db = t.database.db;
    later(3_600_000);
    const school = '192.0.2.10';
    await db
      .updateTable('users')
      .set({ login_code: '42345678901234', password_hash: await hash('pass1234') })
      .where('id', '=', studentId)
      .execute();
    // Every one of 1,000 students got a password wrong once in the last hour (one a few seconds).
    const failedAt = (i: number) => new Date(t.now().getTime() - 3_590_000 + i * 3_000);
    await db
      .insertInto('rate_limit_events')
      .values(Array.from({ length: 1000 }, (_, i) => ({ bucket: 'signin-fail-ip', key: school, at: failedAt(i) })))
      .execute();
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/code',
        payload: { code: '42345678901234', password },
        remoteAddress: school,
      });
    expect((await signIn('pass1234')).statusCode).toBe(200);
    // At the ceiling the address waits until the oldest counted failure is an hour old (10 s here).
    await db
      .insertInto('rate_limit_events')
      .values(
        Array.from({ length: PASSWORD_ADDRESS_CEILING.failures - 1001 }, () => ({
          bucket: 'signin-fail-ip',
          key: school,
          at: t.now(),
        })),
      )
      .execute();
    expect((await signIn('wrong')).statusCode).toBe(401);
    expectTryAgainIn(await signIn('pass1234'), 10, '10 seconds');
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '42345678901234', password: 'pass1234' },
      remoteAddress: freshIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('signs a student in with a 14-digit code and password', async () => {
    const db = t.database.db;
    await db
      .updateTable('users')
      .set({ login_code: '12345678901234', password_hash: await hash('pass1234') })
      .where('id', '=', studentId)
      .execute();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '12345678901234', password: 'pass1234' },
      remoteAddress: freshIp(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(studentId);
    const shortCode = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '1234', password: 'x' },
    });
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().details.issues[0].message).toBe('please enter valid 14 digit code');
    const longPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '12345678901234', password: 'x'.repeat(21) },
    });
    expect(longPassword.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('logout revokes the session on the server', async () => {
    const db = t.database.db;
    await db
      .updateTable('users')
      .set({ login_code: '22345678901234', password_hash: await hash('pass1234') })
      .where('id', '=', studentId)
      .execute();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '22345678901234', password: 'pass1234' },
      remoteAddress: freshIp(),
    });
    const cookie = cookieOf(ok);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'ki_session')?.value).toBe('');
    // The old cookie no longer works anywhere, even if a client kept it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 without a session on every protected route of the API', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const PUBLIC = new Set([
      'GET /api/v1/health',
      'POST /api/v1/auth/otp',
      'POST /api/v1/auth/otp/verify',
      'POST /api/v1/auth/code',
      'POST /api/v1/auth/staff',
      'GET /api/v1/dev/sms-outbox',
      'GET /api/v1/dev/exam-site',
      'GET /api/v1/dev/live/jitsi/external_api.js',
      'GET /api/v1/dev/live/jitsi/room',
      'GET /api/v1/dev/live/bbb/api/join',
      'GET /api/v1/calendar/feed/{token}',
      'POST /api/v1/payments/webhook',
      'GET /api/v1/payments/local/checkout.js',
      'GET /api/v1/sign-up/schools/{code}',
      'POST /api/v1/sign-up',
      'POST /api/v1/sign-up/verify',
    ]);
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (PUBLIC.has(route)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        // An empty body too: authentication answers before validation could say anything.
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          payload: method === 'get' ? undefined : {},
        });
        expect(res.statusCode, route).toBe(401);
        expect(res.json(), route).toMatchObject({ code: 'UNAUTHENTICATED' });
        checked.push(route);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });
});

describe('onboarding', () => {
  it('lets a new student pick language, board and grade from what the school offers', async () => {
    const db = t.database.db;
    const boardId = await createBoard(db);
    const school = await createSchool(db, { boardId, grades: [6, 7, 8] });
    await db
      .updateTable('schools')
      .set({ activated_languages: ['en', 'hi'] })
      .where('id', '=', school)
      .execute();
    const fresh = await createUser(db, 'student', { mobile: '+919811111111' });
    await db
      .updateTable('users')
      .set({ language: null, login_code: '32345678901234', password_hash: await hash('pass1234') })
      .where('id', '=', fresh)
      .execute();
    await db
      .insertInto('student_enrolments')
      .values({ student_id: fresh, school_id: school, board_id: null, grade: null, enrolled_at: t.now() })
      .execute();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      payload: { code: '32345678901234', password: 'pass1234' },
      remoteAddress: freshIp(),
    });
    expect(ok.json().onboarding).toEqual({ needsLanguage: true, needsBoard: true, needsGrade: true });
    const cookie = cookieOf(ok);
    const options = (await t.app.inject({ method: 'GET', url: '/api/v1/me/onboarding', headers: { cookie } })).json();
    expect(options).toMatchObject({ languages: ['en', 'hi'], boards: [{ id: boardId, grades: [6, 7, 8] }] });

    const badLanguage = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie },
      payload: { language: 'ta' },
    });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ code: 'LANGUAGE_NOT_OFFERED', message: 'Please select Language' });
    const badGrade = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie },
      payload: { boardId, grade: 11 },
    });
    expect(badGrade.json().message).toBe('Please select Grade');

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie },
      payload: { language: 'hi' },
    });
    await t.app.inject({ method: 'PUT', url: '/api/v1/me/onboarding', headers: { cookie }, payload: { boardId } });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie },
      payload: { grade: 7 },
    });
    expect(done.json()).toMatchObject({
      user: { language: 'hi' },
      enrolment: { boardId, grade: 7 },
      onboarding: { needsLanguage: false, needsBoard: false, needsGrade: false },
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie },
      payload: { grade: 8 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lists schools for staff: own schools, or the chain’s for a super-admin; no chain is refused', async () => {
    const db = t.database.db;
    const chain = await createChain(db);
    const boardId = await createBoard(db);
    const a = await createSchool(db, { chainId: chain, boardId, name: 'Alpha School' });
    const b = await createSchool(db, { chainId: chain, boardId, name: 'Beta School' });
    const admin = await createStaff(db, 'superadmin', { chainId: chain });
    const orphan = await createStaff(db, 'superadmin', { chainId: null });
    const { sessionCookie } = await import('../../test/factories');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/schools',
      headers: { cookie: await sessionCookie(db, admin, t.now()) },
    });
    expect(list.json()).toMatchObject({
      multiSelect: true,
      schools: [
        { id: a, name: 'Alpha School' },
        { id: b, name: 'Beta School' },
      ],
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/schools',
      headers: { cookie: await sessionCookie(db, orphan, t.now()) },
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('NO_CHAIN');
  });
});

describe('GET /me for a teacher', () => {
  it('lists their assignments and names their subjects, for the subject summary’s switches', async () => {
    const db = t.database.db;
    const boardId = await createBoard(db);
    const school = await createSchool(db, { boardId, grades: [8, 9, 10] });
    const maths = (await createCurriculum(db, { boardId, grade: 8, chapters: 1, topics: 1, questions: 1 })).subjectId;
    const science = (await createCurriculum(db, { boardId, grade: 8, chapters: 1, topics: 1, questions: 1 })).subjectId;
    const teacher = await createStaff(db, 'teacher', {
      schoolIds: [school],
      assignments: [
        { schoolId: school, grade: 8, subjectId: maths },
        { schoolId: school, grade: 9, subjectId: science },
        { schoolId: school, grade: 10, subjectId: science },
      ],
    });
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { cookie: await sessionCookie(db, teacher, t.now()) },
      })
    ).json();
    expect(me.abilities.dashboard).toBe('subject');
    expect(me.abilities.subjectSummaries).toEqual(
      expect.arrayContaining([
        { schoolId: school, grade: 8, subjectId: maths },
        { schoolId: school, grade: 9, subjectId: science },
        { schoolId: school, grade: 10, subjectId: science },
      ]),
    );
    expect(me.abilities.subjectSummaries).toHaveLength(3);
    expect(me.staff.subjects.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(
      [maths, science].sort((a, b) => a - b),
    );
    expect(me.staff.subjects[0].names.en).toMatch(/^subject-/);
  });
});
