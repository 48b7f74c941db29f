import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTestAttempt } from '../../test/attempt-records';
import { unsafeRebuildStudent } from './records.service';
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
  [otherGradeChapter] = (
    await createCurriculum(db, { boardId, grade: 8, subjectSlug: 'science', chapters: 1, topics: 1 })
  ).chapters as [TestChapter];
  student = await createStudent(db, { schoolId, boardId, grade: 7, enrolledAt: new Date('2026-06-01T00:00:00Z') });
  studentCookie = await sessionCookie(db, student, t.now());
});
afterAll(() => t.close());

const post = (cookie: string | undefined, records: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/records', headers: cookie ? { cookie } : {}, payload: { records } });

describe('POST /api/v1/records', () => {
  it('answers 401 without a session and 403 for a non-student', async () => {
    const anon = await post(undefined, [
      topicRecord(chapters[0]!, chapters[0]!.topics[0]!, {
        correct: 5,
        seconds: 10,
        finishedAt: '2026-11-19T10:00:00Z',
      }),
    ]);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    const teacher = await createStaff(t.database.db, 'teacher', {
      schoolIds: [schoolId],
      assignments: [{ schoolId, grade: 7 }],
    });
    const res = await post(await sessionCookie(t.database.db, teacher, t.now()), [
      topicRecord(chapters[0]!, chapters[0]!.topics[0]!, {
        correct: 5,
        seconds: 10,
        finishedAt: '2026-11-19T10:00:00Z',
      }),
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('rejects an invalid body with 400 in the common error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: studentCookie },
      payload: { records: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('The request is not valid');
    expect(body.details.issues[0]).toMatchObject({ in: 'body', path: 'records' });

    const empty = await post(studentCookie, []);
    expect(empty.statusCode).toBe(400);
    const tooMany = await post(
      studentCookie,
      Array.from({ length: 501 }, () => ({})),
    );
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
    const record = topicRecord(chapter, chapter.topics[0]!, {
      correct: 8,
      seconds: 12,
      finishedAt: '2026-11-19T10:00:00Z',
    });
    // A correctness flag from the client is ignored: the server marks against the answer key.
    const tampered = { ...record, answers: record.answers.map((a) => ({ ...a, correct: true })) };
    // Naming the signed-in student as the player is accepted.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: studentCookie },
      payload: { records: [tampered], studentId: student },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stored: [record.id],
      duplicates: [],
      rejected: [],
      // The server's figures, for the device to confirm what it showed offline.
      marked: [
        {
          id: record.id,
          kind: 'topic',
          answered: 10,
          correct: 8,
          learningCurrency: 87,
          learningEfficiency: expect.closeTo(79.2727, 4),
          percent: 80,
        },
      ],
    });

    const row = await t.database.db
      .selectFrom('learning_records')
      .selectAll()
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      student_id: student,
      school_id: schoolId,
      correct_count: 8,
      answered_count: 10,
      learning_currency: 87,
      question_seconds: 120,
    });
    expect(row.learning_efficiency).toBeCloseTo(79.2727, 4);

    const topic = await t.database.db
      .selectFrom('student_topic_stats')
      .selectAll()
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    expect(topic).toMatchObject({ attempts: 1, learning_currency: 87, best_attempt: 1, correct: 8, answered: 10 });
    const overall = await t.database.db
      .selectFrom('student_stats')
      .selectAll()
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    expect(overall.learning_currency).toBe(87);
    expect(overall.knowledge_efficiency).toBe(0);
    // Total = 0.2 x LE + 0.8 x KE with no chapter completed yet.
    expect(overall.total_score).toBeCloseTo(0.2 * 79.272727, 4);
  });

  it('refuses a batch that names another student as its player (a queue left on a shared device)', async () => {
    const chapter = chapters[0]!;
    const record = topicRecord(chapter, chapter.topics[2]!, {
      correct: 5,
      seconds: 10,
      finishedAt: '2026-11-19T09:00:00Z',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie: studentCookie },
      payload: { records: [record], studentId: student + 1000 },
    });
    expect(res.statusCode).toBe(403);
    const stored = await t.database.db
      .selectFrom('learning_records')
      .select('id')
      .where('id', '=', record.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('is idempotent: a retried upload is reported as duplicate and counted once', async () => {
    const chapter = chapters[0]!;
    const record = topicRecord(chapter, chapter.topics[1]!, {
      correct: 6,
      seconds: 20,
      finishedAt: '2026-11-19T11:00:00Z',
    });
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
    const count = await t.database.db
      .selectFrom('learning_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
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
    const unknownTopic = {
      ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }),
      topicId: c1.topics[0]!.id,
    };
    const wrongGrade = topicRecord(otherGradeChapter, otherGradeChapter.topics[0]!, {
      correct: 5,
      seconds: 10,
      finishedAt: '2026-11-18T09:00:00Z',
    });
    const future = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-21T09:00:00Z' });
    const beforeEnrolment = topicRecord(c0, c0.topics[0]!, {
      correct: 5,
      seconds: 10,
      finishedAt: '2026-05-01T09:00:00Z',
    });
    const short = {
      ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }),
    };
    short.answers = short.answers.slice(0, 9);
    const foreignQuestion = topicRecord(c0, c0.topics[0]!, {
      correct: 5,
      seconds: 10,
      finishedAt: '2026-11-18T09:00:00Z',
    });
    foreignQuestion.answers[0] = { ...foreignQuestion.answers[0]!, questionId: c1.topics[2]!.questions[0]!.id };
    const repeated = topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' });
    repeated.answers[1] = { ...repeated.answers[1]!, questionId: repeated.answers[0]!.questionId };
    const noTopic = {
      ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }),
      topicId: null,
    };
    const longSpan = {
      ...topicRecord(c0, c0.topics[0]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }),
      startedAt: '2026-11-17T09:00:00Z',
    };

    const batch = [
      good,
      unknownTopic,
      wrongGrade,
      future,
      beforeEnrolment,
      short,
      foreignQuestion,
      repeated,
      noTopic,
      longSpan,
      { id: 'not-a-uuid' },
      42,
    ];
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
    const stored = await t.database.db
      .selectFrom('learning_records')
      .select('id')
      .where('student_id', '=', student)
      .execute();
    expect(stored.map((r) => r.id)).not.toContain(unknownTopic.id);
  });

  it('refuses quiz, test and challenge records: the server writes them when an attempt finishes', async () => {
    const pupil = await createStudent(t.database.db, { schoolId, boardId, grade: 7 });
    const c0 = chapters[0]!;
    const game = topicRecord(c0, c0.topics[1]!, { correct: 6, seconds: 10, finishedAt: '2026-11-18T11:00:00Z' });
    const fabricated = (['quiz', 'test', 'challenge'] as const).map((kind) => ({
      ...chapterRecord('revise', c0, { correct: 10, finishedAt: '2026-11-18T12:00:00Z' }),
      kind,
    }));
    const res = await post(await sessionCookie(t.database.db, pupil, t.now()), [...fabricated, game]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stored).toEqual([game.id]);
    expect(body.rejected).toEqual(
      fabricated.map((r, index) => ({
        index,
        id: r.id,
        code: 'SERVER_WRITTEN_KIND',
        message: `A ${r.kind} record is written by the server when the attempt finishes; devices upload games only`,
      })),
    );
    const kinds = await t.database.db
      .selectFrom('learning_records')
      .select('kind')
      .where('student_id', '=', pupil)
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['topic']);
  });

  it('completes a chapter with its treasure: KE and KC follow the rules', async () => {
    const db = t.database.db;
    const {
      chapters: [chapter],
    } = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'maths', chapters: 1, topics: 2 });
    const pupil = await createStudent(db, { schoolId, boardId, grade: 7 });
    const cookie = await sessionCookie(db, pupil, t.now());
    const c = chapter!;
    const res = await post(cookie, [
      topicRecord(c, c.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-10T05:00:00Z' }), // LC 87
      topicRecord(c, c.topics[1]!, { correct: 10, seconds: 5, finishedAt: '2026-11-10T06:00:00Z' }), // LC 110
      chapterRecord('treasure', c, { correct: 7, finishedAt: '2026-11-11T06:00:00Z' }), // KE 70
    ]);
    expect(res.json().stored).toHaveLength(3);
    const row = await db
      .selectFrom('student_chapter_stats')
      .selectAll()
      .where('student_id', '=', pupil)
      .executeTakeFirstOrThrow();
    // KC = round((87 + 110) / 2 x 70 / 100) = round(68.95) = 69
    expect(row).toMatchObject({
      is_completed: true,
      knowledge_efficiency: 70,
      knowledge_currency: 69,
      learning_currency: 197,
      topics_completed: 2,
      island_count: 2,
    });
    expect(row.knowledge_currency_by_day).toEqual({ '2026-11-11': 69 });
    const overall = await db
      .selectFrom('student_stats')
      .selectAll()
      .where('student_id', '=', pupil)
      .executeTakeFirstOrThrow();
    // LE = (79.2727 + 100) / 2 = 89.636; total = 0.2 x 89.636 + 0.8 x 70 = 73.93
    expect(overall.total_score).toBeCloseTo((0.2 * ((100 * 87.2) / 110 + 100)) / 2 + 0.8 * 70, 6);
    expect(overall.knowledge_currency).toBe(69);
    const days = await db
      .selectFrom('student_daily_stats')
      .selectAll()
      .where('student_id', '=', pupil)
      .orderBy('day')
      .execute();
    expect(days.map((d) => [d.day, d.records, d.learning_currency, d.knowledge_currency])).toEqual([
      ['2026-11-10', 2, 197, 0],
      ['2026-11-11', 1, 0, 69],
    ]);
  });
});

