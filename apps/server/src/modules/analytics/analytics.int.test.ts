/**
 * Every number of a small hand-built chain, worked out by hand from its records with
 * scoring-and-metrics.md (now = 2026-11-20T10:00Z, activity window 30 days):
 *
 * School A, grade 7 (one chapter of one topic: 1 island)
 *   Ananya  topic 8/10 at 12 s -> LC 87, LE 79.2727; treasure 7/10 -> KE 70, KC round(87 x 0.7) = 61
 *           total 0.2 x 79.2727 + 0.8 x 70 = 71.8545 (shown 72, band 70-79), active
 *   Bhavya  topic 10/10 at 4 s -> LC 110, LE 100; treasure 10/10 -> KE 100; total 100 (band 90-100), active
 *   Chirag  topic 2/10 at 30 s -> te 0, LC 20, LE 18.1818; total 3.6364 (shown 4, band 0-9), 40 days ago: inactive
 *   Divya   never played: total 0 (band 0-9), inactive
 * School A, grade 6
 *   Esha    topic 5/10 at 10 s -> te 0.8, LC 58, LE 52.7273; treasure 5/10 -> KE 50; total 50.5455 (shown 51), active
 * School B, grade 7
 *   Farhan  topic 9/10 at 6 s -> te 0.96, LC 100, LE 90.5455; treasure 9/10 -> KE 90; total 90.1091 (shown 90), active
 */
import { sql } from 'kysely';
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
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';

