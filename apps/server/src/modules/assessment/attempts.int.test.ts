/**
 * A student's attempts through the real app on a real database (issue #23, "Done when"): marks
 * 300/200/100 by server time, no key before it is final, one submit, no answer after the time is
 * up, nobody else's attempt or class, power-ups once, resume, the home, the join page, practice
 * from the bank, and the housekeeping of attempts nobody came back to. The clock is the test app's,
 * moved forward where time matters.
 */
import type { Attempt, AssessmentHome, JoinInfo } from '@ki/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { addBankQuestions, assignAssessment, createAssessment, MCQ } from '../../test/attempt-factories';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
  type TestChapter,
} from '../../test/factories';
import { fiftyFiftyRemoval } from './attempt-rules';
import { finishOverdueAttempts } from './attempts.service';

let t: TestApp;
const T0 = new Date('2026-11-20T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let boardId: number;
let otherBoardId: number;
let schoolId: number;
let otherSchoolId: number;
let science: { subjectId: number; chapters: TestChapter[] };
/** A subject whose bank has only 3 questions, and one with 6. */
let tiny: { subjectId: number };
let small: { subjectId: number };
let cookies: Record<'asha' | 'kavya' | 'gopal' | 'ravi' | 'bharat' | 'teacher' | 'principal' | 'parent', string>;
let ids: Record<'asha' | 'kavya' | 'gopal' | 'ravi', number>;

async function call(
  who: keyof typeof cookies,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies[who] },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const attemptOf = (res: { json(): unknown }) => res.json() as Attempt;
/** The learning records written for an attempt, and the id the attempt keeps. */
async function recordsOf(attemptId: string) {
  const db = t.database.db;
  const records = await db
    .selectFrom('learning_records')
    .select(['id', 'kind', 'marks', 'question_count', 'answered_count', 'correct_count', 'chapter_id'])
    .where('attempt_id', '=', attemptId)
    .execute();
  const { record_id } = await db
    .selectFrom('assessment_attempts')
    .select('record_id')
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  return { records, recordId: record_id };
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db, 'ATT');
  otherBoardId = await createBoard(db, 'ATO');
  schoolId = await createSchool(db, { boardId, grades: [7, 8], name: 'Attempt School' });
  otherSchoolId = await createSchool(db, { boardId: otherBoardId, grades: [7], name: 'Other School' });
  science = await createCurriculum(db, {
    boardId,
    grade: 7,
    subjectSlug: 'att-science',
    chapters: 2,
    topics: 2,
    questions: 10,
  });
  await createCurriculum(db, {
    boardId: otherBoardId,
    grade: 7,
    subjectSlug: 'att-other',
    chapters: 1,
    topics: 1,
    questions: 10,
  });
  const tinyCur = await createCurriculum(db, {
    boardId,
    grade: 7,
    subjectSlug: 'att-tiny',
    chapters: 1,
    topics: 1,
    questions: 3,
  });
  tiny = { subjectId: tinyCur.subjectId };
  const smallCur = await createCurriculum(db, {
    boardId,
    grade: 7,
    subjectSlug: 'att-small',
    chapters: 1,
    topics: 1,
    questions: 6,
  });
  small = { subjectId: smallCur.subjectId };
  // An open-ended and a draft question in the small bank: neither is drawn for practice.
  await addBankQuestions(db, smallCur.chapters[0]!.topics[0]!.id, [
    { type: 'open_ended', answer: [], content: { en: { text: 'Explain.', options: [], solution: 'Because.' } } },
    {
      type: 'multiple_choice',
      answer: [0],
      content: { en: { text: 'Draft?', options: ['a', 'b'], solution: '' } },
      status: 'draft',
    },
  ]);

  const student = async (firstName: string, grade: number, section = 'A', school = schoolId, board = boardId) => {
    const id = await createStudent(db, { schoolId: school, boardId: board, grade, firstName });
    await db.updateTable('student_enrolments').set({ section }).where('student_id', '=', id).execute();
    return id;
  };
  ids = {
    asha: await student('Asha', 7),
    kavya: await student('Kavya', 7, 'B'),
    gopal: await student('Gopal', 8),
    ravi: await student('Ravi', 7),
  };
  const bharat = await student('Bharat', 7, 'A', otherSchoolId, otherBoardId);
  const teacher = await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
  const principal = await createStaff(db, 'principal', { schoolIds: [schoolId] });
  const parent = await createUser(db, 'parent', { firstName: 'Priya' });
  await linkParent(db, parent, ids.asha);
  const cookie = (id: number) => sessionCookie(db, id, t.now());
  cookies = {
    asha: await cookie(ids.asha),
    kavya: await cookie(ids.kavya),
    gopal: await cookie(ids.gopal),
    ravi: await cookie(ids.ravi),
    bharat: await cookie(bharat),
    teacher: await cookie(teacher),
    principal: await cookie(principal),
    parent: await cookie(parent),
  };
});
afterAll(() => t.close());

/** Every attempt of the test's students is aborted, and the clock back at T0, before each test. */
beforeEach(async () => {
  t.setNow(T0);
  await t.database.db
    .updateTable('assessment_attempts')
    .set({ finished_at: T0, finish_reason: 'aborted' })
    .where('finished_at', 'is', null)
    .execute();
});

