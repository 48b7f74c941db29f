import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';

let t: TestApp;
let chapters: TestChapter[];
let otherGradeChapter: TestChapter;
let student: number;
let studentCookie: string;
let schoolId: number;
let chainId: number;
let boardId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  chainId = await createChain(db);
  boardId = await createBoard(db, 'CBSE');
  schoolId = await createSchool(db, { chainId, boardId });
  ({ chapters } = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 2, topics: 3 }));
  [otherGradeChapter] = (await createCurriculum(db, { boardId, grade: 8, subjectSlug: 'science', chapters: 1, topics: 1 })).chapters as [TestChapter];
  student = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt: new Date('2026-06-01T00:00:00Z') });
  studentCookie = await sessionCookie(db, student, t.now());
});
afterAll(() => t.close());

const post = (cookie: string | undefined, records: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/records', headers: cookie ? { cookie } : {}, payload: { records } });

describe('POST /api/v1/records', () => {
  it('answers 401 without a session and 403 for a non-student', async () => {
    const anon = await post(undefined, [topicRecord(chapters[0]!, chapters[0]!.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-19T10:00:00Z' })]);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    const teacher = await createStaff(t.database.db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
    const res = await post(await sessionCookie(t.database.db, teacher, t.now()), [
      topicRecord(chapters[0]!, chapters[0]!.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-19T10:00:00Z' }),
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('rejects an invalid body with 400 in the common error format', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: studentCookie }, payload: { records: 'nope' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('The request is not valid');
    expect(body.details.issues[0]).toMatchObject({ in: 'body', path: 'records' });

    const empty = await post(studentCookie, []);
    expect(empty.statusCode).toBe(400);
    const tooMany = await post(studentCookie, Array.from({ length: 501 }, () => ({})));
    expect(tooMany.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: studentCookie, 'content-type': 'application/json' },
      payload: '{"records": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
  });

  it('stores the worked example of the spec and marks it on the server', async () => {
    const chapter = chapters[0]!;
    const record = topicRecord(chapter, chapter.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-19T10:00:00Z' });
    // A correctness flag from the client is ignored: the server marks against the answer key.
    const tampered = { ...record, answers: record.answers.map((a) => ({ ...a, correct: true })) };
    // Naming the signed-in student as the player is accepted.
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: studentCookie }, payload: { records: [tampered], studentId: student } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stored: [record.id],
      duplicates: [],
      rejected: [],
      // The server's figures, for the device to confirm what it showed offline.
      marked: [{ id: record.id, kind: 'topic', answered: 10, correct: 8, learningCurrency: 87, learningEfficiency: expect.closeTo(79.2727, 4), percent: 80 }],
    });

    const row = await t.database.db.selectFrom('learning_records').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ student_id: student, school_id: schoolId, correct_count: 8, answered_count: 10, learning_currency: 87, question_seconds: 120 });
    expect(row.learning_efficiency).toBeCloseTo(79.2727, 4);

    const topic = await t.database.db.selectFrom('student_topic_stats').selectAll().where('student_id', '=', student).executeTakeFirstOrThrow();
    expect(topic).toMatchObject({ attempts: 1, learning_currency: 87, best_attempt: 1, correct: 8, answered: 10 });
    const overall = await t.database.db.selectFrom('student_stats').selectAll().where('student_id', '=', student).executeTakeFirstOrThrow();
    expect(overall.learning_currency).toBe(87);
    expect(overall.knowledge_efficiency).toBe(0);
    // Total = 0.2 x LE + 0.8 x KE with no chapter completed yet.
    expect(overall.total_score).toBeCloseTo(0.2 * 79.272727, 4);
  });

  it('refuses a batch that names another student as its player (a queue left on a shared device)', async () => {
    const chapter = chapters[0]!;
    const record = topicRecord(chapter, chapter.topics[2]!, { correct: 5, seconds: 10, finishedAt: '2026-11-19T09:00:00Z' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: studentCookie }, payload: { records: [record], studentId: student + 1000 } });
    expect(res.statusCode).toBe(403);
    const stored = await t.database.db.selectFrom('learning_records').select('id').where('id', '=', record.id).execute();
    expect(stored).toEqual([]);
  });

  it('is idempotent: a retried upload is reported as duplicate and counted once', async () => {
    const chapter = chapters[0]!;
    const record = topicRecord(chapter, chapter.topics[1]!, { correct: 6, seconds: 20, finishedAt: '2026-11-19T11:00:00Z' });
    const first = await post(studentCookie, [record]);
    expect(first.json().stored).toEqual([record.id]);
    const again = await post(studentCookie, [record, { ...record }]);
    expect(again.json()).toEqual({
      stored: [],
      duplicates: [record.id],
      rejected: [{ index: 1, id: record.id, code: 'DUPLICATE_IN_BATCH', message: expect.any(String) }],
      // A duplicate still tells the device the figures the server marked the first time.
      marked: [expect.objectContaining({ id: record.id, correct: 6, learningCurrency: 64 })],
    });
    const count = await t.database.db.selectFrom('learning_records').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const topic = await t.database.db
      .selectFrom('student_topic_stats')
      .select('attempts')
      .where('student_id', '=', student)
      .where('topic_id', '=', chapter.topics[1]!.id)
      .executeTakeFirstOrThrow();
    expect(topic.attempts).toBe(1);
  });

  it('stores the valid records of a batch and rejects each bad one with its reason', async () => {
    const [c0, c1] = chapters as [TestChapter, TestChapter];
    const good = topicRecord(c1, c1.topics[0]!, { correct: 10, seconds: 4, finishedAt: '2026-11-18T09:00:00Z' });
    const unknownTopic = { ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }), topicId: c1.topics[0]!.id };
    const wrongGrade = topicRecord(otherGradeChapter, otherGradeChapter.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' });
    const future = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-21T09:00:00Z' });
    const beforeEnrolment = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-05-01T09:00:00Z' });
    const short = { ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }) };
    short.answers = short.answers.slice(0, 9);
    const foreignQuestion = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' });
    foreignQuestion.answers[0] = { ...foreignQuestion.answers[0]!, questionId: c1.topics[2]!.questions[0]!.id };
    const repeated = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' });
    repeated.answers[1] = { ...repeated.answers[1]!, questionId: repeated.answers[0]!.questionId };
    const noTopic = { ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }), topicId: null };
    const longSpan = { ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }), startedAt: '2026-11-17T09:00:00Z' };

    const batch = [good, unknownTopic, wrongGrade, future, beforeEnrolment, short, foreignQuestion, repeated, noTopic, longSpan, { id: 'not-a-uuid' }, 42];
    const res = await post(studentCookie, batch);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stored).toEqual([good.id]);
    expect(body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'UNKNOWN_TOPIC'],
      [2, 'WRONG_GRADE'],
      [3, 'FUTURE_TIMESTAMP'],
      [4, 'BEFORE_ENROLMENT'],
      [5, 'QUESTION_COUNT_MISMATCH'],
      [6, 'UNKNOWN_QUESTION'],
      [7, 'DUPLICATE_QUESTION'],
      [8, 'TOPIC_REQUIRED'],
      [9, 'DURATION_IMPLAUSIBLE'],
      [10, 'INVALID_RECORD'],
      [11, 'INVALID_RECORD'],
    ]);
    expect(body.rejected[9].id).toBe('not-a-uuid');
    const stored = await t.database.db.selectFrom('learning_records').select('id').where('student_id', '=', student).execute();
    expect(stored.map((r) => r.id)).not.toContain(unknownTopic.id);
  });

  it('completes a chapter with its treasure: KE and KC follow the rules', async () => {
    const db = t.database.db;
    const { chapters: [chapter] } = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'maths', chapters: 1, topics: 2 });
    const pupil = await createStudent(db, { schoolId, boardId, grade: 7 });
    const cookie = await sessionCookie(db, pupil, t.now());
    const c = chapter!;
    const res = await post(cookie, [
      topicRecord(c, c.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-10T05:00:00Z' }), // LC 87
      topicRecord(c, c.topics[1]!, { correct: 10, seconds: 5, finishedAt: '2026-11-10T06:00:00Z' }), // LC 110
      chapterRecord('treasure', c, { correct: 7, finishedAt: '2026-11-11T06:00:00Z' }), // KE 70
    ]);
    expect(res.json().stored).toHaveLength(3);
    const row = await db.selectFrom('student_chapter_stats').selectAll().where('student_id', '=', pupil).executeTakeFirstOrThrow();
    // KC = round((87 + 110) / 2 x 70 / 100) = round(68.95) = 69
    expect(row).toMatchObject({ is_completed: true, knowledge_efficiency: 70, knowledge_currency: 69, learning_currency: 197, topics_completed: 2, island_count: 2 });
    expect(row.knowledge_currency_by_day).toEqual({ '2026-11-11': 69 });
    const overall = await db.selectFrom('student_stats').selectAll().where('student_id', '=', pupil).executeTakeFirstOrThrow();
    // LE = (79.2727 + 100) / 2 = 89.636; total = 0.2 x 89.636 + 0.8 x 70 = 73.93
    expect(overall.total_score).toBeCloseTo(0.2 * ((100 * 87.2) / 110 + 100) / 2 + 0.8 * 70, 6);
    expect(overall.knowledge_currency).toBe(69);
    const days = await db.selectFrom('student_daily_stats').selectAll().where('student_id', '=', pupil).orderBy('day').execute();
    expect(days.map((d) => [d.day, d.records, d.learning_currency, d.knowledge_currency])).toEqual([
      ['2026-11-10', 2, 197, 0],
      ['2026-11-11', 1, 0, 69],
    ]);
  });
});