let t: TestApp;
let schoolA: number;
let schoolB: number;
let chainId: number;
const ids: Record<string, number> = {};
let science7: TestChapter;
let otherSubjectChapter: TestChapter;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  chainId = await createChain(db);
  const boardId = await createBoard(db);
  schoolA = await createSchool(db, { chainId, boardId, name: 'Alpha School', grades: [6, 7] });
  schoolB = await createSchool(db, { chainId, boardId, name: 'Beta School', grades: [6, 7] });
  const [g7] = (await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 }))
    .chapters as [TestChapter];
  const [g6] = (await createCurriculum(db, { boardId, grade: 6, subjectSlug: 'science', chapters: 1, topics: 1 }))
    .chapters as [TestChapter];
  science7 = g7;
  [otherSubjectChapter] = (
    await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'history', chapters: 1, topics: 1 })
  ).chapters as [TestChapter];

  const recent = '2026-11-15T10:00:00Z';
  const people: [string, number, number, TestChapter, ((c: TestChapter) => unknown[]) | null][] = [
    [
      'Ananya Rao',
      schoolA,
      7,
      g7,
      (c) => [
        topicRecord(c, c.topics[0]!, { correct: 8, seconds: 12, finishedAt: recent }),
        chapterRecord('treasure', c, { correct: 7, finishedAt: '2026-11-16T10:00:00Z' }),
      ],
    ],
    [
      'Bhavya Shah',
      schoolA,
      7,
      g7,
      (c) => [
        topicRecord(c, c.topics[0]!, { correct: 10, seconds: 4, finishedAt: recent }),
        chapterRecord('treasure', c, { correct: 10, finishedAt: '2026-11-16T10:00:00Z' }),
      ],
    ],
    [
      'Chirag Das',
      schoolA,
      7,
      g7,
      (c) => [topicRecord(c, c.topics[0]!, { correct: 2, seconds: 30, finishedAt: '2026-10-11T10:00:00Z' })],
    ],
    ['Divya Iyer', schoolA, 7, g7, null],
    [
      'Esha Nair',
      schoolA,
      6,
      g6,
      (c) => [
        topicRecord(c, c.topics[0]!, { correct: 5, seconds: 10, finishedAt: recent }),
        chapterRecord('treasure', c, { correct: 5, finishedAt: '2026-11-16T10:00:00Z' }),
      ],
    ],
    [
      'Farhan Ali',
      schoolB,
      7,
      g7,
      (c) => [
        topicRecord(c, c.topics[0]!, { correct: 9, seconds: 6, finishedAt: recent }),
        chapterRecord('treasure', c, { correct: 9, finishedAt: '2026-11-16T10:00:00Z' }),
      ],
    ],
  ];
  for (const [name, schoolId, grade, chapter, records] of people) {
    const [first, last] = name.split(' ') as [string, string];
    const id = await createStudent(db, {
      schoolId,
      boardId,
      grade,
      firstName: first,
      enrolledAt: new Date('2026-06-10T00:00:00Z'),
    });
    await db.updateTable('users').set({ last_name: last }).where('id', '=', id).execute();
    ids[first] = id;
    if (records) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        headers: { cookie: await sessionCookie(db, id, t.now()) },
        payload: { records: records(chapter) },
      });
      expect(res.json().rejected).toEqual([]);
    }
  }
  const staff = {
    principalA: await createStaff(db, 'principal', { schoolIds: [schoolA] }),
    teacher6: await createStaff(db, 'teacher', {
      schoolIds: [schoolA],
      assignments: [{ schoolId: schoolA, grade: 6 }],
    }),
    superadmin: await createStaff(db, 'superadmin', { chainId }),
    otherAdmin: await createStaff(db, 'superadmin', { chainId: await createChain(db) }),
  };
  for (const [key, id] of Object.entries(staff)) cookies[key] = await sessionCookie(db, id, t.now());
  cookies.student = await sessionCookie(db, ids.Ananya!, t.now());
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/analytics/${url}`,
    headers: cookies[who] ? { cookie: cookies[who]! } : {},
  });

describe('school analytics, by hand', () => {
  it('overview: registered, active, inactive and per-grade average scores', async () => {
    const res = await get('principalA', 'overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      registered: 5,
      active: 3,
      inactive: 2,
      activityWindowDays: 30,
      schools: [{ id: schoolA, name: 'Alpha School' }],
    });
    expect(body.grades).toHaveLength(2);
    expect(body.grades[0]).toMatchObject({ grade: 6, registered: 1, active: 1, inactive: 0 });
    expect(body.grades[0].averageScore).toBeCloseTo(0.2 * ((100 * 58) / 110) + 0.8 * 50, 6);
    expect(body.grades[1]).toMatchObject({ grade: 7, registered: 4, active: 2, inactive: 2 });
    expect(body.grades[1].averageScore).toBeCloseTo((0.2 * ((100 * 87.2) / 110) + 0.8 * 70 + 100) / 2, 6);
    const grade7 = (await get('principalA', 'overview?grade=7')).json();
    expect(grade7).toMatchObject({ registered: 4, active: 2, inactive: 2 });
  });

  it('grade detail: distribution by displayed score and subjects', async () => {
    const body = (await get('principalA', 'grade?grade=7')).json();
    expect(body.totalStudents).toBe(4);
    expect(body.distribution.map((d: { students: number }) => d.students)).toEqual([2, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(body.distribution[9].label).toBe('90-100');
    expect(body.subjects).toEqual([
      { subjectId: expect.any(Number), slug: 'science', names: { en: 'science' }, students: 3 },
    ]);
  });

  it('student lists: category, band, search (literal) and paging', async () => {
    const inactive = (await get('principalA', 'students?grade=7&category=inactive')).json();
    expect(inactive.total).toBe(2);
    expect(inactive.rows.map((r: { fullName: string }) => r.fullName)).toEqual(['Chirag Das', 'Divya Iyer']);
    expect(inactive.rows[0]).toMatchObject({
      grade: 7,
      schoolName: 'Alpha School',
      learningCurrency: 20,
      chaptersCompleted: 0,
      lastPlayedAt: '2026-10-11T10:00:00.000Z',
    });
    expect(inactive.rows[1]).toMatchObject({ totalScore: 0, lastPlayedAt: null, lastChapter: null });

    const top = (await get('principalA', 'students?grade=7&category=band&band=9')).json();
    expect(top.rows.map((r: { fullName: string }) => r.fullName)).toEqual(['Bhavya Shah']);
    expect(top.rows[0]).toMatchObject({
      totalScore: 100,
      knowledgeEfficiency: 100,
      learningEfficiency: 100,
      knowledgeCurrency: 110,
      chaptersCompleted: 1,
    });

    const all = (await get('principalA', 'students')).json();
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(all.rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Bhavya Shah',
      'Ananya Rao',
      'Esha Nair',
      'Chirag Das',
      'Divya Iyer',
    ]);
    // A page past the end is empty and still tells how many students there are.
    expect((await get('principalA', 'students?page=2')).json()).toMatchObject({ total: 5, rows: [] });

    expect(
      (await get('principalA', 'students?search=ANAN')).json().rows.map((r: { fullName: string }) => r.fullName),
    ).toEqual(['Ananya Rao']);
    expect((await get('principalA', 'students?search=%25')).json().total).toBe(0);
    expect((await get('principalA', 'students?search=a_a')).json().total).toBe(0);
    // Two letters have no trigram for the name index: the same answer by another plan.
    const short = (await get('principalA', 'students?search=sh')).json();
    expect(short).toMatchObject({ total: 2 });
    expect(short.rows.map((r: { fullName: string }) => r.fullName)).toEqual(['Bhavya Shah', 'Esha Nair']);
  });

  it('searches a student by their name as it is now (the enrolment keeps a copy of it)', async () => {
    const rename = (first: string) =>
      t.database.db.updateTable('users').set({ first_name: first }).where('id', '=', ids.Divya!).execute();
    try {
      await rename('Vaidehi');
      expect(
        (await get('principalA', 'students?search=vaide')).json().rows.map((r: { fullName: string }) => r.fullName),
      ).toEqual(['Vaidehi Iyer']);
      expect((await get('principalA', 'students?search=divya')).json().total).toBe(0);
      expect(
        (await get('principalA', 'students?search=va')).json().rows.map((r: { fullName: string }) => r.fullName),
      ).toEqual(['Vaidehi Iyer']);
    } finally {
      await rename('Divya');
    }
    expect((await get('principalA', 'students?search=divya')).json().total).toBe(1);
  });

  it('insights: shares of registered students and toppers per grade', async () => {
    const body = (await get('principalA', 'insights')).json();
    expect(body.topBand).toEqual({
      schoolId: schoolA,
      schoolName: 'Alpha School',
      grade: 7,
      students: 1,
      registered: 4,
      percent: 25,
    });
    expect(body.belowHalf).toEqual({
      schoolId: schoolA,
      schoolName: 'Alpha School',
      grade: 7,
      students: 2,
      registered: 4,
      percent: 50,
    });
    expect(body.mostInactive).toMatchObject({ grade: 7, students: 2 });
    expect(body.toppers).toEqual([
      { grade: 6, students: [expect.objectContaining({ fullName: 'Esha Nair' })] },
      {
        grade: 7,
        students: ['Bhavya Shah', 'Ananya Rao', 'Chirag Das'].map((fullName) => expect.objectContaining({ fullName })),
      },
    ]);
  });

  it('a super-admin sees the chosen schools of their chain, naming the school', async () => {
    const both = (await get('superadmin', `overview?schoolIds=${schoolA},${schoolB}`)).json();
    expect(both).toMatchObject({ registered: 6, active: 4, inactive: 2 });
    const insights = (await get('superadmin', `insights?schoolIds=${schoolA},${schoolB}`)).json();
    expect(insights.topBand).toEqual({
      schoolId: schoolB,
      schoolName: 'Beta School',
      grade: 7,
      students: 1,
      registered: 1,
      percent: 100,
    });
    expect((await get('superadmin', `overview?schoolIds=${schoolB}`)).json().registered).toBe(1);
  });

  it('streams the same list as CSV: BOM, header, numbers as numbers', async () => {
    const res = await get('principalA', 'students.csv?grade=7');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /filename="students-registered-schools-\d+-grade-7-2026-11-20\.csv"/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Full Name,Grade,Section,School,Board,Knowledge Wealth,Knowledge Efficiency (%),Learning Efficiency (%),Knowledge Currency,Learning Currency,Chapters Completed,Time Spent,Last Played Chapter,Last Played Topic,Last Played Date',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^Bhavya Shah,7,A,Alpha School,B\d+ board,100,100,100,110,110,1,\d\d:\d\d:\d\d,Chapter 1,,2026-11-16$/,
    );
    expect(lines[2]).toMatch(/^Ananya Rao,7,A,Alpha School,B\d+ board,72,70,79.27,61,87,1,/);
  });
});

describe('analytics scope policy', () => {
  it('keeps a principal to their school', async () => {
    expect((await get('principalA', `overview?schoolIds=${schoolB}`)).statusCode).toBe(403);
    expect((await get('principalA', `students.csv?schoolIds=${schoolA},${schoolB}`)).statusCode).toBe(403);
  });

  it('keeps a teacher to assigned grades', async () => {
    const own = (await get('teacher6', 'overview')).json();
    expect(own).toMatchObject({ registered: 1, active: 1 });
    expect((await get('teacher6', 'grade?grade=7')).statusCode).toBe(403);
    expect((await get('teacher6', 'students?grade=7')).statusCode).toBe(403);
    expect((await get('teacher6', 'students')).json().rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Esha Nair',
    ]);
  });

  it('refuses super-admins of another chain, students and visitors', async () => {
    expect((await get('otherAdmin', `overview?schoolIds=${schoolA}`)).statusCode).toBe(403);
    expect((await get('student', 'overview')).statusCode).toBe(403);
    expect((await get('nobody', 'overview')).statusCode).toBe(401);
    expect((await get('principalA', 'overview?schoolIds=1;drop')).statusCode).toBe(400);
  });
});

describe('subject summary, by hand (science, grade 7, Alpha School)', () => {
  const base = () => `grade=7&subjectId=${science7.subjectId}`;

  it('counts students of the subject, per chapter progress, chapters', async () => {
    const body = (await get('principalA', `subject?${base()}`)).json();
    expect(body).toMatchObject({ level: 'subject', subject: { slug: 'science' }, chapterCard: null, topics: [] });
    // Ananya, Bhavya, Chirag played; Ananya and Bhavya finished the treasure.
    expect(body.counts).toEqual({ subjectAttempted: 3, chapterCompleted: 2, topicCompleted: 3 });
    expect(body.chapterProgress).toEqual([{ chapterId: science7.id, name: 'Chapter 1', completed: 2, percent: 67 }]);
    expect(body.chapters).toEqual([{ chapterId: science7.id, name: 'Chapter 1' }]);
  });

  it('names chapters, topics and the last played chapter in the language of the screen', async () => {
    const db = t.database.db;
    await sql`update chapters set names = names || '{"mr": "पहिला धडा"}'::jsonb where id = ${science7.id}`.execute(db);
    const inMarathi = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/analytics/${url}`,
        headers: { cookie: cookies.principalA!, 'accept-language': 'mr' },
      });
    try {
      expect((await inMarathi(`subject?${base()}`)).json().chapters).toEqual([
        { chapterId: science7.id, name: 'पहिला धडा' },
      ]);
      // The topic has no Marathi name: English.
      expect((await inMarathi(`subject?${base()}&chapterId=${science7.id}`)).json().topics).toEqual([
        { topicId: science7.topics[0]!.id, name: 'Topic 1.1' },
      ]);
      const report = (await inMarathi('students?grade=7')).json() as { rows: { lastChapter: string | null }[] };
      expect(report.rows.some((r) => r.lastChapter === 'पहिला धडा')).toBe(true);
      expect(report.rows.some((r) => r.lastChapter === 'Chapter 1')).toBe(false);
    } finally {
      await sql`update chapters set names = names - 'mr' where id = ${science7.id}`.execute(db);
    }
  });

  it('drills to a chapter: completion card and topics', async () => {
    const body = (await get('principalA', `subject?${base()}&chapterId=${science7.id}`)).json();
    expect(body.level).toBe('chapter');
    expect(body.chapterCard).toEqual({ notAttempted: 0, completed: 2, onlyTopics: 1 });
    expect(body.topics).toEqual([{ topicId: science7.topics[0]!.id, name: 'Topic 1.1' }]);
  });

  it('lists students at each level with that level’s figures', async () => {
    const subject = (await get('principalA', `subject/students?${base()}`)).json();
    expect(subject.rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Bhavya Shah',
      'Ananya Rao',
      'Chirag Das',
    ]);
    const ananya = subject.rows[1];
    expect(ananya.knowledgeWealth).toBeCloseTo(71.8545, 3);
    expect(ananya).toMatchObject({
      knowledgeEfficiency: 70,
      knowledgeCurrency: 61,
      learningCurrency: 87,
      chaptersCompleted: 1,
    });
    expect(ananya.learningEfficiency).toBeCloseTo(79.2727, 3);

    const chapter = (await get('principalA', `subject/students?${base()}&chapterId=${science7.id}`)).json();
    expect(chapter.level).toBe('chapter');
    expect(chapter.rows[1].knowledgeWealth).toBeCloseTo(71.8545, 3);
    expect(chapter.rows[2]).toMatchObject({ fullName: 'Chirag Das', chaptersCompleted: 0, knowledgeEfficiency: 0 });

    const topic = (
      await get('principalA', `subject/students?${base()}&chapterId=${science7.id}&topicId=${science7.topics[0]!.id}`)
    ).json();
    expect(topic.level).toBe('topic');
    expect(topic.rows.map((r: { fullName: string }) => r.fullName)).toEqual([
      'Bhavya Shah',
      'Ananya Rao',
      'Chirag Das',
    ]);
    expect(topic.rows[2].learningEfficiency).toBeCloseTo((100 * 20) / 110, 6);
    expect(topic.rows[2]).toMatchObject({
      knowledgeWealth: null,
      knowledgeEfficiency: null,
      chaptersCompleted: null,
      learningCurrency: 20,
    });

    const search = (await get('principalA', `subject/students?${base()}&search=chir`)).json();
    expect(search.total).toBe(1);
    const topicSearch = (
      await get(
        'principalA',
        `subject/students?${base()}&chapterId=${science7.id}&topicId=${science7.topics[0]!.id}&search=sh`,
      )
    ).json();
    expect(topicSearch).toMatchObject({ total: 1, rows: [{ fullName: 'Bhavya Shah' }] });
    // A page past the end is empty and still tells how many students there are.
    expect((await get('principalA', `subject/students?${base()}&page=2`)).json()).toMatchObject({
      level: 'subject',
      total: 3,
      page: 2,
      rows: [],
    });
  });

  it('downloads the topic list as CSV with the topic columns', async () => {
    const res = await get(
      'principalA',
      `subject/students.csv?${base()}&chapterId=${science7.id}&topicId=${science7.topics[0]!.id}`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Full Name,User Grade,School,Learning Efficiency (%),Time Spent');
    expect(lines[1]).toMatch(/^Bhavya Shah,7,Alpha School,100,\d\d:\d\d:\d\d$/);
    expect(lines[3]).toMatch(/^Chirag Das,7,Alpha School,18.18,/);
  });

  it('refuses a chapter of another subject, other grades for a teacher, other schools', async () => {
    expect((await get('principalA', `subject?${base()}&chapterId=${otherSubjectChapter.id}`)).statusCode).toBe(400);
    expect((await get('principalA', `subject?grade=7&subjectId=999999`)).statusCode).toBe(404);
    // A topic needs its own chapter.
    expect((await get('principalA', `subject/students?${base()}&topicId=${science7.topics[0]!.id}`)).statusCode).toBe(
      400,
    );
    expect(
      (
        await get(
          'principalA',
          `subject/students?${base()}&chapterId=${science7.id}&topicId=${otherSubjectChapter.topics[0]!.id}`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await get('teacher6', `subject?${base()}`)).statusCode).toBe(403);
    expect((await get('principalA', `subject?${base()}&schoolIds=${schoolB}`)).statusCode).toBe(403);
  });
});