async function startPractice(who: keyof typeof cookies, kind: 'quiz' | 'test', subjectId = science.subjectId) {
  const res = await call(who, 'POST', '/assessment/practice', { kind, subjectId });
  expect(res.statusCode, res.body).toBe(201);
  return attemptOf(res);
}

/** The bank's key of a practice question (every generated bank question's right option is 1). */
const RIGHT = [1];
const WRONG = [0];

describe('practice quiz: marks by server time, the key only once answered', () => {
  it('draws 10 questions, hides the text of unviewed questions and every key', async () => {
    const a = await startPractice('asha', 'quiz');
    expect(a).toMatchObject({
      kind: 'quiz',
      mode: 'practice',
      questionCount: 10,
      finishedAt: null,
      serverNow: T0.toISOString(),
    });
    expect(a.subject.slug).toBe('att-science');
    expect(a.name).toBe('att-science');
    expect(Date.parse(a.deadlineAt) - Date.parse(a.startedAt)).toBe(5 * 60_000);
    expect(a.maxMarks).toBe(3000);
    expect(
      a.questions.every(
        (q) => q.status === 'not_visited' && q.text === '' && q.options.length === 0 && q.result === null,
      ),
    ).toBe(true);
    expect(new Set(a.questions.map((q) => q.position))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
  });

  it('300 within 10 s, 200 within 20 s, 100 later, 0 wrong, after the 1 s network allowance', async () => {
    const a = await startPractice('asha', 'quiz');
    const answerAfter = async (position: number, seconds: number, chosen: number[]) => {
      const start = t.now();
      const viewed = attemptOf(await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/${position}/view`));
      expect(viewed.questions[position - 1]!.text).toMatch(/^Question/);
      expect(viewed.questions[position - 1]!.options).toEqual(['a', 'b', 'c', 'd']);
      expect(viewed.questions[position - 1]!.result).toBeNull();
      t.setNow(new Date(start.getTime() + seconds * 1000));
      const res = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/${position}/answer`, { chosen });
      expect(res.statusCode, res.body).toBe(200);
      return attemptOf(res).questions[position - 1]!.result!;
    };
    // 11 s on the server's clock is 10 s after the allowance: still 300.
    expect(await answerAfter(1, 11, RIGHT)).toMatchObject({
      marks: 300,
      correct: true,
      seconds: 10,
      answer: RIGHT,
      maxMarks: 300,
    });
    expect(await answerAfter(2, 11.5, RIGHT)).toMatchObject({ marks: 200, seconds: 10.5 });
    expect(await answerAfter(3, 21, RIGHT)).toMatchObject({ marks: 200, seconds: 20 });
    expect(await answerAfter(4, 21.5, RIGHT)).toMatchObject({ marks: 100 });
    expect(await answerAfter(5, 2, WRONG)).toMatchObject({ marks: 0, correct: false, answer: RIGHT });
    expect((await answerAfter(6, 0.4, RIGHT)).seconds).toBe(0);

    const after = attemptOf(await call('asha', 'GET', `/assessment/attempts/${a.id}`));
    expect(after.questions.slice(6).every((q) => q.result === null)).toBe(true);
    expect(after.marks).toBeNull();

    const finished = attemptOf(
      await call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'submitted' }),
    );
    expect(finished).toMatchObject({ finishReason: 'submitted', marks: 300 + 200 + 200 + 100 + 0 + 300 });
    // Once finished, every key is there; unanswered questions count 0.
    expect(finished.questions.every((q) => q.result !== null && q.text !== '')).toBe(true);
    expect(finished.questions[9]!.result).toMatchObject({ marks: 0, seconds: null, correct: null });
    expect((await recordsOf(a.id)).records).toMatchObject([
      { kind: 'quiz', marks: 1100, question_count: 10, answered_count: 6, correct_count: 5 },
    ]);
  });

  it('a quiz answer is final (ANSWER_FINAL), and a question must be viewed before it is answered', async () => {
    const a = await startPractice('asha', 'quiz');
    const blind = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/2/answer`, { chosen: RIGHT });
    expect(blind.statusCode).toBe(409);
    expect(blind.json().code).toBe('CONFLICT');
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/1/view`);
    expect(
      (await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: WRONG })).statusCode,
    ).toBe(200);
    const again = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: RIGHT });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ANSWER_FINAL');
    const stored = await t.database.db
      .selectFrom('attempt_answers')
      .select(['chosen', 'marks'])
      .where('attempt_id', '=', a.id)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ chosen: WRONG, marks: 0 });
  });

  it('a second view does not restart the clock', async () => {
    const a = await startPractice('asha', 'quiz');
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/1/view`);
    t.setNow(at(30));
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/1/view`);
    t.setNow(at(31));
    const res = attemptOf(
      await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: RIGHT }),
    );
    expect(res.questions[0]!.result).toMatchObject({ marks: 100, seconds: 30 });
  });
});

