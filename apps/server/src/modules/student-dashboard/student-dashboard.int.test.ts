import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTestAttempt } from '../../test/attempt-records';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
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
let ch1: TestChapter;
let ch2: TestChapter;
let subjectId: number;
let asha: number;
let nira: number;
let otto: number;
let schoolId: number;
const cookie: Record<string, string> = {};

const post = (who: string, records: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: cookie[who]! }, payload: { records } });
const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie[who] ? { cookie: cookie[who] } : {} });

/**
 * A fixed set of records, every figure worked out by hand from scoring-and-metrics.md.
 * Science, grade 7: chapter 1 (topics 1.1, 1.2) and chapter 2 (topics 2.1, 2.2), 10 questions a game.
 * Asha (school 1): four records; Nira (school 1, same class) never plays; Otto (school 2, same board
 * and grade) plays later and moves the global averages; Zed (another board) never counts.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  const otherBoard = await createBoard(db);
  schoolId = await createSchool(db, { boardId, grades: [7, 8] });
  const school2 = await createSchool(db, { boardId, grades: [7] });
  const school3 = await createSchool(db, { boardId: otherBoard, grades: [7] });
  const curriculum = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 2, topics: 2 });
  [ch1, ch2] = curriculum.chapters as [TestChapter, TestChapter];
  subjectId = curriculum.subjectId;
  const [z1] = (
    await createCurriculum(db, { boardId: otherBoard, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 })
  ).chapters as [TestChapter];

  asha = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Asha' });
  await db.updateTable('users').set({ last_name: 'Rao', email: 'asha@example.org' }).where('id', '=', asha).execute();
  nira = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Nira' });
  otto = await createStudent(db, { schoolId: school2, boardId, grade: 7, firstName: 'Otto' });
  const zed = await createStudent(db, { schoolId: school3, boardId: otherBoard, grade: 7, firstName: 'Zed' });
  const gopal = await createStudent(db, { schoolId, boardId, grade: 8, firstName: 'Gopal' });
  for (const [name, id] of Object.entries({ asha, nira, otto, zed, gopal }))
    cookie[name] = await sessionCookie(db, id, t.now());

  const parent = await createUser(db, 'parent', { firstName: 'Priya', mobile: '+919811100002' });
  await linkParent(db, parent, asha);
  cookie.parent = await sessionCookie(db, parent, t.now());
  cookie.otherParent = await sessionCookie(db, await createUser(db, 'parent', { firstName: 'Paro' }), t.now());
  cookie.teacher7 = await sessionCookie(
    db,
    await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] }),
    t.now(),
  );
  cookie.teacher8 = await sessionCookie(
    db,
    await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 8 }] }),
    t.now(),
  );
  cookie.principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [schoolId] }), t.now());
  cookie.otherPrincipal = await sessionCookie(
    db,
    await createStaff(db, 'principal', { schoolIds: [school2] }),
    t.now(),
  );
  cookie.editor = await sessionCookie(db, await createUser(db, 'content_editor'), t.now());

  const stored = await post('asha', [
    // a = 0.8, t = 12 s, te = 18/25 = 0.72: LC = round(87.2) = 87, LE = 100 x 87.2 / 110 = 79.2727
    topicRecord(ch1, ch1.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-16T10:00:00Z' }),
    // a = 1, t = 4 s, te = 1: LC = 110, LE = 100
    topicRecord(ch1, ch1.topics[1]!, { correct: 10, seconds: 4, finishedAt: '2026-11-17T10:00:00Z' }),
    // Treasure 7/10: KE_ch1 = 70, KC_ch1 = round((87 + 110) / 2 x 0.7) = round(68.95) = 69
    chapterRecord('treasure', ch1, { correct: 7, finishedAt: '2026-11-18T10:00:00Z' }),
    // a = 0.5, t = 20 s, te = 0.4: LC = 54, LE = 100 x 54 / 110 = 49.0909
    topicRecord(ch2, ch2.topics[0]!, { correct: 5, seconds: 20, finishedAt: '2026-11-19T10:00:00Z' }),
  ]);
  expect(stored.json().stored).toHaveLength(4);
  expect(
    (
      await post('zed', [
        topicRecord(z1, z1.topics[0]!, { correct: 1, seconds: 30, finishedAt: '2026-11-19T10:00:00Z' }),
        chapterRecord('treasure', z1, { correct: 1, finishedAt: '2026-11-19T11:00:00Z' }),
      ])
    ).json().stored,
  ).toHaveLength(2);
});
afterAll(() => t.close());

const LE = (8720 / 110 + 100 + 5400 / 110) / 3; // 76.1212...
const TOTAL = 0.2 * LE + 0.8 * 70; // 71.2242...

describe('student dashboard figures, computed by hand', () => {
  it('cards, profile, recently played, subjects and progress', async () => {
    const res = await get('asha', `/api/v1/students/${asha}/dashboard?filter=day`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({
      studentId: asha,
      name: 'Asha Rao',
      mobile: '',
      email: 'asha@example.org',
      grade: 7,
    });
    expect(body.cards.learningEfficiency).toBeCloseTo(LE, 9);
    expect(body.cards.knowledgeEfficiency).toBeCloseTo(70, 9);
    expect(body.cards.totalScore).toBeCloseTo(TOTAL, 9);
    // 8 + 10 + 7 + 5 right of 40 answered.
    expect(body.cards.overallAccuracy).toBeCloseTo(75, 9);
    // The last 3 activities, newest first, one subject.
    expect(body.recentlyPlayed).toHaveLength(1);
    const [a, b, c] = body.recentlyPlayed[0].activities;
    expect(body.recentlyPlayed[0].activities).toHaveLength(3);
    expect(a).toMatchObject({
      kind: 'topic',
      chapterName: 'Chapter 2',
      topicName: 'Topic 2.1',
      knowledgeEfficiency: null,
    });
    expect(a.learningEfficiency).toBeCloseTo(5400 / 110, 9);
    expect(b).toMatchObject({
      kind: 'treasure',
      chapterName: 'Chapter 1',
      topicName: null,
      knowledgeEfficiency: 70,
      learningEfficiency: null,
    });
    expect(c).toMatchObject({ kind: 'topic', topicName: 'Topic 1.2', learningEfficiency: 100 });
    // Chapter 1 at 70 equals its global average (Asha alone completed it) and is not below 50.
    expect(body.conceptsToRelearn).toEqual([]);
    expect(body.subjects).toEqual([{ subjectId, subjectName: 'science', totalTopics: 4, completedTopics: 3 }]);
    // 14 India days ending 2026-11-20.
    expect(body.progress.points).toHaveLength(14);
    const byDay = Object.fromEntries(
      body.progress.points.map((p: { start: string; learningCurrency: number; knowledgeCurrency: number }) => [
        p.start,
        [p.learningCurrency, p.knowledgeCurrency],
      ]),
    );
    expect(byDay).toMatchObject({
      '2026-11-16': [87, 0],
      '2026-11-17': [110, 0],
      '2026-11-18': [0, 69],
      '2026-11-19': [54, 0],
      '2026-11-20': [0, 0],
    });
  });

  it('week and month filters sum the same currency into larger buckets', async () => {
    const week = (await get('parent', `/api/v1/students/${asha}/progress?filter=week`)).json();
    expect(week.points).toHaveLength(12);
    expect(week.points.at(-1)).toEqual({ start: '2026-11-16', learningCurrency: 251, knowledgeCurrency: 69 });
    const month = (await get('parent', `/api/v1/students/${asha}/progress?filter=month`)).json();
    expect(month.points.at(-1)).toEqual({ start: '2026-11-01', learningCurrency: 251, knowledgeCurrency: 69 });
    expect(month.points.slice(0, -1).every((p: { learningCurrency: number }) => p.learningCurrency === 0)).toBe(true);
  });

  it('names subjects, chapters and topics in the language of the screen, in English where a name is not translated', async () => {
    const db = t.database.db;
    await sql`update subjects set names = names || '{"hi": "विज्ञान"}'::jsonb where id = ${subjectId}`.execute(db);
    const [chapter] = await db
      .selectFrom('chapters')
      .select(['id'])
      .where('subject_id', '=', subjectId)
      .orderBy('position')
      .limit(1)
      .execute();
    await sql`update chapters set names = names || '{"hi": "पहला अध्याय"}'::jsonb where id = ${chapter!.id}`.execute(db);
    const inLanguage = (language: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: cookie.principal!, 'accept-language': language } });
    try {
      const hindi = (await inLanguage('hi-IN,hi;q=0.9', `/api/v1/students/${asha}/dashboard`)).json();
      expect(hindi.subjects.map((x: { subjectName: string }) => x.subjectName)).toEqual(['विज्ञान']);
      const detail = (await inLanguage('hi', `/api/v1/students/${asha}/subjects/${subjectId}`)).json();
      expect(detail.subjectName).toBe('विज्ञान');
      expect(detail.chapters.map((c: { chapterName: string }) => c.chapterName)[0]).toBe('पहला अध्याय');
      // Tamil has no translation here: English names.
      const tamil = (await inLanguage('ta', `/api/v1/students/${asha}/subjects/${subjectId}`)).json();
      expect(tamil.subjectName).toBe('science');
    } finally {
      await sql`update subjects set names = names - 'hi' where id = ${subjectId}`.execute(db);
      await sql`update chapters set names = names - 'hi' where id = ${chapter!.id}`.execute(db);
    }
  });

  it('subject detail: efficiencies over their denominators, chapters, topics, best, fastest, where she stands', async () => {
    const res = await get('principal', `/api/v1/students/${asha}/subjects/${subjectId}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      subjectName: 'science',
      completedChapters: 1,
      totalChapters: 2,
      completedTopics: 3,
      totalTopics: 4,
      knowledgeCurrency: 69,
      learningCurrency: 251,
    });
    expect(s.knowledgeEfficiency).toBeCloseTo(70, 9);
    expect(s.learningEfficiency).toBeCloseTo(LE, 9);
    expect(s.totalScore).toBeCloseTo(TOTAL, 9);
    expect(s.accuracy).toBeCloseTo(75, 9);
    // Asha is the only student of this board and grade who played: the global average is hers.
    expect(s.globalAccuracy).toBeCloseTo(75, 9);
    const [c1, c2] = s.chapters;
    // Chapter 1: 8 + 10 + 7 of 30; time 125 + 45 + 100 s; grade legend of 70 is B+ (70-79).
    expect(c1).toMatchObject({
      chapterName: 'Chapter 1',
      islands: 2,
      topicsCompleted: 2,
      isCompleted: true,
      knowledgeEfficiency: 70,
      knowledgeCurrency: 69,
      learningCurrency: 197,
      timeSpent: 270,
      grade: 'B+',
    });
    expect(c1.accuracy).toBeCloseTo(250 / 3, 9);
    expect(c1.topics[0]).toMatchObject({
      topicName: 'Topic 1.1',
      isCompleted: true,
      learningCurrency: 87,
      accuracy: 80,
      avgSecondsPerQuestion: 12,
      timeSpent: 125,
      grade: 'B+',
    });
    expect(c1.topics[0].learningEfficiency).toBeCloseTo(8720 / 110, 9);
    expect(c2).toMatchObject({
      chapterName: 'Chapter 2',
      topicsCompleted: 1,
      isCompleted: false,
      knowledgeEfficiency: null,
      knowledgeCurrency: 0,
      learningCurrency: 54,
      accuracy: 50,
      timeSpent: 205,
      grade: null,
    });
    expect(c2.topics[1]).toMatchObject({
      topicName: 'Topic 2.2',
      isCompleted: false,
      learningEfficiency: null,
      accuracy: null,
      avgSecondsPerQuestion: null,
      grade: null,
    });
    expect(s.bestPerformance).toEqual([
      { chapterName: 'Chapter 1', knowledgeEfficiency: 70, globalAverage: 70, knowledgeCurrency: 69 },
    ]);
    // Chapter 1: (120 + 40 + 100) s over 30 questions; chapter 2: 200 s over 10.
    expect(s.fastestPerformance).toHaveLength(2);
    expect(s.fastestPerformance[0].chapterName).toBe('Chapter 1');
    expect(s.fastestPerformance[0].avgSecondsPerQuestion).toBeCloseTo(26 / 3, 9);
    expect(s.fastestPerformance[0]).toMatchObject({ questionsAttempted: 30 });
    expect(s.fastestPerformance[1]).toEqual({
      chapterName: 'Chapter 2',
      avgSecondsPerQuestion: 20,
      accuracy: 50,
      questionsAttempted: 10,
    });
    // Total 71.22 is shown as 71: band 70-79.
    expect(s.whereStudentStands.studentBand).toBe(7);
    expect(s.whereStudentStands.bands.map((b: { students: number }) => b.students)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 1, 0, 0,
    ]);
  });

  it('a student who never played sees no figures (NA) and empty lists', async () => {
    const body = (await get('nira', `/api/v1/students/${nira}/dashboard`)).json();
    expect(body.cards).toEqual({
      totalScore: 0,
      knowledgeEfficiency: null,
      learningEfficiency: null,
      overallAccuracy: null,
    });
    expect(body).toMatchObject({
      recentlyPlayed: [],
      conceptsToRelearn: [],
      subjects: [{ subjectId, totalTopics: 4, completedTopics: 0 }],
    });
    expect(body.progress.filter).toBe('day');
    const s = (await get('nira', `/api/v1/students/${nira}/subjects/${subjectId}`)).json();
    expect(s).toMatchObject({
      accuracy: null,
      bestPerformance: [],
      fastestPerformance: [],
      whereStudentStands: { studentBand: null },
    });
  });
});

describe('global averages', () => {
  it('move when a student of another school of the same board and grade plays (after the refresh interval)', async () => {
    // Otto: topic 1.1 4/10 at 12 s (LE 42.909), topic 1.2 with nothing answered (LE 0; a treasure
    // needs every topic of its chapter), treasure 9/10: KE 90, accuracy 13/20 = 65 %,
    // total 0.2 x 21.4545 + 0.8 x 90 = 76.29 -> band 70-79.
    await post('otto', [
      topicRecord(ch1, ch1.topics[0]!, { correct: 4, seconds: 12, finishedAt: '2026-11-20T09:00:00Z' }),
      topicRecord(ch1, ch1.topics[1]!, { correct: 0, unanswered: 10, seconds: 30, finishedAt: '2026-11-20T09:10:00Z' }),
      chapterRecord('treasure', ch1, { correct: 9, finishedAt: '2026-11-20T09:30:00Z' }),
    ]);
    // Within five minutes of the last refresh the averages shown are unchanged...
    const before = (await get('asha', `/api/v1/students/${asha}/subjects/${subjectId}`)).json();
    expect(before.globalAccuracy).toBeCloseTo(75, 9);
    // ...and then they include Otto: mean(75, 65) = 70; chapter 1 KE mean(70, 90) = 80.
    t.setNow(new Date(t.now().getTime() + 6 * 60 * 1000));
    const after = (await get('asha', `/api/v1/students/${asha}/subjects/${subjectId}`)).json();
    expect(after.globalAccuracy).toBeCloseTo(70, 9);
    expect(after.chapters[0].globalAccuracy).toBeCloseTo((250 / 3 + 65) / 2, 9);
    expect(after.bestPerformance[0]).toMatchObject({
      chapterName: 'Chapter 1',
      knowledgeEfficiency: 70,
      globalAverage: 80,
    });
    expect(after.whereStudentStands.bands.map((b: { students: number }) => b.students)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 2, 0, 0,
    ]);
    expect(after.globalAveragesAt).toBe(t.now().toISOString());
    // Chapter 1 (70) is now below its global average (80): a concept to relearn.
    const dash = (await get('asha', `/api/v1/students/${asha}/dashboard`)).json();
    expect(dash.conceptsToRelearn).toEqual([
      {
        subjectName: 'science',
        chapters: [{ chapterId: ch1.id, chapterName: 'Chapter 1', score: 70, globalAverage: 80 }],
      },
    ]);
  });
});

describe('quizzes and tests (records the server writes of finished attempts, without a chapter)', () => {
  it('count in overall and subject accuracy, time and recently played, never in chapter, topic or efficiency figures', async () => {
    // A board and grade of their own, so the global averages of the tests above do not move.
    const db = t.database.db;
    const board = await createBoard(db);
    const school = await createSchool(db, { boardId: board, grades: [6] });
    const { subjectId: maths, chapters } = await createCurriculum(db, {
      boardId: board,
      grade: 6,
      subjectSlug: 'maths-6',
      chapters: 1,
      topics: 2,
    });
    const [chapter] = chapters as [TestChapter];
    const kiran = await createStudent(db, { schoolId: school, boardId: board, grade: 6, firstName: 'Kiran' });
    cookie.kiran = await sessionCookie(db, kiran, t.now());
    // A topic game 8/10 at 12 s (LE 79.2727, 125 s), then a practice quiz: 3 right, 1 wrong, 1 left,
    // 10 s an answer (40 s), then a test: 1 right of 2 and an open-ended answer, 20 s each (60 s).
    expect(
      (
        await post('kiran', [
          topicRecord(chapter, chapter.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-17T10:00:00Z' }),
        ])
      ).json().stored,
    ).toHaveLength(1);
    const attempt = { studentId: kiran, schoolId: school, boardId: board, grade: 6, subjectId: maths };
    await storeTestAttempt(db, {
      ...attempt,
      kind: 'quiz',
      finishedAt: new Date('2026-11-18T10:00:00Z'),
      correct: 3,
      wrong: 1,
      unanswered: 1,
      seconds: 10,
    });
    await storeTestAttempt(db, {
      ...attempt,
      kind: 'test',
      finishedAt: new Date('2026-11-19T10:00:00Z'),
      correct: 1,
      wrong: 1,
      openEnded: 1,
      seconds: 20,
    });

    const body = (await get('kiran', `/api/v1/students/${kiran}/dashboard`)).json();
    // (8 + 3 + 1) right of (10 + 4 + 2) answered = 75 %; efficiencies from the topic game alone.
    expect(body.cards.overallAccuracy).toBeCloseTo(75, 9);
    expect(body.cards.learningEfficiency).toBeCloseTo(8720 / 110, 9);
    expect(body.cards.knowledgeEfficiency).toBe(0);
    expect(body.cards.totalScore).toBeCloseTo((0.2 * 8720) / 110, 9);
    expect(body.recentlyPlayed).toEqual([
      {
        subjectName: 'maths-6',
        activities: [
          {
            playedAt: '2026-11-19T10:00:00.000Z',
            kind: 'test',
            topicName: null,
            chapterName: null,
            learningEfficiency: null,
            knowledgeEfficiency: null,
            accuracy: 50,
          },
          {
            playedAt: '2026-11-18T10:00:00.000Z',
            kind: 'quiz',
            topicName: null,
            chapterName: null,
            learningEfficiency: null,
            knowledgeEfficiency: null,
            accuracy: 75,
          },
          {
            playedAt: '2026-11-17T10:00:00.000Z',
            kind: 'topic',
            topicName: 'Topic 1.1',
            chapterName: 'Chapter 1',
            learningEfficiency: 8720 / 110,
            knowledgeEfficiency: null,
            accuracy: null,
          },
        ],
      },
    ]);
    expect(body.subjects).toEqual([{ subjectId: maths, subjectName: 'maths-6', totalTopics: 2, completedTopics: 1 }]);
    // The progress chart is currency: the quiz and the test add none.
    const days = Object.fromEntries(
      body.progress.points.map((p: { start: string; learningCurrency: number }) => [p.start, p.learningCurrency]),
    );
    expect(days).toMatchObject({ '2026-11-17': 87, '2026-11-18': 0, '2026-11-19': 0 });

    const subject = (await get('kiran', `/api/v1/students/${kiran}/subjects/${maths}`)).json();
    expect(subject).toMatchObject({
      completedTopics: 1,
      completedChapters: 0,
      learningCurrency: 87,
      knowledgeCurrency: 0,
    });
    expect(subject.accuracy).toBeCloseTo(75, 9);
    expect(subject.learningEfficiency).toBeCloseTo(8720 / 110, 9);
    // The chapter and its topic keep the game's own figures; the fastest table is the chapter's games.
    expect(subject.chapters[0]).toMatchObject({ accuracy: 80, timeSpent: 125, topicsCompleted: 1 });
    expect(subject.chapters[0].topics[0]).toMatchObject({ accuracy: 80, avgSecondsPerQuestion: 12, timeSpent: 125 });
    expect(subject.fastestPerformance).toEqual([
      { chapterName: 'Chapter 1', avgSecondsPerQuestion: 12, accuracy: 80, questionsAttempted: 10 },
    ]);

    // Time spent in the rollups: 125 + 40 + 60 s; the newest activity is the test, with no chapter.
    const stats = await db
      .selectFrom('student_stats')
      .selectAll()
      .where('student_id', '=', kiran)
      .executeTakeFirstOrThrow();
    expect(stats).toMatchObject({
      records: 3,
      answered: 16,
      correct: 12,
      time_spent: 225,
      last_subject_id: maths,
      last_chapter_id: null,
      last_topic_id: null,
    });
  });
});

describe('who may see a student dashboard', () => {
  it.each([
    ['asha', 200],
    ['parent', 200],
    ['teacher7', 200],
    ['principal', 200],
    ['nira', 403],
    ['otherParent', 403],
    ['teacher8', 403],
    ['otherPrincipal', 403],
    ['editor', 403],
    ['anonymous', 401],
  ])('%s gets %i', async (who, status) => {
    for (const url of [
      `/api/v1/students/${asha}/dashboard`,
      `/api/v1/students/${asha}/progress?filter=week`,
      `/api/v1/students/${asha}/subjects/${subjectId}`,
    ]) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(status);
      if (status !== 200) expect(res.body).not.toContain('Asha');
    }
  });

  it('a parent gets 403 for a child not linked to them, and lists only their own', async () => {
    expect((await get('parent', `/api/v1/students/${nira}/dashboard`)).statusCode).toBe(403);
    expect((await get('parent', `/api/v1/me/children`)).json()).toEqual({
      children: [{ studentId: asha, name: 'Asha Rao', grade: 7, school: expect.any(String) }],
    });
    expect((await get('otherParent', `/api/v1/me/children`)).json()).toEqual({ children: [] });
    expect((await get('principal', `/api/v1/me/children`)).statusCode).toBe(403);
  });

  it('an unknown subject is 404; an unknown student is refused as one outside the caller’s scope', async () => {
    expect((await get('asha', `/api/v1/students/${asha}/subjects/999999`)).statusCode).toBe(404);
    // Nobody probing ids, staff included, can tell an unknown id from a forbidden one.
    expect((await get('principal', `/api/v1/students/999999/dashboard`)).statusCode).toBe(403);
    expect((await get('parent', `/api/v1/students/999999/dashboard`)).statusCode).toBe(403);
    expect((await get('asha', `/api/v1/students/999999/subjects/${subjectId}`)).statusCode).toBe(403);
  });
});

describe('linking a parent (the principal; parent-links.int.test.ts has the whole of it)', () => {
  const link = (who: string, studentId: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/students/${studentId}/parents`,
      headers: cookie[who] ? { cookie: cookie[who] } : {},
      payload: payload as Record<string, unknown>,
    });
  const userIdOf = async (mobile: string) =>
    Number(
      (await t.database.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id,
    );

  it('the principal links a new or existing parent; the parent then sees the child', async () => {
    const res = await link('principal', nira, { mobile: '98111 00003', firstName: 'Neel', lastName: 'Shah' });
    expect(res.statusCode).toBe(200);
    const { link: made } = res.json();
    const again = await link('principal', nira, { mobile: '+919811100003', firstName: 'Neel' });
    expect(again.json()).toEqual({ studentId: nira, link: made });
    cookie.neel = await sessionCookie(t.database.db, await userIdOf('+919811100003'), t.now());
    expect(
      (await get('neel', `/api/v1/me/children`)).json().children.map((c: { studentId: number }) => c.studentId),
    ).toEqual([nira]);
    expect((await get('neel', `/api/v1/students/${nira}/dashboard`)).statusCode).toBe(200);
    expect((await get('neel', `/api/v1/students/${asha}/dashboard`)).statusCode).toBe(403);
    // The existing parent gets a second child.
    expect(
      (await link('principal', nira, { mobile: '+919811100002', firstName: 'Priya' })).json().link.linkId,
    ).not.toBe(made.linkId);
    expect((await get('parent', `/api/v1/me/children`)).json().children).toHaveLength(2);
  });

  it('a parent made by the school chooses a language at first sign-in, from all six', async () => {
    expect(
      (await link('principal', nira, { mobile: '+919811100006', firstName: 'Meera', lastName: 'Shah' })).statusCode,
    ).toBe(200);
    cookie.meera = await sessionCookie(t.database.db, await userIdOf('+919811100006'), t.now());
    expect((await get('meera', '/api/v1/me')).json().onboarding).toEqual({
      needsLanguage: true,
      needsBoard: false,
      needsGrade: false,
    });
    expect((await get('meera', '/api/v1/me/onboarding')).json()).toEqual({
      languages: ['en', 'mr', 'gu', 'hi', 'ta', 'te'],
      boards: [],
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/onboarding',
      headers: { cookie: cookie.meera! },
      payload: { language: 'mr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('mr');
    expect(saved.json().onboarding.needsLanguage).toBe(false);
  });

  it('refuses teachers (they request a link), callers outside the school, and numbers of non-parent accounts', async () => {
    for (const who of ['teacher7', 'teacher8', 'otherPrincipal', 'parent', 'asha', 'editor']) {
      expect((await link(who, nira, { mobile: '+919811100004', firstName: 'X' })).statusCode, who).toBe(403);
    }
    expect((await link('anonymous', nira, { mobile: '+919811100004', firstName: 'X' })).statusCode).toBe(401);
    const db = t.database.db;
    await db.updateTable('users').set({ mobile: '+919811100005' }).where('id', '=', otto).execute();
    const res = await link('principal', nira, { mobile: '+919811100005', firstName: 'X' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PARENT_LINK_REFUSED');
    expect((await link('principal', nira, { mobile: '12', firstName: 'X' })).statusCode).toBe(400);
  });
});