describe('student-list variants (dashboards.md 2.8, 9)', () => {
  const names = (body: { rows: { fullName: string }[] }) => body.rows.map((r) => r.fullName);

  it('cards, simple bars and mixed bars share the list; only the mixed-bar list carries emails, never for active students', async () => {
    const db = t.database.db;
    await db.updateTable('users').set({ email: 'chirag@example.in' }).where('id', '=', ids.Chirag!).execute();
    await db.updateTable('users').set({ email: 'ananya@example.in' }).where('id', '=', ids.Ananya!).execute();

    const card = (await get('principalA', 'students?grade=7&category=registered&view=card')).json();
    expect(card).toMatchObject({ variant: 'card', total: 4, page: 1, pageSize: 10 });
    expect(names(card)).toEqual(['Bhavya Shah', 'Ananya Rao', 'Chirag Das', 'Divya Iyer']);
    expect(card.rows[0]).toMatchObject({
      schoolName: 'Alpha School',
      grade: 7,
      boardName: expect.stringMatching(/^B\d+ board$/),
    });
    expect(card.rows.some((r: object) => 'email' in r)).toBe(false);

    // Band 70-79 of grade 7 is Ananya alone: KW 71.8545 (shown 72), KC 61, LC 87.
    const simple = (await get('principalA', 'students?grade=7&category=band&band=7&view=simplebar')).json();
    expect(simple).toMatchObject({ variant: 'simplebar', total: 1 });
    expect(simple.rows[0]).toMatchObject({ fullName: 'Ananya Rao', knowledgeCurrency: 61, learningCurrency: 87 });
    expect(simple.rows[0].totalScore).toBeCloseTo(71.8545, 3);

    const inactive = (await get('principalA', 'students?grade=7&category=inactive&view=mixbar')).json();
    expect(inactive.variant).toBe('mixbar');
    expect(inactive.rows.map((r: { studentId: number; email: string | null }) => [r.studentId, r.email])).toEqual([
      [ids.Chirag, 'chirag@example.in'],
      [ids.Divya, null],
    ]);
    const registered = (await get('principalA', 'students?grade=7&category=registered&view=mixbar')).json();
    expect(registered.rows.map((r: { email: string | null }) => r.email)).toEqual([
      null,
      'ananya@example.in',
      'chirag@example.in',
      null,
    ]);
    const active = (await get('principalA', 'students?grade=7&category=active&view=mixbar')).json();
    expect(names(active)).toEqual(['Bhavya Shah', 'Ananya Rao']);
    expect(active.rows.some((r: object) => 'email' in r)).toBe(false);

    const report = (await get('principalA', 'students?grade=7')).json();
    expect(report).toMatchObject({ variant: 'report', pageSize: 10 });
    expect(report.rows.some((r: object) => 'email' in r)).toBe(false);
    expect((await get('principalA', 'students?view=bars')).statusCode).toBe(400);
  });

  it('a super-admin’s list has its own column set, 30 a page, naming the school', async () => {
    const both = (
      await get('superadmin', `students?schoolIds=${schoolA},${schoolB}&category=registered&view=card`)
    ).json();
    expect(both).toMatchObject({ variant: 'superadmin', total: 6, pageSize: 30 });
    // Scores: Bhavya 100, Farhan 90.1091, Ananya 71.8545, Esha 50.5455, Chirag 3.6364, Divya 0.
    expect(names(both)).toEqual(['Bhavya Shah', 'Farhan Ali', 'Ananya Rao', 'Esha Nair', 'Chirag Das', 'Divya Iyer']);
    expect(both.rows[1]).toMatchObject({ schoolName: 'Beta School', grade: 7 });
    expect(both.rows.some((r: object) => 'email' in r)).toBe(false);
    const mix = (await get('superadmin', `students?schoolIds=${schoolA}&grade=7&category=inactive&view=mixbar`)).json();
    expect(mix).toMatchObject({ variant: 'superadmin', total: 2, pageSize: 30 });
    // The grade tab's Students Report keeps 10 a page.
    expect((await get('superadmin', `students?schoolIds=${schoolA}`)).json()).toMatchObject({
      variant: 'report',
      pageSize: 10,
    });

    // 12 students more in a third school: one page of 30 holds them all, the report's second page has 2.
    const db = t.database.db;
    const boardId = (
      await db
        .selectFrom('student_enrolments')
        .select('board_id')
        .where('student_id', '=', ids.Ananya!)
        .executeTakeFirstOrThrow()
    ).board_id!;
    const schoolC = await createSchool(db, { chainId, boardId, name: 'Gamma School', grades: [7] });
    for (let i = 0; i < 12; i++)
      await createStudent(db, {
        schoolId: schoolC,
        boardId,
        grade: 7,
        firstName: `Pupil${String(i).padStart(2, '0')}`,
        enrolledAt: new Date('2026-06-10T00:00:00Z'),
      });
    const page = (await get('superadmin', `students?schoolIds=${schoolC}&category=registered&view=simplebar`)).json();
    expect(page).toMatchObject({ variant: 'superadmin', total: 12, pageSize: 30 });
    expect(page.rows).toHaveLength(12);
    expect(page.rows.every((r: { schoolName: string }) => r.schoolName === 'Gamma School')).toBe(true);
    expect(
      (await get('superadmin', `students?schoolIds=${schoolC}&category=registered&view=simplebar&page=2`)).json().rows,
    ).toEqual([]);
    expect((await get('superadmin', `students?schoolIds=${schoolC}&page=2`)).json().rows).toHaveLength(2);
  });
});