describe('practice test: no key in any answer before the test is submitted', () => {
  it('answers may change and be cleared; keys, marks and solutions appear only after finishing; finishing twice is refused', async () => {
    const a = await startPractice('asha', 'test');
    expect(a).toMatchObject({ kind: 'test', questionCount: 20, maxMarks: 2000 });
    expect(Date.parse(a.deadlineAt) - Date.parse(a.startedAt)).toBe(20 * 60_000);
    // A test's questions are all there at once (its time is the attempt's, not each question's).
    expect(a.questions.every((q) => q.text !== '' && q.options.length === 4)).toBe(true);
    const bodies: string[] = [];
    const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown) => {
      const res = await call('asha', method, `/assessment/attempts/${a.id}${url}`, payload);
      expect(res.statusCode, res.body).toBe(200);
      bodies.push(res.body);
      return attemptOf(res);
    };
    await send('POST', '/questions/1/view');
    await send('PUT', '/questions/1/answer', { chosen: WRONG });
    let now = await send('PUT', '/questions/1/answer', { chosen: RIGHT });
    expect(now.questions[0]).toMatchObject({ chosen: RIGHT, status: 'answered', result: null });
    // Answering a question never viewed serves it then.
    now = await send('PUT', '/questions/2/answer', { chosen: RIGHT });
    expect(now.questions[1]!.status).toBe('answered');
    await send('PUT', '/questions/3/answer', { chosen: WRONG });
    now = await send('PUT', '/questions/3/answer', { chosen: null });
    expect(now.questions[2]).toMatchObject({ status: 'unanswered', chosen: null });
    await send('PATCH', '/questions/4', { review: true, bookmarked: true });
    now = await send('GET', '');
    expect(now.questions[3]).toMatchObject({ status: 'not_visited', bookmarked: true });
    await send('POST', '/questions/4/view');
    now = await send('GET', '');
    expect(now.questions[3]!.status).toBe('review');
    for (const body of bodies) {
      const parsed = JSON.parse(body) as Attempt;
      expect(parsed.questions.every((q) => q.result === null)).toBe(true);
      expect(body).not.toMatch(/"solution"|"answer"/);
      expect(parsed.marks).toBeNull();
    }

    const finished = attemptOf(
      await call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'submitted' }),
    );
    expect(finished).toMatchObject({ finishReason: 'submitted', marks: 200, finishedAt: T0.toISOString() });
    expect(finished.questions[0]!.result).toMatchObject({
      answer: RIGHT,
      correct: true,
      marks: 100,
      maxMarks: 100,
      solution: 'b',
    });
    expect(finished.questions[2]!.result).toMatchObject({ marks: 0, correct: null });
    // One learning record of kind test, no chapter, the attempt's marks; accuracy over the 20 questions.
    const { records, recordId } = await recordsOf(a.id);
    expect(records).toEqual([
      {
        id: recordId,
        kind: 'test',
        marks: 200,
        question_count: 20,
        answered_count: 2,
        correct_count: 2,
        chapter_id: null,
      },
    ]);

    const twice = await call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'submitted' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ATTEMPT_FINISHED');
    for (const [method, url, payload] of [
      ['PUT', '/questions/5/answer', { chosen: RIGHT }],
      ['POST', '/questions/5/view', undefined],
      ['PATCH', '/questions/5', { review: true }],
      ['POST', '/power-ups', { powerUp: 'timer', position: 5 }],
    ] as const) {
      const res = await call('asha', method, `/assessment/attempts/${a.id}${url}`, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code).toBe('ATTEMPT_FINISHED');
    }
  });

  it('two submits at the same moment finish the attempt once', async () => {
    const a = await startPractice('asha', 'test');
    await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: RIGHT });
    const results = await Promise.all(
      [1, 2, 3].map(() => call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'submitted' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const row = await t.database.db
      .selectFrom('assessment_attempts')
      .select(['marks', 'finish_reason'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ marks: 100, finish_reason: 'submitted' });
    expect((await recordsOf(a.id)).records).toHaveLength(1);
  });

  it('two starts at once open one attempt; two answers to one quiz question at once keep the first', async () => {
    const starts = await Promise.all(
      [1, 2].map(() => call('ravi', 'POST', '/assessment/practice', { kind: 'quiz', subjectId: science.subjectId })),
    );
    expect(starts.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const open = attemptOf(starts.find((r) => r.statusCode === 201)!);
    expect(starts.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      code: 'ATTEMPT_OPEN',
      details: { attemptId: open.id },
    });
    await call('ravi', 'POST', `/assessment/attempts/${open.id}/questions/1/view`);
    const answers = await Promise.all(
      [RIGHT, WRONG].map((chosen) =>
        call('ravi', 'PUT', `/assessment/attempts/${open.id}/questions/1/answer`, { chosen }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = attemptOf(answers.find((r) => r.statusCode === 200)!).questions[0]!.chosen;
    expect(attemptOf(await call('ravi', 'GET', `/assessment/attempts/${open.id}`)).questions[0]!.chosen).toEqual(kept);
  });

  it('left full screen finishes the test like a submit; an aborted attempt keeps no marks', async () => {
    const a = await startPractice('asha', 'test');
    await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: RIGHT });
    const left = attemptOf(
      await call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'left_full_screen' }),
    );
    expect(left).toMatchObject({ finishReason: 'left_full_screen', marks: 100 });
    const b = await startPractice('asha', 'test');
    await call('asha', 'PUT', `/assessment/attempts/${b.id}/questions/1/answer`, { chosen: RIGHT });
    const aborted = attemptOf(await call('asha', 'POST', `/assessment/attempts/${b.id}/finish`, { reason: 'aborted' }));
    expect(aborted).toMatchObject({ finishReason: 'aborted', marks: null });
    expect(await recordsOf(b.id)).toEqual({ records: [], recordId: null });
    expect((await recordsOf(left.id)).records).toMatchObject([{ kind: 'test', marks: 100 }]);
  });
});

