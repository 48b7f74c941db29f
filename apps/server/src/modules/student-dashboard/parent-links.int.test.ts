/**
 * Parent links (security issue #21; docs/DECISIONS.md "Parent links"): only the principal of the
 * student's school or the chain's super-admin links, unlinks and decides; a teacher only requests;
 * every link and unlink is recorded with who and when; parents already linked get an SMS; an answer
 * never tells what kind of account holds a number; each staff member has an hourly limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { PARENT_LINK_ATTEMPTS_PER_HOUR } from './parent-links.service';

let t: TestApp;
let boardId: number;
let schoolId: number;
let school2: number;
let chainBSchool: number;
let asha: number;
const cookie: Record<string, string> = {};
const names: Record<string, string> = {};

/** Numbers held by a principal, by a student, by a parent of another chain, and by nobody. */
const STAFF_NUMBER = '+919822200001';
const STUDENT_NUMBER = '+919822200002';
const OTHER_CHAIN_PARENT = '+919822200003';
const PRIYA = '+919811100002';

let numberSeq = 100;
/** A number nobody holds. */
const freeNumber = () => `+9198333${String((numberSeq += 1)).padStart(5, '0')}`;

async function staff(
  key: string,
  role: 'principal' | 'teacher' | 'superadmin',
  opts: Parameters<typeof createStaff>[2],
) {
  const id = await createStaff(t.database.db, role, opts);
  const user = await t.database.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  names[key] = `${user.first_name} ${user.last_name}`;
  cookie[key] = await sessionCookie(t.database.db, id, t.now());
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainA = await createChain(db, 'Chain A');
  const chainB = await createChain(db, 'Chain B');
  boardId = await createBoard(db);
  schoolId = await createSchool(db, { chainId: chainA, boardId, grades: [7, 8], name: 'Sunrise School' });
  school2 = await createSchool(db, { chainId: chainA, boardId, grades: [7] });
  chainBSchool = await createSchool(db, { chainId: chainB, boardId, grades: [7] });

  asha = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Asha' });
  cookie.asha = await sessionCookie(db, asha, t.now());
  const priya = await createUser(db, 'parent', { firstName: 'Priya', mobile: PRIYA });
  await linkParent(db, priya, asha);
  cookie.parent = await sessionCookie(db, priya, t.now());

  const principal = await staff('principal', 'principal', { schoolIds: [schoolId] });
  await db.updateTable('users').set({ mobile: STAFF_NUMBER }).where('id', '=', principal).execute();
  await staff('teacher7', 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
  await staff('teacher8', 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 8 }] });
  await staff('otherPrincipal', 'principal', { schoolIds: [school2] });
  await staff('superadmin', 'superadmin', { chainId: chainA });
  await staff('otherChainSuperadmin', 'superadmin', { chainId: chainB });
  cookie.editor = await sessionCookie(db, await createUser(db, 'content_editor'), t.now());

  const otto = await createStudent(db, { schoolId: school2, boardId, grade: 7, firstName: 'Otto' });
  await db.updateTable('users').set({ mobile: STUDENT_NUMBER }).where('id', '=', otto).execute();
  const bharat = await createStudent(db, { schoolId: chainBSchool, boardId, grade: 7, firstName: 'Bharat' });
  await linkParent(db, await createUser(db, 'parent', { firstName: 'Bravo', mobile: OTHER_CHAIN_PARENT }), bharat);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie[who] ? { cookie: cookie[who] } : {},
    ...(payload ? { payload } : {}),
  });
const link = (who: string, studentId: number, mobile: string, firstName = 'Neel', lastName = 'Shah') =>
  call(who, 'POST', `/students/${studentId}/parents`, { mobile, firstName, lastName });
const request = (who: string, studentId: number, mobile: string, firstName = 'Neel') =>
  call(who, 'POST', `/students/${studentId}/parent-requests`, { mobile, firstName, lastName: 'Shah' });
const decide = (who: string, studentId: number, requestId: number, action: 'approve' | 'reject') =>
  call(who, 'POST', `/students/${studentId}/parent-requests/${requestId}/${action}`);
const list = (who: string, studentId: number) => call(who, 'GET', `/students/${studentId}/parents`);