describe('chapter-wise report of the completion card (dashboards.md 2.7)', () => {
  const base = () => `grade=7&chapterId=${science7.id}`;
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');

  it('lists the students behind each figure with their figures in the chapter', async () => {
    const completed = await get('principalA', `subject/chapter-report.csv?${base()}&card=completed`);
    expect(completed.statusCode).toBe(200);
    expect(completed.headers['content-type']).toContain('text/csv');
    expect(completed.headers['content-disposition']).toMatch(
      new RegExp(
        `filename="chapter-report-completed-science-chapter-${science7.id}-grade-7-schools-${schoolA}-2026-11-20\\.csv"`,
      ),
    );
    expect(completed.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(completed.body);
    expect(lines[0]).toBe(
      'Full Name,User Grade,School,Chapter,Topics Completed,Knowledge Efficiency (%),Learning Efficiency (%),Knowledge Currency,Learning Currency,Time Spent,Last Played Date',
    );
    // Bhavya: KE 100, LE 100, KC round(110 x 1) = 110, LC 110; Ananya: KE 70, LE 79.27, KC 61, LC 87.
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^Bhavya Shah,7,Alpha School,Chapter 1,1,100,100,110,110,\d\d:\d\d:\d\d,2026-11-16$/),
      expect.stringMatching(/^Ananya Rao,7,Alpha School,Chapter 1,1,70,79.27,61,87,\d\d:\d\d:\d\d,2026-11-16$/),
    ]);
    // Chirag played the topic only: no KE, LE 100 x 20 / 110 = 18.18, KC 0, LC 20.
    const only = csvLines((await get('principalA', `subject/chapter-report.csv?${base()}&card=onlyTopics`)).body);
    expect(only.slice(1)).toEqual([
      expect.stringMatching(/^Chirag Das,7,Alpha School,Chapter 1,1,0,18.18,0,20,\d\d:\d\d:\d\d,2026-10-11$/),
    ]);
    // Every student of the subject attempted the chapter: a header alone.
    expect(
      csvLines((await get('principalA', `subject/chapter-report.csv?${base()}&card=notAttempted`)).body),
    ).toHaveLength(1);
  });

  it('has as many rows as the card counts, also across schools', async () => {
    const summary = (
      await get('superadmin', `subject?schoolIds=${schoolA},${schoolB}&${base()}&subjectId=${science7.subjectId}`)
    ).json();
    expect(summary.chapterCard).toEqual({ notAttempted: 0, completed: 3, onlyTopics: 1 });
    const completed = csvLines(
      (await get('superadmin', `subject/chapter-report.csv?schoolIds=${schoolA},${schoolB}&${base()}&card=completed`))
        .body,
    );
    expect(completed.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'Bhavya Shah,7,Alpha School',
      'Farhan Ali,7,Beta School',
      'Ananya Rao,7,Alpha School',
    ]);
  });

  it('refuses other schools, grades outside a teacher’s, unknown chapters and a bad card', async () => {
    expect(
      (await get('principalA', `subject/chapter-report.csv?${base()}&card=completed&schoolIds=${schoolB}`)).statusCode,
    ).toBe(403);
    expect((await get('teacher6', `subject/chapter-report.csv?${base()}&card=completed`)).statusCode).toBe(403);
    expect((await get('student', `subject/chapter-report.csv?${base()}&card=completed`)).statusCode).toBe(403);
    expect((await get('principalA', `subject/chapter-report.csv?${base()}&card=all`)).statusCode).toBe(400);
    expect((await get('principalA', `subject/chapter-report.csv?grade=7&card=completed`)).statusCode).toBe(400);
    expect(
      (await get('principalA', `subject/chapter-report.csv?grade=7&chapterId=999999&card=completed`)).statusCode,
    ).toBe(404);
    // The chapter names its subject: history's chapter lists history's students (none played it).
    expect(
      csvLines(
        (
          await get(
            'principalA',
            `subject/chapter-report.csv?grade=7&chapterId=${otherSubjectChapter.id}&card=notAttempted`,
          )
        ).body,
      ),
    ).toHaveLength(1);
  });
});

