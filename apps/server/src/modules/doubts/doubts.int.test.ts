/**
 * Doubts through the real app (issue #26, "Doubts"): a student asks about a topic of their grade
 * (with a picture), the teachers of the class and the principal answer, the student is told; who
 * reads what; the hour's limit; a picture after an answer; erasure takes the doubts along.
 */
import type { Doubt, DoubtsPage, MyDoubts } from '@ki/contracts';
import { DOUBTS_PAGE, DOUBTS_PER_HOUR } from '@ki/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipart, PNG_1X1 } from '../../test/assessment-authoring-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const NOW = new Date('2026-11-20T10:00:00Z');
let maths: { topicId: number; otherGradeTopicId: number; subjectId: number };
let science: { topicId: number; subjectId: number };

async function call(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}
async function ask(who: string, topicId: number, text = 'Why is a negative times a negative positive?') {
  return call(who, 'POST', '/doubts', { topicId, text });
}
async function staffList(who: string, status: 'open' | 'answered' = 'open', before?: number) {
  const res = await call(who, 'GET', `/doubts?status=${status}${before ? `&before=${before}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DoubtsPage;
}
async function mine(who: string) {
  const res = await call(who, 'GET', '/me/doubts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyDoubts;
}
function putPicture(who: string, id: number, file: { filename: string; contentType: string; data: Buffer }) {
  const body = multipart([{ name: 'file', ...file }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/doubts/${id}/picture`,
    headers: { cookie: cookies[who]!, 'content-type': body.contentType },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainA = await createChain(db, 'Doubt Trust');
  const chainB = await createChain(db, 'Other Trust');
  const board = await createBoard(db, 'DBT');
  ids.s1 = await createSchool(db, { chainId: chainA, boardId: board, grades: [6, 7], name: 'Doubt School' });
  ids.s2 = await createSchool(db, { chainId: chainA, boardId: board, grades: [7], name: 'Second School' });
  const m7 = await createCurriculum(db, {
    boardId: board,
    grade: 7,
    subjectSlug: 'doubt-maths',
    chapters: 1,
    topics: 2,
  });
  const m6 = await createCurriculum(db, {
    boardId: board,
    grade: 6,
    subjectSlug: 'doubt-maths',
    chapters: 1,
    topics: 1,
  });
  const s7 = await createCurriculum(db, {
    boardId: board,
    grade: 7,
    subjectSlug: 'doubt-science',
    chapters: 1,
    topics: 1,
  });
  maths = {
    topicId: m7.chapters[0]!.topics[0]!.id,
    otherGradeTopicId: m6.chapters[0]!.topics[0]!.id,
    subjectId: m7.subjectId,
  };
  science = { topicId: s7.chapters[0]!.topics[0]!.id, subjectId: s7.subjectId };
  ids.principal = await createStaff(db, 'principal', { schoolIds: [ids.s1] });
  ids.mathsTeacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s1],
    assignments: [{ schoolId: ids.s1, grade: 7, subjectId: m7.subjectId }],
  });
  ids.scienceTeacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s1],
    assignments: [{ schoolId: ids.s1, grade: 7, subjectId: s7.subjectId }],
  });
  ids.classTeacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s1],
    assignments: [{ schoolId: ids.s1, grade: 7 }],
  });
  ids.grade6Teacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s1],
    assignments: [{ schoolId: ids.s1, grade: 6 }],
  });
  ids.otherSchoolTeacher = await createStaff(db, 'teacher', {
    schoolIds: [ids.s2],
    assignments: [{ schoolId: ids.s2, grade: 7 }],
  });
  ids.superadmin = await createStaff(db, 'superadmin', { chainId: chainA });
  ids.otherSuperadmin = await createStaff(db, 'superadmin', { chainId: chainB });
  ids.asha = await createStudent(db, { schoolId: ids.s1, boardId: board, grade: 7, firstName: 'Asha' });
  ids.ravi = await createStudent(db, { schoolId: ids.s1, boardId: board, grade: 7, firstName: 'Ravi' });
  for (const who of Object.keys(ids))
    if (!who.startsWith('s') || who.startsWith('superadmin') || who.startsWith('science'))
      cookies[who] = await sessionCookie(db, ids[who]!, NOW);
  cookies.otherSuperadmin = await sessionCookie(db, ids.otherSuperadmin!, NOW);
});
afterAll(async () => t?.close());
beforeEach(() => t.setNow(NOW));

describe('asking', () => {
  it('a student asks about a topic of their grade, then adds a picture read from its bytes', async () => {
    const res = await ask('asha', maths.topicId);
    expect(res.statusCode, res.body).toBe(201);
    const doubt = res.json() as Doubt;
    expect(doubt).toMatchObject({
      status: 'open',
      text: 'Why is a negative times a negative positive?',
      hasPicture: false,
      subject: { slug: 'doubt-maths' },
      topic: { id: maths.topicId },
      student: null,
      answers: [],
      answerSeen: true,
      canAnswer: false,
    });
    const pictured = await putPicture('asha', doubt.id, {
      filename: 'sum.png',
      contentType: 'text/plain',
      data: PNG_1X1,
    });
    expect(pictured.statusCode, pictured.body).toBe(200);
    expect((pictured.json() as Doubt).hasPicture).toBe(true);
    const got = await call('asha', 'GET', `/doubts/${doubt.id}/picture`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses what is not the student’s to ask, in the contract’s words', async () => {
    const refusals: [string, object, number, string][] = [
      ['asha', { topicId: maths.otherGradeTopicId, text: 'A grade 6 topic, not mine' }, 404, 'NOT_FOUND'],
      ['asha', { topicId: 999_999, text: 'No such topic anywhere' }, 404, 'NOT_FOUND'],
      ['asha', { topicId: maths.topicId, text: 'short' }, 400, 'VALIDATION_FAILED'],
      ['asha', { topicId: maths.topicId, text: 'x'.repeat(1001) }, 400, 'VALIDATION_FAILED'],
      [
        'asha',
        { topicId: maths.topicId, text: 'A doubt with <b>markup</b> in it', extra: 1 },
        400,
        'VALIDATION_FAILED',
      ],
      ['mathsTeacher', { topicId: maths.topicId, text: 'A teacher asking a doubt' }, 403, 'FORBIDDEN'],
    ];
    for (const [who, body, status, code] of refusals) {
      const res = await call(who, 'POST', '/doubts', body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const res = await ask('asha', maths.topicId, 'x');
    expect(JSON.stringify(res.json().details)).toContain('Write your doubt in at least 10 characters');
  });

  it('refuses a picture that is not one, too large, or another student’s', async () => {
    const doubt = (await ask('ravi', science.topicId, 'What does an indicator do?')).json() as Doubt;
    expect(
      (
        await putPicture('ravi', doubt.id, {
          filename: 'x.png',
          contentType: 'image/png',
          data: Buffer.from('not a picture at all'),
        })
      ).statusCode,
    ).toBe(415);
    expect(
      (
        await putPicture('ravi', doubt.id, {
          filename: 'x.png',
          contentType: 'image/png',
          data: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]),
        })
      ).statusCode,
    ).toBe(413);
    expect(
      (await putPicture('asha', doubt.id, { filename: 'x.png', contentType: 'image/png', data: PNG_1X1 })).statusCode,
    ).toBe(404);
    expect((await call('asha', 'GET', `/doubts/${doubt.id}/picture`)).statusCode).toBe(404);
  });
});

describe('reading and answering', () => {
  it('shows each member of staff the doubts of their classes only', async () => {
    const subjects = async (who: string) => (await staffList(who)).doubts.map((d) => d.subject.slug).sort();
    expect(await subjects('mathsTeacher')).toEqual(['doubt-maths']);
    expect(await subjects('scienceTeacher')).toEqual(['doubt-science']);
    expect(await subjects('classTeacher')).toEqual(['doubt-maths', 'doubt-science']);
    expect(await subjects('principal')).toEqual(['doubt-maths', 'doubt-science']);
    expect(await subjects('superadmin')).toEqual(['doubt-maths', 'doubt-science']);
    expect(await subjects('grade6Teacher')).toEqual([]);
    expect(await subjects('otherSchoolTeacher')).toEqual([]);
    expect(await subjects('otherSuperadmin')).toEqual([]);
    const [d] = (await staffList('mathsTeacher')).doubts;
    expect(d).toMatchObject({
      student: { name: expect.stringContaining('Asha'), grade: 7 },
      canAnswer: true,
      hasPicture: true,
    });
    expect((await staffList('superadmin')).doubts.every((x) => !x.canAnswer)).toBe(true);
    // The picture: staff who read the doubt, no one else.
    expect((await call('mathsTeacher', 'GET', `/doubts/${d!.id}/picture`)).statusCode).toBe(200);
    expect((await call('scienceTeacher', 'GET', `/doubts/${d!.id}/picture`)).statusCode).toBe(404);
    expect((await call('ravi', 'GET', `/doubts/${d!.id}/picture`)).statusCode).toBe(404);
    expect((await call('asha', 'GET', '/doubts')).statusCode).toBe(403);
  });

  it('a teacher of the class answers; the doubt is answered and the student told, until they have seen it', async () => {
    const [d] = (await staffList('mathsTeacher')).doubts;
    const refusals: [string, object, number][] = [
      ['scienceTeacher', { text: 'Not my subject' }, 404],
      ['superadmin', { text: 'I read, I do not answer' }, 403],
      ['asha', { text: 'Answering myself' }, 403],
      ['mathsTeacher', { text: '   ' }, 400],
    ];
    for (const [who, body, status] of refusals)
      expect((await call(who, 'POST', `/doubts/${d!.id}/answers`, body)).statusCode, who).toBe(status);
    t.setNow(new Date('2026-11-20T11:00:00Z'));
    const res = await call('mathsTeacher', 'POST', `/doubts/${d!.id}/answers`, {
      text: 'Think of −1 × −1 as turning around twice.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'answered',
      answers: [{ text: 'Think of −1 × −1 as turning around twice.', at: '2026-11-20T11:00:00.000Z' }],
    });
    expect((await staffList('mathsTeacher')).doubts).toEqual([]);
    expect((await staffList('mathsTeacher', 'answered')).doubts.map((x) => x.id)).toEqual([d!.id]);

    const before = await mine('asha');
    expect(before.unseenAnswers).toBe(1);
    expect(before.doubts[0]).toMatchObject({
      id: d!.id,
      status: 'answered',
      answerSeen: false,
      answers: [{ by: expect.any(String) }],
    });
    expect((await call('asha', 'POST', '/me/doubts/seen')).statusCode).toBe(204);
    expect((await mine('asha')).unseenAnswers).toBe(0);
    // Ravi's answers are his own business.
    expect((await mine('ravi')).doubts.every((x) => x.answers.length === 0)).toBe(true);
    // An answered doubt takes no new picture.
    expect(
      (await putPicture('asha', d!.id, { filename: 'x.png', contentType: 'image/png', data: PNG_1X1 })).statusCode,
    ).toBe(409);
    // The principal may add to it.
    expect(
      (await call('principal', 'POST', `/doubts/${d!.id}/answers`, { text: 'Well asked, Asha.' })).statusCode,
    ).toBe(201);
    expect((await mine('asha')).doubts[0]!.answers).toHaveLength(2);
  });

  it('pages the staff list by keyset', async () => {
    const db = t.database.db;
    const e = await db
      .selectFrom('student_enrolments')
      .select(['school_id', 'grade', 'section'])
      .where('student_id', '=', ids.ravi!)
      .executeTakeFirstOrThrow();
    const topic = await db
      .selectFrom('topics as t')
      .innerJoin('chapters as c', 'c.id', 't.chapter_id')
      .select(['t.id', 'c.id as chapter_id'])
      .where('t.id', '=', maths.topicId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('doubts')
      .values(
        Array.from({ length: DOUBTS_PAGE + 5 }, (_, i) => ({
          student_id: ids.ravi!,
          school_id: e.school_id,
          grade: e.grade!,
          section: e.section,
          subject_id: maths.subjectId,
          chapter_id: topic.chapter_id,
          topic_id: topic.id,
          body: `Seeded doubt number ${i}`,
          asked_at: NOW,
        })),
      )
      .execute();
    const first = await staffList('mathsTeacher');
    expect(first.doubts).toHaveLength(DOUBTS_PAGE);
    expect(first.nextBefore).toBe(first.doubts.at(-1)!.id);
    const second = await staffList('mathsTeacher', 'open', first.nextBefore!);
    expect(second.doubts).toHaveLength(5);
    expect(second.nextBefore).toBeNull();
    expect(new Set([...first.doubts, ...second.doubts].map((d) => d.id)).size).toBe(DOUBTS_PAGE + 5);
  });

  it('limits a student to DOUBTS_PER_HOUR doubts an hour', async () => {
    t.setNow(new Date('2026-11-21T10:00:00Z'));
    for (let i = 0; i < DOUBTS_PER_HOUR; i++)
      expect((await ask('asha', maths.topicId, `Question number ${i} today`)).statusCode).toBe(201);
    const res = await ask('asha', maths.topicId, 'One question too many');
    expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);
    t.setNow(new Date('2026-11-21T11:00:01Z'));
    expect((await ask('asha', maths.topicId, 'An hour later, again')).statusCode).toBe(201);
  });
});