describe('reindex and export', () => {
  it('lets only qa staff in scope reindex, and the rebuild leaves the rollups unchanged', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('student_topic_stats').selectAll().where('student_id', '=', student).orderBy('topic_id').execute();
    const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    const qa = await createStaff(db, 'principal', { schoolIds: [schoolId], isQa: true });
    const otherSchool = await createSchool(db, { chainId, boardId });
    const qaElsewhere = await createStaff(db, 'principal', { schoolIds: [otherSchool], isQa: true });
    const url = `/api/v1/students/${student}/reindex`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: studentCookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, principal, t.now()) } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qaElsewhere, t.now()) } })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qa, t.now()) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ studentId: student, records: 3 });
    const after = await db.selectFrom('student_topic_stats').selectAll().where('student_id', '=', student).orderBy('topic_id').execute();
    expect(after).toEqual(before);
    // An id nobody has is refused as another school's student is: probing tells no ids apart.
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/students/999999/reindex', headers: { cookie: await sessionCookie(db, qa, t.now()) } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual((await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qaElsewhere, t.now()) } })).json());
  });

  it('exports a student’s records as xAPI to the student, a linked parent and staff in scope only', async () => {
    const db = t.database.db;
    const url = `/api/v1/students/${student}/records`;
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: studentCookie } });
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.statements).toHaveLength(3);
    const first = body.statements[0];
    expect(first.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    expect(first.actor.account.name).toBe(String(student));
    expect(first.result.score).toMatchObject({ min: 0, max: 10 });
    expect(typeof first.timestamp).toBe('string');

    const parent = await createUser(db, 'parent');
    const stranger = await createUser(db, 'parent');
    await linkParent(db, parent, student);
    const classmate = await createStudent(db, { schoolId, boardId, grade: 7 });
    const teacherOfGrade = await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
    const teacherOfOtherGrade = await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 9 }] });
    const chainAdmin = await createStaff(db, 'superadmin', { chainId });
    const otherChainAdmin = await createStaff(db, 'superadmin', { chainId: await createChain(db) });
    const status = async (userId: number) => (await t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(db, userId, t.now()) } })).statusCode;
    expect(await status(parent)).toBe(200);
    expect(await status(stranger)).toBe(403);
    expect(await status(classmate)).toBe(403);
    expect(await status(teacherOfGrade)).toBe(200);
    expect(await status(teacherOfOtherGrade)).toBe(403);
    expect(await status(chainAdmin)).toBe(200);
    expect(await status(otherChainAdmin)).toBe(403);
  });

  it('streams a school’s records as NDJSON to its principal only', async () => {
    const db = t.database.db;
    const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    const otherPrincipal = await createStaff(db, 'principal', { schoolIds: [await createSchool(db, { chainId, boardId })] });
    const url = `/api/v1/schools/${schoolId}/records.ndjson`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(db, principal, t.now()) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const total = await db.selectFrom('learning_records').select((eb) => eb.fn.countAll<number>().as('n')).where('school_id', '=', schoolId).executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(total.n));
    expect(lines.every((l) => l.verb.display['en-US'] === 'completed')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(db, otherPrincipal, t.now()) } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: studentCookie } })).statusCode).toBe(403);
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: studentCookie, origin: 'https://evil.example', host: 'localhost:80' },
      payload: { records: [{ id: randomUUID() }] },
    });
    expect(res.statusCode).toBe(403);
  });
});