describe('active on the first day of the window (rollup by day plus that day’s students)', () => {
  it('counts a student who played after the window opened that day, not one who played before', async () => {
    // The window opens at 2026-10-21T10:00Z (30 days before now). Both play topic 8/10 at 12 s:
    // LE 79.2727, no treasure, total 0.2 x 79.2727 = 15.8545.
    const db = t.database.db;
    const boardId = (
      await db
        .selectFrom('student_enrolments')
        .select('board_id')
        .where('student_id', '=', ids.Ananya!)
        .executeTakeFirstOrThrow()
    ).board_id!;
    const school = await createSchool(db, { chainId, boardId, name: 'Delta School', grades: [7] });
    for (const [first, at] of [
      ['Ishaan', '2026-10-21T12:00:00Z'],
      ['Jaya', '2026-10-21T08:00:00Z'],
    ] as const) {
      const id = await createStudent(db, {
        schoolId: school,
        boardId,
        grade: 7,
        firstName: first,
        enrolledAt: new Date('2026-06-10T00:00:00Z'),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/records',
        headers: { cookie: await sessionCookie(db, id, t.now()) },
        payload: { records: [topicRecord(science7, science7.topics[0]!, { correct: 8, seconds: 12, finishedAt: at })] },
      });
      expect(res.json().rejected).toEqual([]);
    }
    const body = (await get('superadmin', `overview?schoolIds=${school}`)).json();
    expect(body).toMatchObject({ registered: 2, active: 1, inactive: 1 });
    expect(body.grades).toHaveLength(1);
    expect(body.grades[0]).toMatchObject({ grade: 7, registered: 2, active: 1, inactive: 1 });
    expect(body.grades[0].averageScore).toBeCloseTo(0.2 * ((100 * 87.2) / 110), 6);
    expect(
      (await get('superadmin', `students?schoolIds=${school}&category=active`))
        .json()
        .rows.map((r: { fullName: string }) => r.fullName),
    ).toEqual(['Ishaan Test']);
  });
});