let studentSeq = 0;
async function newStudent(grade = 7, school = schoolId) {
  studentSeq += 1;
  return createStudent(t.database.db, { schoolId: school, boardId, grade, firstName: `Kid${studentSeq}` });
}
const linksOf = (studentId: number) =>
  t.database.db.selectFrom('parent_links').selectAll().where('student_id', '=', studentId).execute();
const eventsOf = (studentId: number) =>
  t.database.db
    .selectFrom('parent_link_events')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
async function parentCookie(mobile: string) {
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  return sessionCookie(t.database.db, Number(user.id), t.now());
}

describe('who may link', () => {
  it('a teacher’s POST no longer links: 403, and nothing is linked', async () => {
    const kid = await newStudent();
    const res = await link('teacher7', kid, freeNumber());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await linksOf(kid)).toEqual([]);
  });

  it('the principal links directly; who and when are recorded and the parent sees the child', async () => {
    const kid = await newStudent();
    const mobile = freeNumber();
    const res = await link('principal', kid, mobile, 'Neel', 'Shah');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      studentId: kid,
      link: {
        linkId: expect.any(Number),
        name: 'Neel Shah',
        mobile: `+91 ••••••${mobile.slice(-4)}`,
        linkedBy: names.principal,
        linkedAt: t.now().toISOString(),
      },
    });
    const principalId = Number(
      (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', STAFF_NUMBER)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const [row] = await linksOf(kid);
    expect(row).toMatchObject({ id: body.link.linkId, linked_by: principalId });
    expect(await eventsOf(kid)).toMatchObject([
      { action: 'linked', actor_id: principalId, at: t.now(), request_id: null, parent_id: row!.parent_id },
    ]);
    const listed = (await list('principal', kid)).json();
    expect(listed).toMatchObject({
      parents: [body.link],
      requests: [],
      canLink: true,
      canRequest: false,
      canDecide: true,
      canUnlink: true,
    });

    cookie.neel = await parentCookie(mobile);
    expect(
      (await call('neel', 'GET', '/me/children')).json().children.map((c: { studentId: number }) => c.studentId),
    ).toEqual([kid]);
    expect((await call('neel', 'GET', `/students/${kid}/dashboard`)).statusCode).toBe(200);
    // Linking the same parent again changes nothing and records nothing more.
    expect((await link('principal', kid, mobile)).json().link).toEqual(body.link);
    expect(await eventsOf(kid)).toHaveLength(1);
  });

  it('the chain’s super-admin links too; the teacher’s list offers a request, not a link', async () => {
    const kid = await newStudent();
    expect((await link('superadmin', kid, freeNumber())).json().link.linkedBy).toBe(names.superadmin);
    expect((await list('teacher7', kid)).json()).toMatchObject({
      canLink: false,
      canRequest: true,
      canDecide: false,
      canUnlink: false,
    });
    expect((await list('superadmin', kid)).json()).toMatchObject({
      canLink: true,
      canRequest: false,
      canDecide: true,
      canUnlink: true,
    });
  });

  it('a teacher’s request approved by the principal links the parent; who asked and who decided are kept', async () => {
    const kid = await newStudent();
    const mobile = freeNumber();
    const asked = await request('teacher7', kid, mobile, 'Meera');
    expect(asked.statusCode).toBe(200);
    const { request: pending } = asked.json();
    expect(pending).toMatchObject({
      status: 'pending',
      name: 'Meera Shah',
      requestedBy: names.teacher7,
      requestedAt: t.now().toISOString(),
      decidedBy: null,
      decidedAt: null,
    });
    expect(await linksOf(kid)).toEqual([]);
    // Asking again for the same number keeps the one pending request.
    expect((await request('teacher7', kid, mobile, 'Meera')).json().request.requestId).toBe(pending.requestId);
    // The principal finds it in the school's list.
    const school = (await call('principal', 'GET', `/schools/${schoolId}/parent-requests`)).json();
    expect(school.requests).toContainEqual(
      expect.objectContaining({
        requestId: pending.requestId,
        studentId: kid,
        studentName: 'Kid' + studentSeq + ' Test',
        grade: 7,
      }),
    );

    t.setNow('2026-11-20T11:00:00Z');
    try {
      const approved = await decide('principal', kid, pending.requestId, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        request: {
          status: 'approved',
          decidedBy: names.principal,
          decidedAt: '2026-11-20T11:00:00.000Z',
          requestedBy: names.teacher7,
        },
        link: { name: 'Meera Shah', linkedBy: names.principal, linkedAt: '2026-11-20T11:00:00.000Z' },
      });
      expect(await linksOf(kid)).toHaveLength(1);
      expect(await eventsOf(kid)).toMatchObject([{ action: 'linked', request_id: pending.requestId }]);
      const teacherView = (await list('teacher7', kid)).json();
      expect(teacherView.requests).toMatchObject([{ requestId: pending.requestId, status: 'approved' }]);
      expect(teacherView.parents).toHaveLength(1);
      // Decided once: a second decision is refused and changes nothing.
      const again = await decide('principal', kid, pending.requestId, 'reject');
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('LINK_REQUEST_DECIDED');
      expect(
        (await call('principal', 'GET', `/schools/${schoolId}/parent-requests`))
          .json()
          .requests.map((r: { requestId: number }) => r.requestId),
      ).not.toContain(pending.requestId);
    } finally {
      t.setNow('2026-11-20T10:00:00Z');
    }
  });

  it('a rejected request links nobody', async () => {
    const kid = await newStudent();
    const mobile = freeNumber();
    const { request: pending } = (await request('teacher7', kid, mobile)).json();
    const rejected = await decide('superadmin', kid, pending.requestId, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ request: { status: 'rejected', decidedBy: names.superadmin }, link: null });
    expect(await linksOf(kid)).toEqual([]);
    expect(await eventsOf(kid)).toEqual([]);
    expect(
      await t.database.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
    expect((await decide('principal', kid, pending.requestId, 'approve')).json().code).toBe('LINK_REQUEST_DECIDED');
    expect(await linksOf(kid)).toEqual([]);
  });

  it('unlinking: the principal removes the link, the audit keeps who and when, the parent loses the child', async () => {
    const kid = await newStudent();
    const mobile = freeNumber();
    const { link: made } = (await link('principal', kid, mobile)).json();
    const parent = await parentCookie(mobile);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/students/${kid}/dashboard`, headers: { cookie: parent } }))
        .statusCode,
    ).toBe(200);
    expect((await call('teacher7', 'DELETE', `/students/${kid}/parents/${made.linkId}`)).statusCode).toBe(403);

    t.setNow('2026-11-20T12:00:00Z');
    try {
      const res = await call('principal', 'DELETE', `/students/${kid}/parents/${made.linkId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ studentId: kid, linkId: made.linkId, unlinkedAt: '2026-11-20T12:00:00.000Z' });
    } finally {
      t.setNow('2026-11-20T10:00:00Z');
    }
    expect(await linksOf(kid)).toEqual([]);
    const events = await eventsOf(kid);
    expect(events.map((e) => [e.action, new Date(e.at).toISOString()])).toEqual([
      ['linked', '2026-11-20T10:00:00.000Z'],
      ['unlinked', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(events[1]!.actor_id).toBe(events[0]!.actor_id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/students/${kid}/dashboard`, headers: { cookie: parent } }))
        .statusCode,
    ).toBe(403);
    expect((await call('principal', 'DELETE', `/students/${kid}/parents/${made.linkId}`)).statusCode).toBe(404);
  });

  it('everyone else gets the policy’s refusal on every parent-link route, and nothing changes', async () => {
    const kid = asha;
    const { request: pending } = (await request('teacher7', kid, freeNumber())).json();
    const [priyaLink] = await linksOf(kid);
    const before = { links: await linksOf(kid), events: await eventsOf(kid) };
    const outsiders = ['otherPrincipal', 'otherChainSuperadmin', 'parent', 'asha', 'editor'];
    for (const who of [...outsiders, 'teacher8']) {
      for (const res of [
        await list(who, kid),
        await link(who, kid, freeNumber()),
        await request(who, kid, freeNumber()),
        await decide(who, kid, pending.requestId, 'approve'),
        await decide(who, kid, pending.requestId, 'reject'),
        await call(who, 'DELETE', `/students/${kid}/parents/${priyaLink!.id}`),
      ]) {
        expect(res.statusCode, `${who} ${res.body}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    // The principal links directly; only a teacher requests.
    expect((await request('principal', kid, freeNumber())).statusCode).toBe(403);
    for (const who of [...outsiders, 'teacher7'])
      expect((await call(who, 'GET', `/schools/${schoolId}/parent-requests`)).statusCode, who).toBe(403);
    expect((await list('anonymous', kid)).statusCode).toBe(401);
    expect((await link('anonymous', kid, freeNumber())).statusCode).toBe(401);
    expect({ links: await linksOf(kid), events: await eventsOf(kid) }).toEqual(before);
    expect((await list('principal', kid)).json().requests).toMatchObject([
      { requestId: pending.requestId, status: 'pending' },
    ]);
  });
});