describe('the deadline', () => {
  it('an answer within the 3 s grace counts; a later one is refused with TIME_UP and the attempt is finished as time_up', async () => {
    const a = await startPractice('asha', 'test');
    const deadline = Date.parse(a.deadlineAt);
    t.setNow(new Date(deadline + 3000));
    expect(
      (await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: RIGHT })).statusCode,
    ).toBe(200);
    t.setNow(new Date(deadline + 3001));
    const late = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: WRONG });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TIME_UP', details: { attemptId: a.id } });
    // The refusal committed the finish: the answer that arrived in time stands, the late one not.
    const read = attemptOf(await call('asha', 'GET', `/assessment/attempts/${a.id}`));
    expect(read).toMatchObject({
      finishReason: 'time_up',
      marks: 100,
      finishedAt: new Date(deadline + 3000).toISOString(),
    });
    expect(read.questions[0]).toMatchObject({ chosen: RIGHT });
    const again = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: WRONG });
    expect(again.json().code).toBe('ATTEMPT_FINISHED');
  });

  it('reading an attempt whose time is up finishes it at its deadline; a submit after the time shows it finished as time_up', async () => {
    const a = await startPractice('asha', 'quiz');
    t.setNow(new Date(Date.parse(a.deadlineAt) + 60_000));
    const read = attemptOf(await call('asha', 'GET', `/assessment/attempts/${a.id}`));
    expect(read).toMatchObject({ finishReason: 'time_up', finishedAt: a.deadlineAt, marks: 0 });
    expect(read.questions.every((q) => q.result !== null)).toBe(true);

    t.setNow(T0);
    const b = await startPractice('asha', 'quiz');
    t.setNow(new Date(Date.parse(b.deadlineAt) + 10_000));
    const submit = await call('asha', 'POST', `/assessment/attempts/${b.id}/finish`, { reason: 'submitted' });
    expect(submit.statusCode).toBe(200);
    expect(attemptOf(submit).finishReason).toBe('time_up');
  });

  it('the housekeeping finishes attempts nobody came back to, once', async () => {
    const a = await startPractice('asha', 'test');
    const r = await startPractice('ravi', 'quiz');
    const later = new Date(Date.parse(a.deadlineAt) + 3_600_000);
    const deps = { database: t.database, clock: () => t.now() };
    expect(await finishOverdueAttempts(deps, new Date(Date.parse(r.deadlineAt) + 3001))).toBe(1);
    expect(await finishOverdueAttempts(deps, later)).toBe(1);
    expect(await finishOverdueAttempts(deps, later)).toBe(0);
    const rows = await t.database.db
      .selectFrom('assessment_attempts')
      .select(['id', 'finish_reason', 'finished_at'])
      .where('id', 'in', [a.id, r.id])
      .execute();
    expect(rows.map((x) => [x.id, x.finish_reason, new Date(x.finished_at!).toISOString()]).sort()).toEqual(
      [
        [a.id, 'time_up', a.deadlineAt],
        [r.id, 'time_up', r.deadlineAt],
      ].sort(),
    );
    for (const id of [a.id, r.id]) expect((await recordsOf(id)).records).toHaveLength(1);
  });

  it('the home finishes the student’s attempt whose time is up, so a new one can start', async () => {
    const a = await startPractice('asha', 'quiz');
    t.setNow(new Date(Date.parse(a.deadlineAt) + 5000));
    const home = (await call('asha', 'GET', '/assessment/home')).json() as AssessmentHome;
    expect(home.openAttempt).toBeNull();
    expect(home.recent.find((r) => r.id === a.id)).toMatchObject({
      id: a.id,
      mode: 'practice',
      kind: 'quiz',
      maxMarks: 3000,
      marks: 0,
    });
    await startPractice('asha', 'quiz');
  });
});

