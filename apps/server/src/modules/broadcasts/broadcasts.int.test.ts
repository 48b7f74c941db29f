/**
 * School notices through the real app (issue #26, "Broadcasts"): who posts to which grades, who
 * reads them (students of those grades, their parents), read counts for the sender, deleting.
 */
import type { MyBroadcasts, SchoolBroadcasts, StaffBroadcast } from '@ki/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipart, PNG_1X1 } from '../../test/assessment-authoring-fixtures';
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
import { BROADCASTS_PER_HOUR } from './broadcasts.service';

let t: TestApp;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const NOW = new Date('2026-11-20T10:00:00Z');

async function call(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}
async function post(who: string, body: object, school = ids.s1!) {
  return call(who, 'POST', `/schools/${school}/broadcasts`, body);
}
async function feed(who: string) {
  const res = await call(who, 'GET', '/me/broadcasts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyBroadcasts;
}
async function list(who: string) {
  const res = await call(who, 'GET', `/schools/${ids.s1}/broadcasts`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SchoolBroadcasts;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainA = await createChain(db, 'Notice Trust');
  const chainB = await createChain(db, 'Other Trust');
  const board = await createBoard(db, 'NTC');
  ids.s1 = await createSchool(db, { chainId: chainA, boardId: board, grades: [6, 7, 8], name: 'Notice School' });
  ids.s2 = await createSchool(db, { chainId: chainA, boardId: board, grades: [7], name: 'Second School' });
  ids.principal = await createStaff(db, 'principal', { schoolIds: [ids.s1] });
  ids.teacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s1],
    assignments: [{ schoolId: ids.s1, grade: 7 }],
  });
  ids.superadmin = await createStaff(db, 'superadmin', { chainId: chainA });
  ids.otherSuperadmin = await createStaff(db, 'superadmin', { chainId: chainB });
  ids.asha = await createStudent(db, { schoolId: ids.s1, boardId: board, grade: 7, firstName: 'Asha' });
  ids.ravi = await createStudent(db, { schoolId: ids.s1, boardId: board, grade: 8, firstName: 'Ravi' });
  ids.meena = await createStudent(db, { schoolId: ids.s1, boardId: board, grade: 7, firstName: 'Meena' });
  ids.elsewhere = await createStudent(db, { schoolId: ids.s2, boardId: board, grade: 7, firstName: 'Kiran' });
  ids.parent = await createUser(db, 'parent', { mobile: '+919811122233' });
  await linkParent(db, ids.parent, ids.asha);
  await linkParent(db, ids.parent, ids.ravi);
  for (const who of Object.keys(ids))
    if (!who.startsWith('s') || who === 'superadmin') cookies[who] = await sessionCookie(db, ids[who]!, NOW);
});
afterAll(async () => t?.close());
beforeEach(() => t.setNow(NOW));