describe('telling the parents already linked', () => {
  it('each existing parent gets an SMS naming the new number (masked), the child and the school', async () => {
    const db = t.database.db;
    const kid = await newStudent();
    const first = freeNumber();
    const second = freeNumber();
    await link('principal', kid, first);
    // The first parent of a child: nobody to tell.
    expect(t.sms.count(first)).toBe(0);
    const sentBefore = t.sms.count(first);
    expect((await link('principal', kid, second)).statusCode).toBe(200);
    const kidName = (await db.selectFrom('users').select('first_name').where('id', '=', kid).executeTakeFirstOrThrow())
      .first_name;
    expect(t.sms.last(first)).toBe(
      `A new parent account (+91 ******${second.slice(-4)}) was linked to ${kidName} at Sunrise School. If this is wrong, contact the school.`,
    );
    expect(t.sms.count(first)).toBe(sentBefore + 1);
    expect(t.sms.count(second)).toBe(0);
    // Linking an already linked parent again tells nobody.
    await link('principal', kid, second);
    expect(t.sms.count(first)).toBe(sentBefore + 1);

    // An approved request tells both parents already linked.
    const third = freeNumber();
    const { request: pending } = (await request('teacher7', kid, third)).json();
    expect(t.sms.count(first)).toBe(sentBefore + 1);
    await decide('principal', kid, pending.requestId, 'approve');
    for (const to of [first, second]) expect(t.sms.last(to)).toContain(`(+91 ******${third.slice(-4)})`);
    expect(t.sms.count(first)).toBe(sentBefore + 2);
    expect(t.sms.count(third)).toBe(0);
  });
});