describe('power-ups, each once per attempt', () => {
  it('50-50 takes away two wrong options the server chose, once; Timer takes 10 s off the current quiz question, once', async () => {
    const a = await startPractice('asha', 'quiz');
    const res = await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, {
      powerUp: 'fifty_fifty',
      position: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const removed = attemptOf(res).questions[1]!.removedOptions;
    expect(removed).toEqual(fiftyFiftyRemoval(a.id, { position: 2, options: ['a', 'b', 'c', 'd'], answer: RIGHT }));
    expect(removed).toHaveLength(2);
    expect(removed).not.toContain(1);
    expect(attemptOf(res).powerUps.fiftyFifty.usedOn).toBe(2);
    // 50-50 shows the question: its clock runs.
    expect(attemptOf(res).questions[1]!.status).toBe('unanswered');
    const again = await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, {
      powerUp: 'fifty_fifty',
      position: 3,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('POWER_UP_USED');
    const removedChoice = await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/2/answer`, {
      chosen: [removed[0]],
    });
    expect(removedChoice.statusCode).toBe(400);

    // Timer: not on a question not being answered.
    const unviewed = await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, {
      powerUp: 'timer',
      position: 5,
    });
    expect(unviewed.json().code).toBe('POWER_UP_NOT_APPLICABLE');
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/5/view`);
    t.setNow(at(15));
    expect(
      (await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, { powerUp: 'timer', position: 5 }))
        .statusCode,
    ).toBe(200);
    t.setNow(at(21));
    const answered = attemptOf(
      await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/5/answer`, { chosen: RIGHT }),
    );
    // 21 s - 1 s allowance - 10 s Timer = 10 s: 300 instead of 100.
    expect(answered.questions[4]!.result).toMatchObject({ seconds: 10, marks: 300 });
    const timerAgain = await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, {
      powerUp: 'timer',
      position: 6,
    });
    expect(timerAgain.json().code).toBe('POWER_UP_USED');
  });

  it('Timer adds 60 s to a test’s deadline; 50-50 is not for true/false, open-ended or answered questions', async () => {
    const now = t.now();
    const { id: quizId } = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'test',
      questions: [
        { type: 'true_false', answer: [0] },
        { type: 'open_ended' },
        MCQ,
        { type: 'multiple_choice', options: ['p', 'q', 'r'], answer: [2] },
        MCQ,
      ],
      now,
    });
    const g = await assignAssessment(t.database.db, {
      assessmentId: quizId,
      schoolId,
      grade: 7,
      opensAt: at(-60),
      closesAt: at(86_400),
      now,
    });
    const a = attemptOf(await call('asha', 'POST', `/assessment/assignments/${g}/attempt`));
    for (const position of [1, 2]) {
      const res = await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, {
        powerUp: 'fifty_fifty',
        position,
      });
      expect(res.json().code, `position ${position}`).toBe('POWER_UP_NOT_APPLICABLE');
    }
    await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/3/answer`, { chosen: [1] });
    expect(
      (
        await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, { powerUp: 'fifty_fifty', position: 3 })
      ).json().code,
    ).toBe('POWER_UP_NOT_APPLICABLE');
    // Three options, one right: two wrong ones, both taken.
    const fifty = attemptOf(
      await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, { powerUp: 'fifty_fifty', position: 4 }),
    );
    expect(fifty.questions[3]!.removedOptions).toEqual([0, 1]);
    const timer = attemptOf(
      await call('asha', 'POST', `/assessment/attempts/${a.id}/power-ups`, { powerUp: 'timer', position: 1 }),
    );
    expect(Date.parse(timer.deadlineAt) - Date.parse(a.deadlineAt)).toBe(60_000);
    expect(timer.powerUps).toEqual({ timer: { usedOn: 1 }, fiftyFifty: { usedOn: 4 } });
  });
});

