/**
 * Families' sign-up and the parent's consent through the real app (issue #27; DPDP Act 2023 s.9):
 * a school's sign-up code, a code texted to the parent that proves the number and records consent,
 * the child's account made only then, and consent withdrawn (the child signed out and refused at
 * sign-in) and given again, by a linked parent only.
 */
import {
  CONSENT_TEXT_VERSION,
  type SignUpBody,
  type SignUpDone,
  type SignUpStarted,
  type StudentPrivacy,
} from '@ki/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
} from '../../test/factories';
import { UNKNOWN_SIGN_UP_CODES_PER_ADDRESS_PER_HOUR } from './sign-up.service';

let t: TestApp;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const NOW = new Date('2026-11-20T10:00:00Z');
let nextIp = 1;
let nextMobile = 0;
/** Each test signs up from its own address and number, so the send limits of one do not reach another. */
const freshIp = () => `10.9.0.${nextIp++}`;
const freshMobile = () => `+9198765${String(43_000 + nextMobile++).padStart(5, '0')}`;

async function call(who: string | null, method: 'GET' | 'POST', url: string, payload?: object, ip = '10.8.0.1') {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: who && cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const form = (over: Partial<SignUpBody> = {}): SignUpBody => ({
  schoolCode: 'fam 2026',
  parentMobile: freshMobile(),
  parentFirstName: 'Sunita',
  childFirstName: 'Ira',
  childLastName: 'Mehta',
  boardId: ids.board!,
  grade: 7,
  language: 'gu',
  password: 'Island@7',
  consent: { agreed: true, textVersion: CONSENT_TEXT_VERSION },
  ...over,
});
const codeSentTo = (mobile: string) => /^(\d{4,6}) /.exec(t.sms.last(mobile) ?? '')?.[1] ?? '';

/** Signs a child up to the end; the child's session is kept as `who`. */
async function signUp(who: string, over: Partial<SignUpBody> = {}) {
  const body = form(over);
  const ip = freshIp();
  const started = await call(null, 'POST', '/sign-up', body, ip);
  expect(started.statusCode, started.body).toBe(200);
  const { challengeId } = started.json() as SignUpStarted;
  const done = await call(null, 'POST', '/sign-up/verify', { challengeId, code: codeSentTo(body.parentMobile) }, ip);
  expect(done.statusCode, done.body).toBe(200);
  cookies[who] = String(done.headers['set-cookie']).split(';')[0]!;
  return { body, done: done.json() as SignUpDone };
}
const pendingSignUps = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('family_sign_ups')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const usersCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const parentOf = (mobile: string) =>
  t.database.db
    .selectFrom('users')
    .select(['id', 'role', 'first_name'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
async function signInWithCode(code: string, password = 'Island@7') {
  return call(null, 'POST', '/auth/code', { code, password }, freshIp());
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Sign-up Trust');
  ids.board = await createBoard(db, 'SGN');
  ids.otherBoard = await createBoard(db, 'SGX');
  ids.school = await createSchool(db, { chainId: chain, boardId: ids.board, grades: [6, 7], name: 'Family School' });
  ids.closedSchool = await createSchool(db, {
    chainId: chain,
    boardId: ids.board,
    grades: [7],
    name: 'School Without Sign-ups',
  });
  await db
    .updateTable('schools')
    .set({ paid_by: 'family', sign_up_code: 'FAM2026', activated_languages: ['en', 'gu', 'hi'] })
    .where('id', '=', ids.school)
    .execute();
  ids.principal = await createStaff(db, 'principal', { schoolIds: [ids.school] });
  ids.teacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.school],
    assignments: [{ schoolId: ids.school, grade: 7 }],
  });
  for (const who of ['principal', 'teacher']) cookies[who] = await sessionCookie(db, ids[who]!, NOW);
});
afterAll(async () => t?.close());
beforeEach(() => t.setNow(NOW));

describe('a school’s sign-up code', () => {
  it('names the school and what a family may choose, whatever the case and spaces typed', async () => {
    const res = await call(null, 'GET', '/sign-up/schools/fam-2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Family School',
      city: expect.any(String),
      familiesPay: true,
      languages: ['en', 'gu', 'hi'],
      boards: [{ id: ids.board, name: expect.any(String), grades: [6, 7] }],
    });
  });

  it('answers an unknown code as not found, and slows down guessing from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < UNKNOWN_SIGN_UP_CODES_PER_ADDRESS_PER_HOUR; i++) {
      const res = await call(null, 'GET', `/sign-up/schools/NOPE${1000 + i}`, undefined, ip);
      expect(res.statusCode).toBe(404);
    }
    const refused = await call(null, 'GET', '/sign-up/schools/FAM2026', undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Another address is not held up.
    expect((await call(null, 'GET', '/sign-up/schools/FAM2026', undefined, freshIp())).statusCode).toBe(200);
  });
});