describe('fabricated records (issue #21)', () => {
  /** A new student of grade 7 with their session cookie. */
  const freshStudent = async () => {
    const id = await createStudent(t.database.db, { schoolId, boardId, grade: 7 });
    return { id, cookie: await sessionCookie(t.database.db, id, t.now()) };
  };
  const codes = (res: { json: () => { rejected: { index: number; code: string }[] } }) =>
    res.json().rejected.map((r) => [r.index, r.code]);

  it('counts every answer at least 1 s and refuses seconds that do not fit the record’s span', async () => {
    const { id, cookie } = await freshStudent();
    const c = chapters[0]!;
    // Ten answers of 0 s in a 3 s game (as a test robot plays): stored, each answer counted as the 1 s minimum.
    const instant = {
      ...topicRecord(c, c.topics[0]!, { correct: 10, seconds: 0, finishedAt: '2026-11-17T10:00:00Z' }),
      startedAt: '2026-11-17T09:59:57Z',
    };
    // 12 s an answer (120 s) claimed for a game that started 60 s before it finished.
    const overrun = {
      ...topicRecord(c, c.topics[2]!, { correct: 8, seconds: 12, finishedAt: '2026-11-17T12:00:00Z' }),
      startedAt: '2026-11-17T11:59:00Z',
    };
    // 30 s an answer, all of them right, in a 2 minute game: the 300 s do not fit either.
    const slowClaim = {
      ...topicRecord(c, c.topics[1]!, { correct: 10, seconds: 30, finishedAt: '2026-11-17T13:00:00Z' }),
      startedAt: '2026-11-17T12:58:00Z',
    };
    const res = await post(cookie, [instant, overrun, slowClaim]);
    expect(res.json().stored).toEqual([instant.id]);
    expect(codes(res)).toEqual([
      [1, 'SECONDS_IMPLAUSIBLE'],
      [2, 'SECONDS_IMPLAUSIBLE'],
    ]);
    const row = await t.database.db
      .selectFrom('learning_records')
      .select(['question_seconds'])
      .where('id', '=', instant.id)
      .executeTakeFirstOrThrow();
    expect(row.question_seconds).toBe(10);
    expect(
      await t.database.db.selectFrom('learning_records').select('id').where('student_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('refuses a treasure before every topic of its chapter is played, and accepts topics, revise and treasure uploaded together', async () => {
    const { id, cookie } = await freshStudent();
    const c = chapters[1]!;
    const early = chapterRecord('treasure', c, { correct: 10, finishedAt: '2026-11-16T10:00:00Z' });
    const partly = [
      topicRecord(c, c.topics[0]!, { correct: 9, seconds: 6, finishedAt: '2026-11-16T11:00:00Z' }),
      chapterRecord('treasure', c, { correct: 10, finishedAt: '2026-11-16T11:30:00Z' }),
    ];
    const first = await post(cookie, [early, ...partly]);
    expect(first.json().stored).toEqual([partly[0]!.id]);
    expect(codes(first)).toEqual([
      [0, 'ACTIVITY_LOCKED'],
      [2, 'ACTIVITY_LOCKED'],
    ]);
    // An offline device: the other topics, the revise and the treasure in one batch; the topic stored
    // earlier counts, and the batch's order does not matter.
    const offline = [
      chapterRecord('treasure', c, { correct: 8, finishedAt: '2026-11-17T10:00:00Z' }),
      topicRecord(c, c.topics[1]!, { correct: 7, seconds: 8, finishedAt: '2026-11-17T09:00:00Z' }),
      topicRecord(c, c.topics[2]!, { correct: 6, seconds: 9, finishedAt: '2026-11-17T09:10:00Z' }),
      chapterRecord('revise', c, { correct: 7, finishedAt: '2026-11-17T09:30:00Z' }),
    ];
    const second = await post(cookie, offline);
    expect(second.json().rejected).toEqual([]);
    expect(second.json().stored).toHaveLength(4);
    const chapterRow = await t.database.db
      .selectFrom('student_chapter_stats')
      .selectAll()
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(chapterRow).toMatchObject({ is_completed: true, treasure_attempts: 1, knowledge_efficiency: 80 });
  });

  it('refuses games beyond 72 finishing within one hour, in this upload or with stored ones, and accepts a backlog of days', async () => {
    const { id, cookie } = await freshStudent();
    const c = chapters[0]!;
    // 73 games of 45 s finishing 45 s apart (55 min in all): the 73rd is more than anyone plays in an hour.
    const hour = Array.from({ length: 73 }, (_, i) =>
      topicRecord(c, c.topics[i % 3]!, {
        correct: 7,
        seconds: 4,
        finishedAt: new Date(Date.parse('2026-11-10T09:00:00Z') + i * 45_000),
      }),
    );
    const dense = await post(cookie, [...hour].reverse());
    expect(dense.json().stored).toHaveLength(72);
    // Refused is the game that finished last, whatever its place in the batch.
    expect(dense.json().rejected).toEqual([
      { index: 0, id: hour[72]!.id, code: 'TOO_MANY_GAMES', message: expect.any(String) },
    ]);
    // One more in the same hour, uploaded later, is refused against the stored ones; an hour on it is not.
    const late = topicRecord(c, c.topics[0]!, { correct: 7, seconds: 4, finishedAt: '2026-11-10T09:30:00Z' });
    const nextHour = topicRecord(c, c.topics[0]!, { correct: 7, seconds: 4, finishedAt: '2026-11-10T10:00:00Z' });
    expect(codes(await post(cookie, [late, nextHour]))).toEqual([[0, 'TOO_MANY_GAMES']]);
    // A device offline for a week: 480 games, one every 20 minutes, in one upload.
    const backlog = Array.from({ length: 480 }, (_, i) =>
      topicRecord(c, c.topics[i % 3]!, {
        correct: 6,
        seconds: 12,
        finishedAt: new Date(Date.parse('2026-11-11T00:00:00Z') + i * 20 * 60_000),
      }),
    );
    const week = await post(cookie, backlog);
    expect(week.json().rejected).toEqual([]);
    expect(week.json().stored).toHaveLength(480);
    const n = await t.database.db
      .selectFrom('learning_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(72 + 1 + 480);
  });

  it('counts two uploads of one student sent at the same moment together: no hour gets more than 72 games', async () => {
    const { id, cookie } = await freshStudent();
    const c = chapters[0]!;
    // Two devices of one student (or a fabricator's two requests), 50 games each in the same 40 minutes.
    const batch = (offsetMs: number) =>
      Array.from({ length: 50 }, (_, i) =>
        topicRecord(c, c.topics[i % 3]!, {
          correct: 7,
          seconds: 4,
          finishedAt: new Date(Date.parse('2026-11-09T09:00:00Z') + offsetMs + i * 48_000),
        }),
      );
    const [a, b] = await Promise.all([post(cookie, batch(0)), post(cookie, batch(24_000))]);
    const answers = [a.json(), b.json()] as { stored: string[]; rejected: { code: string }[] }[];
    expect(answers.flatMap((r) => r.stored)).toHaveLength(72);
    expect(answers.flatMap((r) => r.rejected.map((x) => x.code))).toEqual(Array(28).fill('TOO_MANY_GAMES'));
    const n = await t.database.db
      .selectFrom('learning_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(72);
  });

  it('flags to staff a game far above the student’s usual accuracy at implausible speed', async () => {
    const { id, cookie } = await freshStudent();
    const c = chapters[0]!;
    // History: 6 games of 5/10 at 12 s, 60 answers at 50 %.
    const usual = Array.from({ length: 6 }, (_, i) =>
      topicRecord(c, c.topics[i % 3]!, {
        correct: 5,
        seconds: 12,
        finishedAt: new Date(Date.parse('2026-11-12T09:00:00Z') + i * 3_600_000),
      }),
    );
    expect((await post(cookie, usual)).json().stored).toHaveLength(6);
    // 10/10 at 2 s an answer: 50 points above the usual, faster than R = 5 s a question. 10/10 at 12 s is not flagged.
    const suspicious = topicRecord(c, c.topics[0]!, { correct: 10, seconds: 2, finishedAt: '2026-11-13T09:00:00Z' });
    const steady = topicRecord(c, c.topics[1]!, { correct: 10, seconds: 12, finishedAt: '2026-11-13T10:00:00Z' });
    const res = await post(cookie, [suspicious, steady]);
    expect(res.json().stored).toHaveLength(2);

    const teacher = await createStaff(t.database.db, 'teacher', {
      schoolIds: [schoolId],
      assignments: [{ schoolId, grade: 7 }],
    });
    const url = `/api/v1/students/${id}/dashboard`;
    const staffView = (
      await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: await sessionCookie(t.database.db, teacher, t.now()) },
      })
    ).json();
    expect(staffView.flaggedRecords).toEqual([
      {
        recordId: suspicious.id,
        kind: 'topic',
        playedAt: '2026-11-13T09:00:00.000Z',
        accuracy: 100,
        secondsPerQuestion: 2,
        usualAccuracy: 50,
        historyAnswers: 60,
        flaggedAt: t.now().toISOString(),
      },
    ]);
    // The record counts as any other; the student does not see the flag.
    const ownView = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    expect(ownView).not.toHaveProperty('flaggedRecords');
    expect(ownView.recentlyPlayed[0].activities).toHaveLength(3);
  });

  it('answers another student’s record id as a conflict, never as a duplicate', async () => {
    const a = await freshStudent();
    const b = await freshStudent();
    const c = chapters[0]!;
    const record = topicRecord(c, c.topics[0]!, { correct: 9, seconds: 7, finishedAt: '2026-11-15T10:00:00Z' });
    expect((await post(a.cookie, [record])).json().stored).toEqual([record.id]);
    // B's device made a record with the same id (or copied A's): it is not silently dropped.
    const theirs = topicRecord(c, c.topics[1]!, {
      correct: 3,
      seconds: 20,
      finishedAt: '2026-11-15T11:00:00Z',
      id: record.id.toUpperCase(),
    });
    const res = await post(b.cookie, [theirs]);
    expect(res.json()).toEqual({
      stored: [],
      duplicates: [],
      rejected: [{ index: 0, id: record.id, code: 'ID_CONFLICT', message: expect.any(String) }],
      marked: [],
    });
    // A re-sending its own record is still a duplicate.
    expect((await post(a.cookie, [record])).json()).toMatchObject({
      stored: [],
      duplicates: [record.id],
      rejected: [],
    });
    const rows = await t.database.db
      .selectFrom('learning_records')
      .select(['student_id'])
      .where('id', '=', record.id)
      .execute();
    expect(rows).toEqual([{ student_id: a.id }]);
    expect(b.id).not.toBe(a.id);
  });
});

describe('the record of a finished quiz or test attempt (written by the server)', () => {
  it('adds to the subject’s and the student’s accuracy and time, never to chapter figures; counts a retried finish once; Reindex agrees', async () => {
    const db = t.database.db;
    const pupil = await createStudent(db, { schoolId, boardId, grade: 7 });
    const c0 = chapters[0]!;
    const game = topicRecord(c0, c0.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-18T05:00:00Z' });
    expect((await post(await sessionCookie(db, pupil, t.now()), [game])).json().stored).toEqual([game.id]);
    const rowsOf = async () => ({
      topics: await db.selectFrom('student_topic_stats').selectAll().where('student_id', '=', pupil).execute(),
      chapters: await db.selectFrom('student_chapter_stats').selectAll().where('student_id', '=', pupil).execute(),
      practice: await db
        .selectFrom('student_subject_practice_stats')
        .selectAll()
        .where('student_id', '=', pupil)
        .execute(),
      subjects: await db.selectFrom('student_subject_stats').selectAll().where('student_id', '=', pupil).execute(),
      student: await db.selectFrom('student_stats').selectAll().where('student_id', '=', pupil).execute(),
      days: await db
        .selectFrom('student_daily_stats')
        .selectAll()
        .where('student_id', '=', pupil)
        .orderBy('day')
        .execute(),
    });
    const before = await rowsOf();

    // A test: 3 right, 1 wrong, 1 unanswered (auto-marked), 1 open-ended answer; 40 s an answer counts 30 s.
    const attempt = { studentId: pupil, schoolId, boardId, grade: 7, subjectId: c0.subjectId, kind: 'test' as const };
    const finishedAt = new Date('2026-11-19T06:30:00Z');
    const first = await storeTestAttempt(db, {
      ...attempt,
      finishedAt,
      correct: 3,
      wrong: 1,
      unanswered: 1,
      openEnded: 1,
      seconds: 40,
    });
    const record = await db
      .selectFrom('learning_records')
      .selectAll()
      .where('id', '=', first.recordId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      kind: 'test',
      chapter_id: null,
      topic_id: null,
      attempt_id: first.attemptId,
      question_count: 5,
      answered_count: 4,
      correct_count: 3,
      question_seconds: 150,
      duration_seconds: 150,
      marks: 300,
      learning_currency: null,
      learning_efficiency: null,
      percent: null,
    });
    expect(record.answers).toEqual([
      { q: 1, c: [1], s: 30, ok: true },
      { q: 2, c: [1], s: 30, ok: true },
      { q: 3, c: [1], s: 30, ok: true },
      { q: 4, c: [0], s: 30, ok: false },
      { q: 5, c: null, s: 0, ok: false },
      { q: 6, c: null, s: 30, ok: null },
    ]);
    // A retried finish (the same attempt) gets the same record and counts nothing twice.
    expect(
      (
        await storeTestAttempt(db, {
          ...attempt,
          attemptId: first.attemptId,
          finishedAt,
          correct: 3,
          wrong: 1,
          unanswered: 1,
          openEnded: 1,
          seconds: 40,
        })
      ).recordId,
    ).toBe(first.recordId);

    const after = await rowsOf();
    expect(after.topics).toEqual(before.topics);
    expect(after.chapters).toEqual(before.chapters);
    expect(after.practice).toEqual([
      {
        student_id: pupil,
        subject_id: c0.subjectId,
        school_id: schoolId,
        records: 1,
        answered: 4,
        correct: 3,
        question_seconds: 150,
        time_spent: 150,
        last_played_at: finishedAt,
      },
    ]);
    const [subjectBefore, subjectAfter] = [before.subjects[0]!, after.subjects[0]!];
    expect(subjectAfter).toEqual({
      ...subjectBefore,
      records: subjectBefore.records + 1,
      answered: subjectBefore.answered + 4,
      correct: subjectBefore.correct + 3,
      question_seconds: subjectBefore.question_seconds + 150,
      time_spent: subjectBefore.time_spent + 150,
      // The newest activity is the test: no chapter, no topic.
      last_played_at: finishedAt,
      last_chapter_id: null,
      last_topic_id: null,
    });
    expect(after.student[0]).toEqual({
      ...before.student[0]!,
      records: 2,
      answered: 14,
      correct: 11,
      question_seconds: before.student[0]!.question_seconds + 150,
      time_spent: before.student[0]!.time_spent + 150,
      last_activity_at: finishedAt,
      last_subject_id: c0.subjectId,
      last_chapter_id: null,
      last_topic_id: null,
    });
    expect(
      after.days.map((d) => [
        d.day,
        d.records,
        d.answered,
        d.correct,
        d.time_spent,
        d.learning_currency,
        d.knowledge_currency,
      ]),
    ).toEqual([
      ['2026-11-18', 1, 10, 8, before.days[0]!.time_spent, 87, 0],
      ['2026-11-19', 1, 4, 3, 150, 0, 0],
    ]);
    // Reindex rebuilds the same rows from the records.
    expect(await unsafeRebuildStudent({ database: t.database }, pupil)).toBe(2);
    expect(await rowsOf()).toEqual(after);

    // The xAPI export carries it, with no chapter.
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/students/${pupil}/records`,
      headers: { cookie: await sessionCookie(db, pupil, t.now()) },
    });
    const statement = exported.json().statements[1];
    expect(statement.object.id).toBe(
      `https://knowledge-islands.app/activities/test/science/attempts/${first.attemptId}`,
    );
    expect(statement.object.definition.extensions['https://knowledge-islands.app/xapi/chapter']).toBeNull();
    expect(statement.result.score).toEqual({ raw: 3, min: 0, max: 5, scaled: 0.6 });
  });

  it('is refused by the database for a game without a chapter, and for a second record of one attempt', async () => {
    const db = t.database.db;
    const pupil = await createStudent(db, { schoolId, boardId, grade: 7 });
    const { attemptId, recordId } = await storeTestAttempt(db, {
      studentId: pupil,
      schoolId,
      boardId,
      grade: 7,
      subjectId: chapters[0]!.subjectId,
      finishedAt: new Date('2026-11-19T07:00:00Z'),
      correct: 2,
      seconds: 8,
    });
    const row = await db
      .selectFrom('learning_records')
      .selectAll()
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    const copy = { ...row, answers: JSON.stringify(row.answers), received_at: undefined };
    await expect(
      db
        .insertInto('learning_records')
        .values({ ...copy, id: randomUUID(), kind: 'topic', attempt_id: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('learning_records')
        .values({ ...copy, id: randomUUID(), attempt_id: attemptId })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('learning_records')
        .values({ ...copy, id: randomUUID(), attempt_id: null })
        .execute(),
    ).resolves.toBeDefined();
  });
});

describe('reindex and export', () => {
  it('lets only qa staff in scope reindex, and the rebuild leaves the rollups unchanged', async () => {
    const db = t.database.db;
    const before = await db
      .selectFrom('student_topic_stats')
      .selectAll()
      .where('student_id', '=', student)
      .orderBy('topic_id')
      .execute();
    const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    const qa = await createStaff(db, 'principal', { schoolIds: [schoolId], isQa: true });
    const otherSchool = await createSchool(db, { chainId, boardId });
    const qaElsewhere = await createStaff(db, 'principal', { schoolIds: [otherSchool], isQa: true });
    const url = `/api/v1/students/${student}/reindex`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: studentCookie } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, principal, t.now()) } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qaElsewhere, t.now()) } }))
        .statusCode,
    ).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qa, t.now()) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ studentId: student, records: 3 });
    const after = await db
      .selectFrom('student_topic_stats')
      .selectAll()
      .where('student_id', '=', student)
      .orderBy('topic_id')
      .execute();
    expect(after).toEqual(before);
    // An id nobody has is refused as another school's student is: probing tells no ids apart.
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students/999999/reindex',
      headers: { cookie: await sessionCookie(db, qa, t.now()) },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(
      (
        await t.app.inject({ method: 'POST', url, headers: { cookie: await sessionCookie(db, qaElsewhere, t.now()) } })
      ).json(),
    );
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
    const teacherOfGrade = await createStaff(db, 'teacher', {
      schoolIds: [schoolId],
      assignments: [{ schoolId, grade: 7 }],
    });
    const teacherOfOtherGrade = await createStaff(db, 'teacher', {
      schoolIds: [schoolId],
      assignments: [{ schoolId, grade: 9 }],
    });
    const chainAdmin = await createStaff(db, 'superadmin', { chainId });
    const otherChainAdmin = await createStaff(db, 'superadmin', { chainId: await createChain(db) });
    const status = async (userId: number) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(db, userId, t.now()) } }))
        .statusCode;
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
    const otherPrincipal = await createStaff(db, 'principal', {
      schoolIds: [await createSchool(db, { chainId, boardId })],
    });
    const url = `/api/v1/schools/${schoolId}/records.ndjson`;
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await sessionCookie(db, principal, t.now()) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const total = await db
      .selectFrom('learning_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(total.n));
    expect(lines.every((l) => l.verb.display['en-US'] === 'completed')).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: await sessionCookie(db, otherPrincipal, t.now()) },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: studentCookie } })).statusCode).toBe(403);
  });

  it('names the NDJSON file after today in the school’s time zone, not UTC', async () => {
    const db = t.database.db;
    const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
    const cookie = await sessionCookie(db, principal, t.now());
    const before = t.now();
    try {
      // 20:00 UTC on 20 November is already 21 November in India (UTC+5:30).
      t.setNow('2026-11-20T20:00:00Z');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/schools/${schoolId}/records.ndjson`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="school-${schoolId}-records-2026-11-21.ndjson"`,
      );
    } finally {
      t.setNow(before);
    }
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