describe('assigned quizzes and tests', () => {
  let quiz: { id: number };
  let assignment: number;
  beforeAll(async () => {
    const now = t.now();
    quiz = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      name: 'Light and shadow',
      durationMinutes: 30,
      questions: [
        MCQ,
        { type: 'multiple_select', answer: [0, 2] },
        { type: 'fill_blank', options: ['sun', 'moon'], answer: [0] },
        { type: 'open_ended' },
      ],
      now,
    });
    // For section A of grade 7, open now, closing in 20 minutes (before the 30 minutes are up).
    assignment = await assignAssessment(t.database.db, {
      assessmentId: quiz.id,
      schoolId,
      grade: 7,
      section: 'A',
      opensAt: at(-600),
      closesAt: at(1200),
      now,
    });
  });

  it('starts with the teacher’s questions frozen, the deadline at the closing time, and resumes the same attempt', async () => {
    const res = await call('asha', 'POST', `/assessment/assignments/${assignment}/attempt`);
    expect(res.statusCode, res.body).toBe(201);
    const a = attemptOf(res);
    expect(a).toMatchObject({
      mode: 'assigned',
      kind: 'quiz',
      name: 'Light and shadow',
      questionCount: 4,
      deadlineAt: at(1200).toISOString(),
      maxMarks: 300 * 3 + 200,
    });
    // A later edit of the quiz does not change the attempt.
    await t.database.db
      .updateTable('assessment_questions')
      .set({ text: 'Edited' })
      .where('assessment_id', '=', quiz.id)
      .execute();
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/1/view`);
    t.setNow(at(4));
    await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: [1] });
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/2/view`);
    await call('asha', 'PATCH', `/assessment/attempts/${a.id}/questions/2`, { bookmarked: true });
    const last = attemptOf(
      await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/2/answer`, { chosen: [2, 0] }),
    );
    expect(last.questions[1]!.result).toMatchObject({ correct: true, marks: 300 });
    expect(last.questions[0]!.text).toBe('Question 1 ?');

    // Resume, on another device: the same state, whether by the assignment or by the attempt.
    t.setNow(at(40));
    const resumed = await call('asha', 'POST', `/assessment/assignments/${assignment}/attempt`);
    expect(resumed.statusCode).toBe(200);
    const read = attemptOf(await call('asha', 'GET', `/assessment/attempts/${a.id}`));
    const { serverNow: _a, ...lastState } = last;
    const { serverNow: nowResumed, ...resumedState } = attemptOf(resumed);
    const { serverNow: _c, ...readState } = read;
    expect(resumedState).toEqual(lastState);
    expect(readState).toEqual(lastState);
    expect(nowResumed).toBe(at(40).toISOString());

    // The open-ended answer: final once given, waiting for a teacher.
    await call('asha', 'POST', `/assessment/attempts/${a.id}/questions/4/view`);
    const words = attemptOf(
      await call('asha', 'PUT', `/assessment/attempts/${a.id}/questions/4/answer`, {
        textAnswer: 'Light travels in straight lines.',
      }),
    );
    expect(words.questions[3]!.result).toMatchObject({ marks: null, maxMarks: 200, correct: null });
    const done = attemptOf(await call('asha', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'submitted' }));
    expect(done).toMatchObject({ marks: 600, awaitingMarking: 1 });
    const home = (await call('asha', 'GET', '/assessment/home')).json() as AssessmentHome;
    expect(home.assigned.find((g) => g.assignmentId === assignment)).toMatchObject({
      state: 'finished',
      attemptId: a.id,
      questionCount: 4,
    });
    expect(home.recent.find((r) => r.id === a.id)).toMatchObject({
      id: a.id,
      name: 'Light and shadow',
      mode: 'assigned',
      awaitingMarking: 1,
      marks: 600,
    });
    // Finished: the assignment answers the result, and cannot be started again.
    const again = await call('asha', 'POST', `/assessment/assignments/${assignment}/attempt`);
    expect(again.statusCode).toBe(200);
    expect(attemptOf(again).id).toBe(a.id);
  });

  it('another section, grade, school or board does not find the assignment (404, as an unknown id)', async () => {
    for (const who of ['kavya', 'gopal', 'bharat'] as const) {
      const res = await call(who, 'POST', `/assessment/assignments/${assignment}/attempt`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('Light and shadow');
    }
    const unknown = await call('asha', 'POST', '/assessment/assignments/987654/attempt');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      (await call('kavya', 'POST', `/assessment/assignments/${assignment}/attempt`)).json().message,
    );
  });

  it('is refused before it opens and after it closes (ASSIGNMENT_NOT_OPEN); a draft or deleted quiz is not found', async () => {
    const now = t.now();
    const another = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    const later = await assignAssessment(t.database.db, {
      assessmentId: another.id,
      schoolId,
      grade: 7,
      opensAt: at(3600),
      closesAt: at(7200),
      now,
    });
    const early = await call('ravi', 'POST', `/assessment/assignments/${later}/attempt`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'ASSIGNMENT_NOT_OPEN', details: { opensAt: at(3600).toISOString() } });
    t.setNow(at(7200));
    expect((await call('ravi', 'POST', `/assessment/assignments/${later}/attempt`)).json().code).toBe(
      'ASSIGNMENT_NOT_OPEN',
    );
    t.setNow(T0);
    const draft = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      status: 'draft',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    const draftAssignment = await assignAssessment(t.database.db, {
      assessmentId: draft.id,
      schoolId,
      grade: 7,
      opensAt: at(-60),
      closesAt: at(600),
      now,
    });
    expect((await call('ravi', 'POST', `/assessment/assignments/${draftAssignment}/attempt`)).statusCode).toBe(404);
    const deleted = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    const deletedAssignment = await assignAssessment(t.database.db, {
      assessmentId: deleted.id,
      schoolId,
      grade: 7,
      opensAt: at(-60),
      closesAt: at(600),
      now,
    });
    await t.database.db.updateTable('assessments').set({ deleted_at: now }).where('id', '=', deleted.id).execute();
    expect((await call('ravi', 'POST', `/assessment/assignments/${deletedAssignment}/attempt`)).statusCode).toBe(404);
  });

  it('one open attempt: starting another answers ATTEMPT_OPEN naming it', async () => {
    const open = await startPractice('ravi', 'quiz');
    const res = await call('ravi', 'POST', `/assessment/assignments/${assignment}/attempt`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ATTEMPT_OPEN', details: { attemptId: open.id } });
    const practice = await call('ravi', 'POST', '/assessment/practice', { kind: 'test', subjectId: science.subjectId });
    expect(practice.json()).toMatchObject({ code: 'ATTEMPT_OPEN', details: { attemptId: open.id } });
  });

  it('the join page: the quiz and its assignment to the student’s class, null for another section; not found elsewhere', async () => {
    const join = (await call('asha', 'GET', `/assessment/join/${quiz.id}`)).json() as JoinInfo;
    expect(join).toMatchObject({
      assessmentId: quiz.id,
      kind: 'quiz',
      name: 'Light and shadow',
      questionCount: 4,
      durationMinutes: 30,
      subjectName: 'att-science',
    });
    expect(join.assignment).toMatchObject({ assignmentId: assignment });
    const kavya = (await call('kavya', 'GET', `/assessment/join/${quiz.id}`)).json() as JoinInfo;
    expect(kavya.assignment).toBeNull();
    for (const who of ['gopal', 'bharat'] as const)
      expect((await call(who, 'GET', `/assessment/join/${quiz.id}`)).statusCode, who).toBe(404);
    expect((await call('asha', 'GET', '/assessment/join/987654')).statusCode).toBe(404);
  });

  it('a start while the teacher’s edit holds the quiz waits for it and freezes the edited questions', async () => {
    const now = t.now();
    const edited = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      name: 'Edited while starting',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    const editedAssignment = await assignAssessment(t.database.db, {
      assessmentId: edited.id,
      schoolId,
      grade: 7,
      section: 'A',
      opensAt: at(-600),
      closesAt: at(600),
      now,
    });
    // The teacher's save, as authoring does it: the quiz's row locked for update, then its questions
    // rewritten. The student's start comes in meanwhile and must not freeze the old questions.
    let start: ReturnType<typeof call> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('assessments').select('id').where('id', '=', edited.id).forUpdate().execute();
      start = call('ravi', 'POST', `/assessment/assignments/${editedAssignment}/attempt`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await trx
        .updateTable('assessment_questions')
        .set({ text: 'Saved by the teacher' })
        .where('assessment_id', '=', edited.id)
        .execute();
    });
    const res = await start!;
    expect(res.statusCode, res.body).toBe(201);
    const frozen = await t.database.db
      .selectFrom('attempt_answers')
      .select('text')
      .where('attempt_id', '=', attemptOf(res).id)
      .execute();
    expect(frozen.map((a) => a.text)).toEqual(Array(4).fill('Saved by the teacher'));
  });
});

describe('nobody else’s attempt', () => {
  it('another student gets 404 on every attempt route; staff and parents 403; nothing is written', async () => {
    const a = await startPractice('asha', 'test');
    const before = await t.database.db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('attempt_id', '=', a.id)
      .orderBy('position')
      .execute();
    const routes = [
      ['GET', '', undefined],
      ['POST', '/questions/1/view', undefined],
      ['PUT', '/questions/1/answer', { chosen: RIGHT }],
      ['PATCH', '/questions/1', { review: true }],
      ['POST', '/power-ups', { powerUp: 'timer', position: 1 }],
      ['POST', '/finish', { reason: 'aborted' }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const other = await call('ravi', method, `/assessment/attempts/${a.id}${url}`, payload);
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(other.body).not.toContain('Question');
      for (const who of ['teacher', 'principal', 'parent'] as const)
        expect(
          (await call(who, method, `/assessment/attempts/${a.id}${url}`, payload)).statusCode,
          `${who} ${method} ${url}`,
        ).toBe(403);
    }
    const after = await t.database.db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('attempt_id', '=', a.id)
      .orderBy('position')
      .execute();
    expect(after).toEqual(before);
    expect(attemptOf(await call('asha', 'GET', `/assessment/attempts/${a.id}`)).finishedAt).toBeNull();
  });
});

describe('practice from the bank', () => {
  it('takes what a short bank has (at least 4), refuses below that, and never draws open-ended or unpublished questions', async () => {
    const tinyRes = await call('asha', 'POST', '/assessment/practice', { kind: 'quiz', subjectId: tiny.subjectId });
    expect(tinyRes.statusCode).toBe(409);
    expect(tinyRes.json()).toMatchObject({ code: 'NO_QUESTION_BANK', details: { available: 3 } });
    const a = await startPractice('asha', 'test', small.subjectId);
    expect(a.questionCount).toBe(6);
    expect(a.questions.every((q) => q.type === 'multiple_choice' && q.text.startsWith('Question'))).toBe(true);
    // 6 of 20 questions: 6 of the 20 minutes.
    expect(Date.parse(a.deadlineAt) - Date.parse(a.startedAt)).toBe(6 * 60_000);
  });

  it('another board’s subject is not found; questions come in the student’s language, English where there is none', async () => {
    const other = await t.database.db
      .selectFrom('subjects')
      .select('id')
      .where('slug', '=', 'att-other')
      .executeTakeFirstOrThrow();
    expect((await call('asha', 'POST', '/assessment/practice', { kind: 'quiz', subjectId: other.id })).statusCode).toBe(
      404,
    );
    const cur = await createCurriculum(t.database.db, {
      boardId,
      grade: 7,
      subjectSlug: 'att-hindi',
      chapters: 1,
      topics: 1,
      questions: 1,
    });
    await addBankQuestions(t.database.db, cur.chapters[0]!.topics[0]!.id, [
      ...Array.from({ length: 3 }, (_, i) => ({
        type: 'multiple_choice' as const,
        answer: [0],
        content: {
          en: { text: `English ${i}`, options: ['a', 'b'], solution: 's' },
          hi: { text: `हिंदी ${i}`, options: ['क', 'ख'], solution: 'स' },
        },
      })),
      {
        type: 'true_false',
        answer: [1],
        content: { en: { text: 'Only English', options: ['True', 'False'], solution: 's' } },
      },
    ]);
    await t.database.db.updateTable('users').set({ language: 'hi' }).where('id', '=', ids.ravi).execute();
    const a = await startPractice('ravi', 'test', cur.subjectId);
    expect(a.questions.map((q) => q.text).sort()).toEqual([
      'Only English',
      'Question 1?',
      'हिंदी 0',
      'हिंदी 1',
      'हिंदी 2',
    ]);
    await t.database.db.updateTable('users').set({ language: null }).where('id', '=', ids.ravi).execute();
  });
});

describe('the quizzes home', () => {
  it('lists the student’s subjects with their bank sizes, the class’s assignments with their states and the open attempt', async () => {
    const now = t.now();
    const q = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'test',
      name: 'Opens later',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    await assignAssessment(t.database.db, {
      assessmentId: q.id,
      schoolId,
      grade: 7,
      opensAt: at(3600),
      closesAt: at(7200),
      now,
    });
    const closed = await createAssessment(t.database.db, {
      schoolId,
      boardId,
      grade: 7,
      subjectId: science.subjectId,
      kind: 'quiz',
      name: 'Closed yesterday',
      questions: [MCQ, MCQ, MCQ, MCQ],
      now,
    });
    await assignAssessment(t.database.db, {
      assessmentId: closed.id,
      schoolId,
      grade: 7,
      opensAt: at(-172_800),
      closesAt: at(-86_400),
      now,
    });
    const open = await startPractice('ravi', 'quiz');
    const home = (await call('ravi', 'GET', '/assessment/home')).json() as AssessmentHome;
    const bank = Object.fromEntries(home.subjects.map((s) => [s.slug, s.quizQuestions]));
    expect(bank).toMatchObject({ 'att-science': 40, 'att-tiny': 3, 'att-small': 6 });
    expect(bank['att-other']).toBeUndefined();
    expect(home.openAttempt).toEqual({
      id: open.id,
      name: 'att-science',
      kind: 'quiz',
      mode: 'practice',
      deadlineAt: open.deadlineAt,
    });
    const states = Object.fromEntries(home.assigned.map((g) => [g.name, g.state]));
    expect(states).toMatchObject({
      'Opens later': 'not_open',
      'Closed yesterday': 'closed',
      'Light and shadow': 'open',
    });
    // Gopal's grade 8 has none: 'no quizzes assigned'.
    const gopal = (await call('gopal', 'GET', '/assessment/home')).json() as AssessmentHome;
    expect(gopal.assigned).toEqual([]);
  });
});

describe('hostile input on the attempt routes', () => {
  it('answers 4xx, never 5xx, and writes nothing', async () => {
    const a = await startPractice('asha', 'test');
    const before = await t.database.db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('attempt_id', '=', a.id)
      .orderBy('position')
      .execute();
    const cases: [string, 'GET' | 'POST' | 'PUT' | 'PATCH', string, unknown, number][] = [
      ['bad uuid', 'GET', '/assessment/attempts/not-a-uuid', undefined, 400],
      ['sql in the id', 'GET', `/assessment/attempts/${encodeURIComponent("' or 1=1 --")}`, undefined, 400],
      ['position 0', 'POST', `/assessment/attempts/${a.id}/questions/0/view`, undefined, 400],
      ['position 101', 'POST', `/assessment/attempts/${a.id}/questions/101/view`, undefined, 400],
      [
        'position past the last question',
        'PUT',
        `/assessment/attempts/${a.id}/questions/21/answer`,
        { chosen: [1] },
        404,
      ],
      ['position not a number', 'PUT', `/assessment/attempts/${a.id}/questions/x/answer`, { chosen: [1] }, 400],
      ['option out of range', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: [4] }, 400],
      ['option beyond the contract', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: [9] }, 400],
      ['negative option', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: [-1] }, 400],
      [
        'two options on a single choice',
        'PUT',
        `/assessment/attempts/${a.id}/questions/1/answer`,
        { chosen: [0, 1] },
        400,
      ],
      ['an option twice', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: [1, 1] }, 400],
      [
        'text on a choice question',
        'PUT',
        `/assessment/attempts/${a.id}/questions/1/answer`,
        { chosen: null, textAnswer: 'b' },
        400,
      ],
      [
        'oversized text',
        'PUT',
        `/assessment/attempts/${a.id}/questions/1/answer`,
        { textAnswer: 'x'.repeat(5001) },
        400,
      ],
      ['NUL in text', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { textAnswer: 'a\u0000b' }, 400],
      ['chosen as a string', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: '1' }, 400],
      ['chosen as an object', 'PUT', `/assessment/attempts/${a.id}/questions/1/answer`, { chosen: { 0: 1 } }, 400],
      ['review as a string', 'PATCH', `/assessment/attempts/${a.id}/questions/1`, { review: 'yes' }, 400],
      ['unknown power-up', 'POST', `/assessment/attempts/${a.id}/power-ups`, { powerUp: 'freeze', position: 1 }, 400],
      [
        'power-up past the last question',
        'POST',
        `/assessment/attempts/${a.id}/power-ups`,
        { powerUp: 'timer', position: 50 },
        404,
      ],
      ['finish as time_up', 'POST', `/assessment/attempts/${a.id}/finish`, { reason: 'time_up' }, 400],
      [
        'practice of an unknown subject',
        'POST',
        '/assessment/practice',
        { kind: 'quiz', subjectId: 2_147_483_647 },
        404,
      ],
      ['practice id too large', 'POST', '/assessment/practice', { kind: 'quiz', subjectId: 2_147_483_648 }, 400],
      [
        'practice of a kind that is not',
        'POST',
        '/assessment/practice',
        { kind: 'exam', subjectId: science.subjectId },
        400,
      ],
      ['assignment id not a number', 'POST', '/assessment/assignments/abc/attempt', undefined, 400],
      ['join id negative', 'GET', '/assessment/join/-1', undefined, 400],
    ];
    for (const [what, method, url, payload, status] of cases) {
      const res = await call('asha', method, url, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json(), what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const after = await t.database.db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('attempt_id', '=', a.id)
      .orderBy('position')
      .execute();
    expect(after).toEqual(before);
  });
});