describe('signing a child up', () => {
  it('texts the parent a code naming the child and school; the right code makes the accounts, the link and the consent, and signs the child in', async () => {
    const body = form();
    const ip = freshIp();
    const started = await call(null, 'POST', '/sign-up', body, ip);
    expect(started.statusCode, started.body).toBe(200);
    const sms = t.sms.last(body.parentMobile)!;
    expect(sms).toMatch(/^\d{4} is your code to agree to Ira Mehta's Knowledge Islands account at Family School\./);
    // Nothing is an account yet.
    expect(await parentOf(body.parentMobile)).toBeUndefined();
    const { challengeId } = started.json() as SignUpStarted;

    const wrong = await call(
      null,
      'POST',
      '/sign-up/verify',
      { challengeId, code: codeSentTo(body.parentMobile) === '0000' ? '1111' : '0000' },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_OTP', details: { triesLeft: 4 } });

    const done = await call(null, 'POST', '/sign-up/verify', { challengeId, code: codeSentTo(body.parentMobile) }, ip);
    expect(done.statusCode, done.body).toBe(200);
    const { loginCode, me } = done.json() as SignUpDone;
    expect(loginCode).toMatch(/^[1-9]\d{13}$/);
    expect(me.user).toMatchObject({ role: 'student', firstName: 'Ira', lastName: 'Mehta', language: 'gu' });
    expect(me.enrolment).toMatchObject({ boardId: ids.board, grade: 7 });
    expect(me.onboarding).toEqual({ needsLanguage: false, needsBoard: false, needsGrade: false });
    // The school's families pay: the child goes to /plans next.
    expect(me.plan).toEqual({ status: 'none', endsAt: null });
    expect(String(done.headers['set-cookie'])).toMatch(/^ki_session=.+HttpOnly/);

    const parent = (await parentOf(body.parentMobile))!;
    expect(parent).toMatchObject({ role: 'parent', first_name: 'Sunita' });
    const consents = await t.database.db
      .selectFrom('parental_consents')
      .selectAll()
      .where('student_id', '=', me.user.id)
      .execute();
    expect(consents).toEqual([
      expect.objectContaining({
        parent_id: parent.id,
        mobile: body.parentMobile,
        text_version: CONSENT_TEXT_VERSION,
        method: 'otp',
        given_at: NOW,
        withdrawn_at: null,
      }),
    ]);
    const link = await t.database.db
      .selectFrom('parent_links')
      .selectAll()
      .where('student_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ parent_id: parent.id, linked_by: parent.id });
    expect(t.sms.last(body.parentMobile)).toBe(
      `Ira Mehta's Knowledge Islands sign-in code is ${loginCode}. Sign in with it and the password you chose.`,
    );
    // The sign-up is used up, and the code cannot make a second account.
    expect(await pendingSignUps()).toBe(0);
    const again = await call(null, 'POST', '/sign-up/verify', { challengeId, code: '0000' }, ip);
    expect(again.json().code).toBe('OTP_EXPIRED');
    // The child signs in later with the code and the password the parent chose.
    expect((await signInWithCode(loginCode)).statusCode).toBe(200);
    expect((await signInWithCode(loginCode, 'wrong-pass')).statusCode).toBe(401);
  });

  it('refuses choices the school does not offer, and consent not given, without writing anything or texting', async () => {
    const users = await usersCount();
    const cases: [Partial<SignUpBody>, string][] = [
      [{ boardId: ids.otherBoard }, 'boardId'],
      [{ grade: 9 }, 'grade'],
      [{ language: 'ta' }, 'language'],
    ];
    for (const [over, field] of cases) {
      const body = form(over);
      const res = await call(null, 'POST', '/sign-up', body, freshIp());
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
      expect(t.sms.last(body.parentMobile), field).toBeUndefined();
    }
    for (const consent of [
      { agreed: false, textVersion: CONSENT_TEXT_VERSION },
      { agreed: true, textVersion: '2025-01' },
    ]) {
      const res = await call(null, 'POST', '/sign-up', { ...form(), consent }, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call(null, 'POST', '/sign-up', form({ password: '12345' }), freshIp())).statusCode).toBe(400);
    const closed = await call(null, 'POST', '/sign-up', form({ schoolCode: 'NOSUCH1' }), freshIp());
    expect(closed.statusCode).toBe(404);
    expect(await pendingSignUps()).toBe(0);
    expect(await usersCount()).toBe(users);
  });

  it('sends one code per number every 30 seconds, like sign-in', async () => {
    const body = form();
    expect((await call(null, 'POST', '/sign-up', body, freshIp())).statusCode).toBe(200);
    const soon = await call(null, 'POST', '/sign-up', body, freshIp());
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('30');
    t.setNow(new Date(NOW.getTime() + 31_000));
    expect((await call(null, 'POST', '/sign-up', body, freshIp())).statusCode).toBe(200);
  });

  it('refuses a code after 5 minutes', async () => {
    const body = form();
    const ip = freshIp();
    const { challengeId } = (await call(null, 'POST', '/sign-up', body, ip)).json() as SignUpStarted;
    t.setNow(new Date(NOW.getTime() + 5 * 60_000 + 1));
    const res = await call(null, 'POST', '/sign-up/verify', { challengeId, code: codeSentTo(body.parentMobile) }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('links a second child to the parent’s existing account', async () => {
    const { body, done: first } = await signUp('firstChild');
    t.setNow(new Date(NOW.getTime() + 60_000));
    const { done: second } = await signUp('secondChild', {
      parentMobile: body.parentMobile,
      childFirstName: 'Veer',
      grade: 6,
    });
    const parent = (await parentOf(body.parentMobile))!;
    const links = await t.database.db
      .selectFrom('parent_links')
      .select('student_id')
      .where('parent_id', '=', parent.id)
      .orderBy('student_id')
      .execute();
    expect(links.map((l) => l.student_id)).toEqual([first.me.user.id, second.me.user.id]);
  });

  it('makes one parent account when two children of a new number are verified at the same moment', async () => {
    const mobile = freshMobile();
    const start = async (childFirstName: string) => {
      const ip = freshIp();
      const started = await call(null, 'POST', '/sign-up', form({ parentMobile: mobile, childFirstName }), ip);
      expect(started.statusCode, started.body).toBe(200);
      return { challengeId: (started.json() as SignUpStarted).challengeId, code: codeSentTo(mobile), ip };
    };
    const first = await start('Anya');
    t.setNow(new Date(NOW.getTime() + 31_000));
    const second = await start('Kabir');
    const done = await Promise.all(
      [first, second].map(({ challengeId, code, ip }) =>
        call(null, 'POST', '/sign-up/verify', { challengeId, code }, ip),
      ),
    );
    expect(
      done.map((d) => d.statusCode),
      done.map((d) => d.body).join('\n'),
    ).toEqual([200, 200]);
    const parents = await t.database.db.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(parents).toHaveLength(1);
    const links = await t.database.db
      .selectFrom('parent_links')
      .select('student_id')
      .where('parent_id', '=', parents[0]!.id)
      .execute();
    expect(links).toHaveLength(2);
  });

  it('refuses a number that belongs to a staff or student account once it is proved, making nothing', async () => {
    const staffMobile = freshMobile();
    await createUser(t.database.db, 'teacher', { mobile: staffMobile });
    const users = await usersCount();
    const ip = freshIp();
    const { challengeId } = (
      await call(null, 'POST', '/sign-up', form({ parentMobile: staffMobile }), ip)
    ).json() as SignUpStarted;
    const res = await call(null, 'POST', '/sign-up/verify', { challengeId, code: codeSentTo(staffMobile) }, ip);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MOBILE_NOT_A_PARENTS');
    expect(await usersCount()).toBe(users);
  });
});

describe('the parent’s consent', () => {
  let child: SignUpDone;
  let parentMobile: string;
  const privacy = async (who: string) => {
    const res = await call(who, 'GET', `/students/${child.me.user.id}/privacy`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StudentPrivacy).consent;
  };
  beforeAll(async () => {
    t.setNow(NOW);
    const made = await signUp('child');
    child = made.done;
    parentMobile = made.body.parentMobile;
    cookies.parent = await sessionCookie(t.database.db, (await parentOf(parentMobile))!.id, NOW);
  });

  it('is on the child’s data panel for whoever reads it; only the parent may withdraw it', async () => {
    expect(await privacy('parent')).toEqual({
      givenAt: NOW.toISOString(),
      givenBy: 'Sunita',
      mobile: expect.stringMatching(/•.*\d{4}$/),
      textVersion: CONSENT_TEXT_VERSION,
      withdrawnAt: null,
      canWithdraw: true,
      canGiveAgain: false,
    });
    expect(await privacy('principal')).toMatchObject({ canWithdraw: false, canGiveAgain: false });
    expect(await privacy('child')).toMatchObject({ canWithdraw: false });
    for (const who of ['principal', 'teacher', 'child']) {
      expect((await call(who, 'POST', `/students/${child.me.user.id}/consent/withdraw`, {})).statusCode, who).toBe(403);
    }
  });

  it('withdrawn, signs the child out and refuses the child’s sign-in; given again, lets the child back', async () => {
    expect((await call('child', 'GET', '/me')).statusCode).toBe(200);
    // The child's private calendar link, read without a session.
    const feed = (await call('child', 'POST', '/calendar/feed', {})).json() as { url: string };
    const feedPath = new URL(feed.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    t.setNow(new Date(NOW.getTime() + 3_600_000));
    const res = await call('parent', 'POST', `/students/${child.me.user.id}/consent/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StudentPrivacy).consent).toMatchObject({
      withdrawnAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
      canWithdraw: false,
      canGiveAgain: true,
    });
    expect((await call('child', 'GET', '/me')).statusCode).toBe(401);
    // The calendar link stops with the sessions.
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    const refused = await signInWithCode(child.loginCode);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'CONSENT_WITHDRAWN',
      message:
        'Your parent or guardian has withdrawn their consent for this account. They can give it again from their dashboard.',
    });
    // A wrong password still says only that: the refusal tells a stranger nothing.
    expect((await signInWithCode(child.loginCode, 'not-it')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await call('parent', 'POST', `/students/${child.me.user.id}/consent/withdraw`, {})).statusCode).toBe(409);
    // The records stay for the parent to download, and the parent may still ask the school to erase them.
    const rights = (await call('parent', 'GET', `/students/${child.me.user.id}/privacy`)).json() as StudentPrivacy;
    expect(rights).toMatchObject({ canExport: true, canRequestErasure: true });

    expect(
      (
        await call('teacher', 'POST', `/students/${child.me.user.id}/consent`, {
          agreed: true,
          textVersion: CONSENT_TEXT_VERSION,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('parent', 'POST', `/students/${child.me.user.id}/consent`, { agreed: true, textVersion: '2025-01' }))
        .statusCode,
    ).toBe(400);
    t.setNow(new Date(NOW.getTime() + 2 * 3_600_000));
    const given = await call('parent', 'POST', `/students/${child.me.user.id}/consent`, {
      agreed: true,
      textVersion: CONSENT_TEXT_VERSION,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as StudentPrivacy).consent).toMatchObject({
      givenAt: new Date(NOW.getTime() + 2 * 3_600_000).toISOString(),
      withdrawnAt: null,
      canWithdraw: true,
    });
    expect(
      (
        await call('parent', 'POST', `/students/${child.me.user.id}/consent`, {
          agreed: true,
          textVersion: CONSENT_TEXT_VERSION,
        })
      ).statusCode,
    ).toBe(409);
    expect((await signInWithCode(child.loginCode)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('parental_consents')
      .select(['method', 'withdrawn_at'])
      .where('student_id', '=', child.me.user.id)
      .orderBy('given_at')
      .execute();
    expect(rows.map((r) => [r.method, r.withdrawn_at !== null])).toEqual([
      ['otp', true],
      ['signed-in-parent', false],
    ]);
  });

  it('is not asked of a school’s account: no consent to show or withdraw', async () => {
    const kid = await createStudent(t.database.db, { schoolId: ids.closedSchool!, boardId: ids.board!, grade: 7 });
    const parent = await createUser(t.database.db, 'parent', { mobile: freshMobile() });
    await linkParent(t.database.db, parent, kid);
    cookies.schoolParent = await sessionCookie(t.database.db, parent, NOW);
    const res = await call('schoolParent', 'GET', `/students/${kid}/privacy`);
    expect((res.json() as StudentPrivacy).consent).toBeNull();
    const withdraw = await call('schoolParent', 'POST', `/students/${kid}/consent/withdraw`, {});
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().message).toMatch(/The school made this account/);
  });
});
