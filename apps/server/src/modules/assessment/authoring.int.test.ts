/**
 * Teachers' quizzes and tests through the API (issue #23): the five question types, 'Add Atleast 4
 * Questions', edits refused once a student has started, delete, assignments, and who may see or
 * change what (policy/assessment-authoring.ts). Attempts are written straight into the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, AssessmentInput, AssessmentListResponse } from '@ki/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAuthoringWorld,
  FIVE_TYPES,
  insertAttempt,
  quizInput,
  type AuthoringWorld,
} from '../../test/assessment-authoring-fixtures';

let t: TestApp;
let w: AuthoringWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAuthoringWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.body ? (res.json() as Record<string, unknown> & { code?: string; message?: string }) : null,
  };
}

const input = (o: Partial<AssessmentInput> = {}) =>
  quizInput({ boardId: w.board, subjectId: w.science, grade: 7, ...o });
async function create(o: Partial<AssessmentInput> = {}, cookie = w.teacher.cookie): Promise<AssessmentDetail> {
  const res = await call(cookie, 'POST', '/assessments', input(o));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as AssessmentDetail;
}
async function published(o: Partial<AssessmentInput> = {}): Promise<AssessmentDetail> {
  const quiz = await create(o);
  expect((await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/publish`)).status).toBe(200);
  return quiz;
}
const window = { opensAt: '2026-11-21T03:30:00Z', closesAt: '2026-11-28T12:30:00Z' };

describe('writing a quiz', () => {
  it('creates a quiz with one question of each of the five types, in order, as a draft', async () => {
    const quiz = await create();
    expect(quiz).toMatchObject({
      kind: 'quiz',
      name: 'Our solar system',
      status: 'draft',
      grade: 7,
      subjectId: w.science,
      boardId: w.board,
      subjectName: 'aa-science',
      questionCount: 5,
      attemptCount: 0,
      canEdit: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      sharePath: `/assessment/quiz/${quiz.id}`,
      assignments: [],
    });
    expect(quiz.questions.map((q) => [q.type, q.text, q.options, q.answer, q.solution])).toEqual(
      FIVE_TYPES.map((q) => [q.type, q.text, q.options, q.answer, q.solution]),
    );
    const read = await call(w.teacher.cookie, 'GET', `/assessments/${quiz.id}`);
    expect(read.body).toEqual(quiz);
    const test = await create({ kind: 'test', name: 'Unit test' });
    expect(test.sharePath).toBe(`/assessment/test/${test.id}`);
  });

  it('refuses a question its contract refuses, and names the question', async () => {
    const bad = [
      { ...FIVE_TYPES[4]!, options: ['a', 'b'] },
      { ...FIVE_TYPES[2]!, options: ['True', 'False', 'Maybe'] },
      { ...FIVE_TYPES[0]!, answer: [7] },
      { ...FIVE_TYPES[1]!, answer: [] },
      { ...FIVE_TYPES[3]!, text: 'No blank here' },
    ];
    for (const q of bad) {
      const res = await call(w.teacher.cookie, 'POST', '/assessments', input({ questions: [FIVE_TYPES[0]!, q] }));
      expect(res.status, q.type).toBe(400);
      expect(res.body?.code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs a board the school teaches in that grade, a subject with chapters there, and the teacher’s own class and subject', async () => {
    expect((await call(w.teacher.cookie, 'POST', '/assessments', input({ boardId: w.otherBoard }))).status).toBe(400);
    // Grade 6 is the school's, but science has no chapters for it; and grade 6 is not the teacher's (403 first).
    expect((await call(w.colleague.cookie, 'POST', '/assessments', input({ grade: 8 }))).status).toBe(403);
    expect(
      (await call(w.grade8Teacher.cookie, 'POST', '/assessments', input({ grade: 8, subjectId: w.maths }))).body?.code,
    ).toBe('VALIDATION_FAILED');
    // A science teacher cannot write maths.
    const maths = await call(w.teacher.cookie, 'POST', '/assessments', input({ subjectId: w.maths }));
    expect(maths.status).toBe(403);
    // The colleague teaches every subject of grade 7.
    expect((await call(w.colleague.cookie, 'POST', '/assessments', input({ subjectId: w.maths }))).status).toBe(201);
    // An image nobody uploaded.
    const img = await call(
      w.teacher.cookie,
      'POST',
      '/assessments',
      input({ imageId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(img.status).toBe(400);
  });

  it('asks a teacher of the grade and subject at two schools which school, and takes only theirs', async () => {
    const ambiguous = await call(w.twoSchools.cookie, 'POST', '/assessments', input());
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body?.message).toMatch(/choose the school/);
    const atSecond = await create({ schoolId: w.school2 }, w.twoSchools.cookie);
    expect(atSecond.assignments).toEqual([]);
    const row = await t.database.db
      .selectFrom('assessments')
      .select('school_id')
      .where('id', '=', atSecond.id)
      .executeTakeFirstOrThrow();
    expect(row.school_id).toBe(w.school2);
    expect((await call(w.twoSchools.cookie, 'POST', '/assessments', input({ schoolId: w.schoolX }))).status).toBe(403);
    // A teacher of one school may leave it out.
    const one = await create();
    expect(
      (
        await t.database.db
          .selectFrom('assessments')
          .select('school_id')
          .where('id', '=', one.id)
          .executeTakeFirstOrThrow()
      ).school_id,
    ).toBe(w.school);
  });
});

describe('publishing', () => {
  it('refuses 3 questions with the spec’s message, and publishes at 4', async () => {
    const quiz = await create({ questions: FIVE_TYPES.slice(0, 3) });
    const refused = await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/publish`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'NOT_ENOUGH_QUESTIONS', message: 'Add Atleast 4 Questions' },
    });
    const stillDraft = await call(w.teacher.cookie, 'GET', `/assessments/${quiz.id}`);
    expect(stillDraft.body?.status).toBe('draft');
    expect(
      (await call(w.teacher.cookie, 'PUT', `/assessments/${quiz.id}`, input({ questions: FIVE_TYPES.slice(0, 4) })))
        .status,
    ).toBe(200);
    const ok = await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/publish`);
    expect(ok.status).toBe(200);
    expect(ok.body?.status).toBe('published');
    // Publishing again changes nothing; a published quiz keeps at least 4 questions.
    expect((await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/publish`)).status).toBe(200);
    const shrink = await call(
      w.teacher.cookie,
      'PUT',
      `/assessments/${quiz.id}`,
      input({ questions: FIVE_TYPES.slice(0, 3) }),
    );
    expect(shrink.body).toMatchObject({ code: 'NOT_ENOUGH_QUESTIONS', message: 'Add Atleast 4 Questions' });
  });

  it('is the author’s: a colleague may read but not publish, a principal neither changes it', async () => {
    const quiz = await create();
    expect((await call(w.colleague.cookie, 'GET', `/assessments/${quiz.id}`)).body?.canEdit).toBe(false);
    expect((await call(w.colleague.cookie, 'POST', `/assessments/${quiz.id}/publish`)).status).toBe(403);
    expect((await call(w.principal.cookie, 'POST', `/assessments/${quiz.id}/publish`)).status).toBe(403);
    expect((await call(w.principal.cookie, 'PUT', `/assessments/${quiz.id}`, input())).status).toBe(403);
    expect((await call(w.principal.cookie, 'DELETE', `/assessments/${quiz.id}`)).status).toBe(403);
  });
});

describe('assigning to a class', () => {
  it('needs a published quiz', async () => {
    const quiz = await create();
    const res = await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
      schoolId: w.school,
      grade: 7,
      section: 'A',
      ...window,
    });
    expect(res.body?.code).toBe('ASSESSMENT_NOT_PUBLISHED');
  });

  it('sets it for a section or the whole grade between two instants', async () => {
    const quiz = await published();
    const a = await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
      schoolId: w.school,
      grade: 7,
      section: 'A',
      ...window,
    });
    expect(a.status).toBe(200);
    const all = await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
      schoolId: w.school,
      grade: 7,
      opensAt: '2026-11-20T15:00:00+05:30',
      closesAt: '2026-11-21T15:00:00+05:30',
    });
    expect((all.body as unknown as AssessmentDetail).assignments).toEqual([
      {
        id: expect.any(Number),
        schoolId: w.school,
        grade: 7,
        section: null,
        opensAt: '2026-11-20T09:30:00.000Z',
        closesAt: '2026-11-21T09:30:00.000Z',
        attemptCount: 0,
      },
      {
        id: expect.any(Number),
        schoolId: w.school,
        grade: 7,
        section: 'A',
        opensAt: '2026-11-21T03:30:00.000Z',
        closesAt: '2026-11-28T12:30:00.000Z',
        attemptCount: 0,
      },
    ]);
  });

  it('refuses another grade or school, a window already over or backwards, and times without a zone', async () => {
    const quiz = await published();
    const post = (body: Record<string, unknown>, cookie = w.teacher.cookie) =>
      call(cookie, 'POST', `/assessments/${quiz.id}/assignments`, { schoolId: w.school, grade: 7, ...window, ...body });
    expect((await post({ grade: 8 })).status).toBe(400);
    expect((await post({ schoolId: w.schoolX })).status).toBe(400);
    expect((await post({ opensAt: '2026-11-01T00:00:00Z', closesAt: '2026-11-19T00:00:00Z' })).status).toBe(400);
    expect((await post({ opensAt: '2026-11-25T00:00:00Z', closesAt: '2026-11-24T00:00:00Z' })).status).toBe(400);
    expect((await post({ opensAt: '2026-11-25T00:00:00', closesAt: '2026-11-26T00:00:00' })).status).toBe(400);
    expect((await post({ section: '' })).status).toBe(400);
    // A colleague of the class may read it, not assign it; the grade-8 teacher cannot see it at all.
    expect((await post({}, w.colleague.cookie)).status).toBe(403);
    expect((await post({}, w.grade8Teacher.cookie)).status).toBe(404);
    const detail = await call(w.teacher.cookie, 'GET', `/assessments/${quiz.id}`);
    expect((detail.body as unknown as AssessmentDetail).assignments).toEqual([]);
  });

  it('takes a quiz back from a class only before anyone started it', async () => {
    const quiz = await published();
    const detail = (
      await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
        schoolId: w.school,
        grade: 7,
        section: 'A',
        ...window,
      })
    ).body as unknown as AssessmentDetail;
    const second = (
      await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
        schoolId: w.school,
        grade: 7,
        section: 'B',
        ...window,
      })
    ).body as unknown as AssessmentDetail;
    const [sectionA] = detail.assignments;
    const sectionB = second.assignments.find((g) => g.section === 'B')!;
    await insertAttempt(t.database.db, {
      assignmentId: sectionA!.id,
      studentId: w.students.asha.id,
      answers: [],
      startedAt: new Date('2026-11-21T04:00:00Z'),
      finishedAt: null,
    });
    const refused = await call(w.teacher.cookie, 'DELETE', `/assessments/${quiz.id}/assignments/${sectionA!.id}`);
    expect(refused.body?.code).toBe('ASSESSMENT_HAS_ATTEMPTS');
    expect((await call(w.teacher.cookie, 'DELETE', `/assessments/${quiz.id}/assignments/${sectionB.id}`)).status).toBe(
      204,
    );
    // Another quiz's assignment under this quiz's address: not found.
    const other = await published();
    expect(
      (await call(w.teacher.cookie, 'DELETE', `/assessments/${other.id}/assignments/${sectionA!.id}`)).status,
    ).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('replaces the whole quiz until a student starts it, then refuses with ASSESSMENT_HAS_ATTEMPTS', async () => {
    const quiz = await published();
    const edited = await call(
      w.teacher.cookie,
      'PUT',
      `/assessments/${quiz.id}`,
      input({ name: 'Planets, revised', durationMinutes: 15, questions: [...FIVE_TYPES].reverse() }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Planets, revised', durationMinutes: 15, status: 'published' });
    expect((edited.body as unknown as AssessmentDetail).questions.map((q) => q.type)).toEqual(
      [...FIVE_TYPES].reverse().map((q) => q.type),
    );
    const assigned = (
      await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
        schoolId: w.school,
        grade: 7,
        ...window,
      })
    ).body as unknown as AssessmentDetail;
    await insertAttempt(t.database.db, {
      assignmentId: assigned.assignments[0]!.id,
      studentId: w.students.bala.id,
      answers: [],
      startedAt: new Date('2026-11-21T04:00:00Z'),
      finishedAt: null,
    });
    const refused = await call(w.teacher.cookie, 'PUT', `/assessments/${quiz.id}`, input({ name: 'Too late' }));
    expect(refused.status).toBe(409);
    expect(refused.body?.code).toBe('ASSESSMENT_HAS_ATTEMPTS');
    const after = (await call(w.teacher.cookie, 'GET', `/assessments/${quiz.id}`)).body as unknown as AssessmentDetail;
    expect(after.name).toBe('Planets, revised');
    expect(after.attemptCount).toBe(1);
    expect(after.assignments[0]!.attemptCount).toBe(1);
  });

  it('deletes: gone from every list and address, its rows (and attempts) kept', async () => {
    const quiz = await published();
    const assigned = (
      await call(w.teacher.cookie, 'POST', `/assessments/${quiz.id}/assignments`, {
        schoolId: w.school,
        grade: 7,
        ...window,
      })
    ).body as unknown as AssessmentDetail;
    await insertAttempt(t.database.db, {
      assignmentId: assigned.assignments[0]!.id,
      studentId: w.students.chitra.id,
      answers: [{ chosen: [1] }],
      startedAt: new Date('2026-11-21T04:00:00Z'),
      finishedAt: new Date('2026-11-21T04:10:00Z'),
    });
    expect((await call(w.colleague.cookie, 'DELETE', `/assessments/${quiz.id}`)).status).toBe(403);
    expect((await call(w.teacher.cookie, 'DELETE', `/assessments/${quiz.id}`)).status).toBe(204);
    expect((await call(w.teacher.cookie, 'GET', `/assessments/${quiz.id}`)).status).toBe(404);
    expect((await call(w.teacher.cookie, 'DELETE', `/assessments/${quiz.id}`)).status).toBe(404);
    const list = (await call(w.teacher.cookie, 'GET', '/assessments')).body as unknown as AssessmentListResponse;
    expect(list.assessments.map((a) => a.id)).not.toContain(quiz.id);
    const row = await t.database.db
      .selectFrom('assessments')
      .select(['deleted_at'])
      .where('id', '=', quiz.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(t.now());
    const attempts = await t.database.db
      .selectFrom('assessment_attempts')
      .select('id')
      .where('assessment_id', '=', quiz.id)
      .execute();
    expect(attempts).toHaveLength(1);
    // Its report stays (docs/DECISIONS.md "Assessment").
    const report = await call(w.teacher.cookie, 'GET', `/assessment/reports/${assigned.assignments[0]!.id}`);
    expect(report.status).toBe(200);
  });
});

describe('who sees which quiz', () => {
  it('lists a teacher’s own and their classes’ quizzes, a principal’s school, a super-admin’s chain, with filters', async () => {
    const mine = await create({ name: 'Mine, a test', kind: 'test' });
    const colleagues = await create({ name: 'Colleague’s maths', subjectId: w.maths }, w.colleague.cookie);
    const atSecond = await create({ name: 'At the second school', schoolId: w.school2 }, w.twoSchools.cookie);
    const ids = async (cookie: string, query = '') =>
      ((await call(cookie, 'GET', `/assessments${query}`)).body as unknown as AssessmentListResponse).assessments.map(
        (a) => a.id,
      );
    const teacherSees = await ids(w.teacher.cookie);
    expect(teacherSees).toContain(mine.id);
    // The colleague's maths is not the science teacher's subject; the second school is not theirs.
    expect(teacherSees).not.toContain(colleagues.id);
    expect(teacherSees).not.toContain(atSecond.id);
    // The colleague teaches every subject of grade 7: they see the science teacher's, read-only.
    const colleagueList = (
      (await call(w.colleague.cookie, 'GET', '/assessments')).body as unknown as AssessmentListResponse
    ).assessments;
    expect(colleagueList.find((a) => a.id === mine.id)).toMatchObject({
      canEdit: false,
      createdBy: expect.any(String),
    });
    expect(colleagueList.find((a) => a.id === colleagues.id)?.canEdit).toBe(true);
    expect(await ids(w.grade8Teacher.cookie)).toEqual([]);
    const principalSees = await ids(w.principal.cookie);
    expect(principalSees).toEqual(expect.arrayContaining([mine.id, colleagues.id]));
    expect(principalSees).not.toContain(atSecond.id);
    expect(await ids(w.otherPrincipal.cookie)).toEqual([]);
    expect(await ids(w.superadmin.cookie)).toEqual(expect.arrayContaining([mine.id, colleagues.id, atSecond.id]));
    // Newest first, and filters.
    const tests = await ids(w.teacher.cookie, '?kind=test');
    expect(tests).toContain(mine.id);
    expect(tests.every((id) => id !== colleagues.id)).toBe(true);
    expect(await ids(w.teacher.cookie, '?status=published&kind=test')).not.toContain(mine.id);
  });

  it('answers a quiz of another school exactly as one that does not exist', async () => {
    const quiz = await create();
    const other = await call(w.otherPrincipal.cookie, 'GET', `/assessments/${quiz.id}`);
    const none = await call(w.otherPrincipal.cookie, 'GET', '/assessments/987654321');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(none.body);
    const teacherOther = await call(w.grade8Teacher.cookie, 'PUT', `/assessments/${quiz.id}`, input());
    expect(teacherOther.status).toBe(404);
    expect(teacherOther.body).toEqual(
      (await call(w.grade8Teacher.cookie, 'PUT', '/assessments/987654321', input())).body,
    );
  });

  it('refuses students, parents and content roles on every teacher route', async () => {
    const quiz = await create();
    for (const who of [w.students.asha.cookie, w.parent.cookie, w.editor.cookie]) {
      expect((await call(who, 'GET', '/assessments')).status).toBe(403);
      expect((await call(who, 'GET', `/assessments/${quiz.id}`)).status).toBe(403);
      expect((await call(who, 'POST', '/assessments', input())).status).toBe(403);
      expect((await call(who, 'POST', `/assessments/${quiz.id}/publish`)).status).toBe(403);
    }
    expect((await call(null, 'GET', '/assessments')).status).toBe(401);
  });
});