describe('answers that do not reveal other accounts', () => {
  it('a staff-held and a student-held number get the same refusal, naming no account type; nothing is written', async () => {
    const kid = await newStudent();
    const staffHeld = await link('principal', kid, STAFF_NUMBER);
    const studentHeld = await link('principal', kid, STUDENT_NUMBER);
    expect(staffHeld.statusCode).toBe(409);
    expect(studentHeld.statusCode).toBe(409);
    expect(staffHeld.body).toBe(studentHeld.body);
    expect(staffHeld.json()).toEqual({ code: 'PARENT_LINK_REFUSED', message: expect.any(String) });
    expect(staffHeld.body).not.toMatch(/staff|student|teacher|principal|admin|not a parent/i);
    expect(await linksOf(kid)).toEqual([]);
    expect(await eventsOf(kid)).toEqual([]);
  });

  it('a number of another chain’s parent and a number nobody holds get answers of the same shape, with the name the school gave', async () => {
    const kid = await newStudent();
    const fresh = freeNumber();
    const known = await link('principal', kid, OTHER_CHAIN_PARENT, 'Given', 'Name');
    const unknown = await link('principal', kid, fresh, 'Given', 'Name');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    const normalise = (body: { link: Record<string, unknown> }, mobile: string) => ({
      ...body,
      link: { ...body.link, linkId: 0, mobile: String(body.link.mobile).replace(mobile.slice(-4), '####') },
    });
    expect(normalise(known.json(), OTHER_CHAIN_PARENT)).toEqual(normalise(unknown.json(), fresh));
    // The other chain's parent keeps their own name; the school sees only the name it gave.
    expect(known.json().link.name).toBe('Given Name');
    expect(known.body).not.toContain('Bravo');
    expect((await list('principal', kid)).body).not.toContain('Bravo');
    // Link ids are the links' own: they do not tell an old account from a new one.
    expect(unknown.json().link.linkId).toBe(known.json().link.linkId + 1);
  });

  it('a teacher’s request answers the same for every number; the refusal comes only at the principal’s approval', async () => {
    const kid = await newStudent();
    const answers = [];
    for (const mobile of [STAFF_NUMBER, STUDENT_NUMBER, OTHER_CHAIN_PARENT, freeNumber()]) {
      const res = await request('teacher7', kid, mobile, 'Same');
      expect(res.statusCode).toBe(200);
      const { requestId, mobile: masked, ...rest } = res.json().request;
      expect(masked).toBe(`+91 ••••••${mobile.slice(-4)}`);
      answers.push({ requestId: typeof requestId, ...rest });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const pending = (await list('principal', kid)).json().requests as { requestId: number; mobile: string }[];
    const staffRequest = pending.find((r) => r.mobile.endsWith(STAFF_NUMBER.slice(-4)))!;
    const studentRequest = pending.find((r) => r.mobile.endsWith(STUDENT_NUMBER.slice(-4)))!;
    const a = await decide('principal', kid, staffRequest.requestId, 'approve');
    const b = await decide('principal', kid, studentRequest.requestId, 'approve');
    expect(a.statusCode).toBe(409);
    expect(a.body).toBe(b.body);
    expect(a.json().code).toBe('PARENT_LINK_REFUSED');
    // Refused approvals leave the requests pending for the principal to reject.
    expect(
      (await list('principal', kid)).json().requests.filter((r: { status: string }) => r.status === 'pending'),
    ).toHaveLength(4);
    expect(await linksOf(kid)).toEqual([]);
  });
});

describe('the hourly limit on link attempts', () => {
  it(`allows ${PARENT_LINK_ATTEMPTS_PER_HOUR} attempts a staff member an hour, refused ones included, then 429 until the hour has passed`, async () => {
    const db = t.database.db;
    const school = await createSchool(db, { boardId, grades: [7] });
    await staff('busyPrincipal', 'principal', { schoolIds: [school] });
    await staff('busyTeacher', 'teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 7 }] });
    await staff('calmPrincipal', 'principal', { schoolIds: [school] });
    const kid = await newStudent(7, school);
    t.setNow('2026-11-21T09:00:00Z');
    try {
      for (let i = 0; i < PARENT_LINK_ATTEMPTS_PER_HOUR; i++) {
        if (i === 5) t.setNow('2026-11-21T09:30:00Z');
        const res =
          i % 2 ? await link('busyPrincipal', kid, STAFF_NUMBER) : await link('busyPrincipal', kid, freeNumber());
        expect(res.statusCode, `attempt ${i + 1}`).toBe(i % 2 ? 409 : 200);
      }
      const linked = (await linksOf(kid)).length;
      const mobile = freeNumber();
      const over = await link('busyPrincipal', kid, mobile);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: 'PARENT_LINK_RATE_LIMITED', message: expect.any(String) });
      expect(await linksOf(kid)).toHaveLength(linked);
      expect(await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBeUndefined();
      // The limit is per staff member: another principal of the school links.
      expect((await link('calmPrincipal', kid, freeNumber())).statusCode).toBe(200);
      // Teachers' requests count the same way.
      for (let i = 0; i < PARENT_LINK_ATTEMPTS_PER_HOUR; i++)
        expect((await request('busyTeacher', kid, freeNumber())).statusCode).toBe(200);
      expect((await request('busyTeacher', kid, freeNumber())).json().code).toBe('PARENT_LINK_RATE_LIMITED');
      // A rolling hour: the first five attempts (09:00) fall out at 10:00:01, the rest (09:30) only at 10:30.
      t.setNow('2026-11-21T10:00:01Z');
      for (let i = 0; i < 5; i++) expect((await link('busyPrincipal', kid, freeNumber())).statusCode).toBe(200);
      expect((await link('busyPrincipal', kid, freeNumber())).statusCode).toBe(429);
      t.setNow('2026-11-21T10:30:01Z');
      expect((await link('busyPrincipal', kid, freeNumber())).statusCode).toBe(200);
    } finally {
      t.setNow('2026-11-20T10:00:00Z');
    }
  });
});