describe('posting a notice', () => {
  it('lets the principal post to any grade of the school and a teacher to the grades they teach, in the contract’s words otherwise', async () => {
    const res = await post('principal', {
      title: 'Sports day on Friday',
      body: 'Come in sports uniform.',
      linkUrl: 'https://school.example/sports',
      grades: [8, 7, 7],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Sports day on Friday',
      grades: [7, 8],
      linkUrl: 'https://school.example/sports',
      students: 3,
      studentsRead: 0,
      parentsRead: 0,
      canDelete: true,
    });
    expect((await post('teacher', { title: 'Bring your science notebook', grades: [7] })).statusCode).toBe(201);

    const refusals: [string, object, number, string][] = [
      ['teacher', { title: 'Grade 8 too', grades: [7, 8] }, 403, 'FORBIDDEN'],
      ['principal', { title: 'Grade 11', grades: [11] }, 403, 'FORBIDDEN'],
      ['otherSuperadmin', { title: 'Not my chain', grades: [7] }, 403, 'FORBIDDEN'],
      ['asha', { title: 'A student', grades: [7] }, 403, 'FORBIDDEN'],
      ['parent', { title: 'A parent', grades: [7] }, 403, 'FORBIDDEN'],
      ['principal', { title: '', grades: [7] }, 400, 'VALIDATION_FAILED'],
      ['principal', { title: 'No grades', grades: [] }, 400, 'VALIDATION_FAILED'],
      ['principal', { title: 'Plain http', grades: [7], linkUrl: 'http://school.example' }, 400, 'VALIDATION_FAILED'],
      ['principal', { title: 'Script', grades: [7], linkUrl: 'javascript:alert(1)' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [who, body, status, code] of refusals) {
      const r = await post(who, body);
      expect(r.statusCode, `${who} ${JSON.stringify(body)}`).toBe(status);
      expect(r.json().code).toBe(code);
    }
    // A school that does not exist is refused like one outside the caller's scope.
    expect((await post('principal', { title: 'Nowhere', grades: [7] }, 987654321)).statusCode).toBe(403);
    expect((await post('superadmin', { title: 'From the trust', grades: [6] })).statusCode).toBe(201);
  });

  it('tells each reader only their notices: a student their grade’s, a parent each child’s, naming the child', async () => {
    const titles = async (who: string) => (await feed(who)).broadcasts.map((b) => b.title);
    expect(await titles('asha')).toEqual(['Bring your science notebook', 'Sports day on Friday']);
    expect(await titles('ravi')).toEqual(['Sports day on Friday']);
    expect(await titles('elsewhere')).toEqual([]);
    const parent = await feed('parent');
    expect(parent.broadcasts.map((b) => [b.title, b.children])).toEqual([
      ['Bring your science notebook', ['Asha']],
      ['Sports day on Friday', ['Asha', 'Ravi']],
    ]);
    expect(parent.unread).toBe(2);
    expect((await call('teacher', 'GET', '/me/broadcasts')).statusCode).toBe(403);
  });

  it('counts who read a notice for its sender; a notice not for the caller does not exist for them', async () => {
    const sports = (await feed('asha')).broadcasts.find((b) => b.title === 'Sports day on Friday')!;
    expect((await call('asha', 'POST', `/broadcasts/${sports.id}/read`)).statusCode).toBe(204);
    expect((await call('asha', 'POST', `/broadcasts/${sports.id}/read`)).statusCode).toBe(204);
    expect((await call('parent', 'POST', `/broadcasts/${sports.id}/read`)).statusCode).toBe(204);
    expect((await call('elsewhere', 'POST', `/broadcasts/${sports.id}/read`)).statusCode).toBe(404);
    expect((await call('asha', 'POST', '/broadcasts/987654321/read')).statusCode).toBe(404);
    expect((await call('teacher', 'POST', `/broadcasts/${sports.id}/read`)).statusCode).toBe(403);
    expect((await feed('asha')).broadcasts.find((b) => b.id === sports.id)!.read).toBe(true);
    expect((await feed('asha')).unread).toBe(1);
    const row = (await list('principal')).broadcasts.find((b) => b.id === sports.id)!;
    expect(row).toMatchObject({ students: 3, studentsRead: 1, parentsRead: 1 });
  });

  it('lists the school’s notices to its staff: a teacher those of their grades and their own, with what they may post', async () => {
    const principal = await list('principal');
    expect(principal.grades).toEqual([6, 7, 8]);
    expect(principal.broadcasts.map((b) => b.title)).toEqual([
      'From the trust',
      'Bring your science notebook',
      'Sports day on Friday',
    ]);
    const teacher = await list('teacher');
    expect(teacher.grades).toEqual([7]);
    // The grade 6 notice is not the grade 7 teacher's.
    expect(teacher.broadcasts.map((b: StaffBroadcast) => [b.title, b.canDelete])).toEqual([
      ['Bring your science notebook', true],
      ['Sports day on Friday', false],
    ]);
    for (const who of ['otherSuperadmin', 'asha', 'parent'])
      expect((await call(who, 'GET', `/schools/${ids.s1}/broadcasts`)).statusCode, who).toBe(403);
  });

  it('is deleted by its author or the school’s principal, and is gone for its readers', async () => {
    const teacherList = await list('teacher');
    const sports = teacherList.broadcasts.find((b) => b.title === 'Sports day on Friday')!;
    const notebook = teacherList.broadcasts.find((b) => b.title === 'Bring your science notebook')!;
    expect((await call('teacher', 'DELETE', `/broadcasts/${sports.id}`)).statusCode).toBe(403);
    expect((await call('asha', 'DELETE', `/broadcasts/${sports.id}`)).statusCode).toBe(404);
    expect((await call('otherSuperadmin', 'DELETE', `/broadcasts/${sports.id}`)).statusCode).toBe(404);
    expect((await call('principal', 'DELETE', `/broadcasts/${notebook.id}`)).statusCode).toBe(204);
    expect((await call('principal', 'DELETE', `/broadcasts/${notebook.id}`)).statusCode).toBe(404);
    expect((await feed('asha')).broadcasts.map((b) => b.title)).toEqual(['Sports day on Friday']);
  });

  it('carries a picture its author adds, which its readers and the school’s staff fetch and nobody else does', async () => {
    const notice = (await post('teacher', { title: 'Our class garden', grades: [7] })).json() as StaffBroadcast;
    expect(notice.hasPicture).toBe(false);
    const put = (who: string, data: Buffer) => {
      const body = multipart([{ name: 'file', filename: 'garden.png', contentType: 'image/png', data }]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/broadcasts/${notice.id}/picture`,
        headers: { cookie: cookies[who]!, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expect((await put('teacher', Buffer.from('not a picture at all'))).statusCode).toBe(415);
    expect((await put('asha', PNG_1X1)).statusCode).toBe(404);
    expect((await put('otherSuperadmin', PNG_1X1)).statusCode).toBe(404);
    const res = await put('teacher', PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StaffBroadcast).hasPicture).toBe(true);
    expect((await feed('asha')).broadcasts.find((b) => b.id === notice.id)?.hasPicture).toBe(true);
    for (const who of ['asha', 'parent', 'teacher', 'principal', 'superadmin']) {
      const picture = await call(who, 'GET', `/broadcasts/${notice.id}/picture`);
      expect(picture.statusCode, who).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
    }
    for (const who of ['ravi', 'elsewhere', 'otherSuperadmin'])
      expect((await call(who, 'GET', `/broadcasts/${notice.id}/picture`)).statusCode, who).toBe(404);
    // A notice without a picture has none to fetch.
    const plain = (await post('teacher', { title: 'No picture', grades: [7] })).json() as StaffBroadcast;
    expect((await call('asha', 'GET', `/broadcasts/${plain.id}/picture`)).statusCode).toBe(404);
  });

  it('limits how many notices one person posts in an hour', async () => {
    const posted = (await list('teacher')).broadcasts.filter((b) => b.canDelete).length;
    for (let i = posted; i < BROADCASTS_PER_HOUR; i++)
      expect((await post('teacher', { title: `Reminder ${i}`, grades: [7] })).statusCode).toBe(201);
    const over = await post('teacher', { title: 'One too many', grades: [7] });
    expect(over.statusCode).toBe(429);
    t.setNow(new Date(NOW.getTime() + 3_600_000 + 1000));
    expect((await post('teacher', { title: 'An hour later', grades: [7] })).statusCode).toBe(201);
  });
});
