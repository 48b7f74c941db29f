import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';

let t: TestApp;
let chapters: TestChapter[];
let otherGradeChapter: TestChapter;
let draftTopicId: number;
let draftQuestionId: number;
const cookie: Record<'asha' | 'bina' | 'chetan' | 'principal' | 'parent', string> = {
  asha: '',
  bina: '',
  chetan: '',
  principal: '',
  parent: '',
};

/**
 * Grade VII science of board A: two published chapters of three topics (ten questions each), plus
 * a draft chapter, a draft topic and a draft question that must never be served. Asha (Hindi) and
 * Bina (English) are in grade VII; Chetan in grade VI of the same school.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const boardId = await createBoard(db);
  const schoolId = await createSchool(db, { boardId, grades: [6, 7] });
  chapters = (await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 3, topics: 3 }))
    .chapters;
  [otherGradeChapter] = (
    await createCurriculum(db, { boardId, grade: 6, subjectSlug: 'science', chapters: 1, topics: 1 })
  ).chapters as [TestChapter];
  await db.updateTable('chapters').set({ status: 'draft' }).where('id', '=', chapters[2]!.id).execute();
  const c0 = chapters[0]!;
  draftTopicId = (
    await db
      .insertInto('topics')
      .values({
        chapter_id: c0.id,
        slug: 'draft-topic',
        names: JSON.stringify({ en: 'Draft' }),
        position: 9,
        status: 'draft',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  draftQuestionId = (
    await db
      .insertInto('questions')
      .values({
        topic_id: c0.topics[0]!.id,
        type: 'true_false',
        position: 99,
        content: JSON.stringify({ en: { text: 'Draft?', options: ['True', 'False'], solution: '' } }),
        answer: [0],
        status: 'in_review',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Concepts: topic 1 in English and Hindi, topic 2 in English only, topic 3 a draft concept only.
  await db
    .insertInto('concepts')
    .values([
      { topic_id: c0.topics[0]!.id, language: 'en', body: 'Acids taste sour.' },
      { topic_id: c0.topics[0]!.id, language: 'hi', body: 'अम्ल खट्टे होते हैं।' },
      { topic_id: c0.topics[1]!.id, language: 'en', body: 'Bases feel soapy.' },
      { topic_id: c0.topics[2]!.id, language: 'en', body: 'Not yet approved.', status: 'in_review' },
    ])
    .execute();
  await db
    .updateTable('questions')
    .set({
      content: JSON.stringify({
        en: { text: 'Lemon is?', options: ['acidic', 'basic'], solution: 'Sour' },
        hi: { text: 'नींबू है?', options: ['अम्लीय', 'क्षारीय'], solution: 'खट्टा' },
      }),
    })
    .where('id', '=', c0.topics[0]!.questions[0]!.id)
    .execute();
  await db
    .updateTable('subjects')
    .set({ names: JSON.stringify({ en: 'Science', hi: 'विज्ञान' }) })
    .where('slug', '=', 'science')
    .execute();

  const asha = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Asha' });
  await db.updateTable('users').set({ language: 'hi' }).where('id', '=', asha).execute();
  const bina = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Bina' });
  const chetan = await createStudent(db, { schoolId, boardId, grade: 6, firstName: 'Chetan' });
  cookie.asha = await sessionCookie(db, asha, t.now());
  cookie.bina = await sessionCookie(db, bina, t.now());
  cookie.chetan = await sessionCookie(db, chetan, t.now());
  cookie.principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [schoolId] }), t.now());
  const parent = await db
    .insertInto('users')
    .values({
      role: 'parent',
      first_name: 'P',
      last_name: '',
      mobile: null,
      email: null,
      password_hash: null,
      login_code: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  cookie.parent = await sessionCookie(db, parent.id, t.now());
});
afterAll(() => t.close());

const get = (who: keyof typeof cookie, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who], ...headers } });
const send = (who: keyof typeof cookie, method: 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: cookie[who] },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const postRecords = (who: keyof typeof cookie, records: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: cookie[who] }, payload: { records } });

describe('subject bundle for offline play', () => {
  it('serves only published content of the student’s board and grade, with the answer key', async () => {
    const res = await get('bina', '/api/v1/learn/subjects/science/bundle');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.chapters.map((c: { id: number }) => c.id)).toEqual([chapters[0]!.id, chapters[1]!.id]);
    const topics = body.chapters[0].topics;
    expect(topics.map((x: { id: number }) => x.id)).toEqual(chapters[0]!.topics.map((x) => x.id));
    expect(topics.map((x: { id: number }) => x.id)).not.toContain(draftTopicId);
    const questionIds = topics.flatMap((x: { questions: { id: number }[] }) => x.questions.map((q) => q.id));
    expect(questionIds).toHaveLength(30);
    expect(questionIds).not.toContain(draftQuestionId);
    expect(topics[0].questions[0]).toEqual({
      id: chapters[0]!.topics[0]!.questions[0]!.id,
      type: 'multiple_choice',
      text: 'Lemon is?',
      options: ['acidic', 'basic'],
      answer: [1],
      solution: 'Sour',
      language: 'en',
    });
    expect(topics[0].concept).toEqual({ language: 'en', body: 'Acids taste sour.' });
    // A concept still in review is not served.
    expect(topics[2].concept).toBeNull();
    expect(body.chapters.flatMap((c: { topics: { id: number }[] }) => c.topics.map((x) => x.id))).not.toContain(
      otherGradeChapter.topics[0]!.id,
    );
  });

  it('speaks the student’s language and falls back to English where a text has no translation', async () => {
    const body = (await get('asha', '/api/v1/learn/subjects/science/bundle')).json();
    expect(body.language).toBe('hi');
    expect(body.subject.name).toBe('विज्ञान');
    const [first, second] = body.chapters[0].topics;
    expect(first.concept).toEqual({ language: 'hi', body: 'अम्ल खट्टे होते हैं।' });
    expect(second.concept).toEqual({ language: 'en', body: 'Bases feel soapy.' });
    expect(first.questions[0]).toMatchObject({ text: 'नींबू है?', options: ['अम्लीय', 'क्षारीय'], solution: 'खट्टा' });
    expect(first.questions[1].text).toBe('Question 2?');
  });

  it('says which texts are in the student’s language and which are shown in English', async () => {
    const body = (await get('asha', '/api/v1/learn/subjects/science/bundle')).json();
    expect(body.subject).toMatchObject({ name: 'विज्ञान', nameLanguage: 'hi' });
    // The factories name chapters and topics in English only.
    expect(body.chapters[0]).toMatchObject({ nameLanguage: 'en' });
    const [first] = body.chapters[0].topics;
    expect(first.nameLanguage).toBe('en');
    expect(first.questions[0].language).toBe('hi');
    expect(first.questions[1].language).toBe('en');
    // In English, everything is in the student's language.
    const english = (await get('bina', '/api/v1/learn/subjects/science/bundle')).json();
    const languages = [
      english.subject.nameLanguage,
      ...english.chapters.flatMap(
        (c: { nameLanguage: string; topics: { nameLanguage: string; questions: { language: string }[] }[] }) => [
          c.nameLanguage,
          ...c.topics.flatMap((x) => [x.nameLanguage, ...x.questions.map((q) => q.language)]),
        ],
      ),
    ];
    expect(new Set(languages)).toEqual(new Set(['en']));
  });

  it('follows the language the student sets: the next bundle, chapters and subjects are in it', async () => {
    const db = t.database.db;
    // The file's one school activates Hindi for this test.
    await db
      .updateTable('schools')
      .set({ activated_languages: ['en', 'hi'] })
      .execute();
    try {
      const before = await get('bina', '/api/v1/learn/subjects/science/bundle');
      expect(before.json()).toMatchObject({ language: 'en', subject: { name: 'Science' } });
      const set = await send('bina', 'PUT', '/api/v1/me/language', { language: 'hi' });
      expect(set.statusCode).toBe(200);
      expect(set.json().user.language).toBe('hi');
      // The device's English copy is stale: a new version, in Hindi.
      const after = await get('bina', '/api/v1/learn/subjects/science/bundle', {
        'if-none-match': before.headers.etag as string,
      });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ language: 'hi', subject: { name: 'विज्ञान', nameLanguage: 'hi' } });
      expect(after.json().chapters[0].topics[0].concept).toEqual({ language: 'hi', body: 'अम्ल खट्टे होते हैं।' });
      expect((await get('bina', '/api/v1/learn/subjects/science')).json().subject.name).toBe('विज्ञान');
      expect((await get('bina', '/api/v1/me/subjects')).json().subjects[0].name).toBe('विज्ञान');
      // Whatever language the request's headers ask for: the setting decides.
      expect((await get('bina', '/api/v1/me/subjects', { 'accept-language': 'en' })).json().subjects[0].name).toBe(
        'विज्ञान',
      );
    } finally {
      await send('bina', 'PUT', '/api/v1/me/language', { language: 'en' });
      await db
        .updateTable('schools')
        .set({ activated_languages: ['en'] })
        .execute();
    }
    expect((await get('bina', '/api/v1/me/subjects')).json().subjects[0].name).toBe('Science');
  });

  it('answers 304 to its own ETag, and gives a new version when published content changes', async () => {
    const first = await get('bina', '/api/v1/learn/subjects/science/bundle');
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${first.json().version}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('bina', '/api/v1/learn/subjects/science/bundle', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another version.
    expect((await get('asha', '/api/v1/learn/subjects/science/bundle', { 'if-none-match': etag })).statusCode).toBe(
      200,
    );

    await t.database.db
      .updateTable('questions')
      .set({ status: 'published' })
      .where('id', '=', draftQuestionId)
      .execute();
    const changed = await get('bina', '/api/v1/learn/subjects/science/bundle', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().version).not.toBe(first.json().version);
    await t.database.db
      .updateTable('questions')
      .set({ status: 'in_review' })
      .where('id', '=', draftQuestionId)
      .execute();
    expect((await get('bina', '/api/v1/learn/subjects/science/bundle', { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
  });

  it('is compressed for clients that accept gzip', async () => {
    const res = await get('bina', '/api/v1/learn/subjects/science/bundle', { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.chapters).toHaveLength(2);
  });

  it('is 404 for a subject outside the student’s grade or unknown, 403 for staff and parents, 401 signed out', async () => {
    expect((await get('chetan', '/api/v1/learn/subjects/science/bundle')).statusCode).toBe(200);
    expect(
      (await get('chetan', '/api/v1/learn/subjects/science/bundle')).json().chapters.map((c: { id: number }) => c.id),
    ).toEqual([otherGradeChapter.id]);
    expect((await get('bina', '/api/v1/learn/subjects/history/bundle')).statusCode).toBe(404);
    expect((await get('principal', '/api/v1/learn/subjects/science/bundle')).statusCode).toBe(403);
    expect((await get('parent', '/api/v1/learn/subjects/science/bundle')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/learn/subjects/science/bundle' })).statusCode).toBe(401);
  });
});

describe('chapter progress and locks', () => {
  it('opens revise when every topic is completed and the treasure after a revise', async () => {
    const chapterOf = async () => (await get('bina', '/api/v1/learn/subjects/science')).json().chapters[0];
    const c0 = chapters[0]!;
    expect((await chapterOf()).locks).toEqual({
      revise: { locked: true, reason: 'TOPICS_INCOMPLETE', done: false },
      treasure: { locked: true, reason: 'TOPICS_INCOMPLETE', done: false },
    });
    const topicRecords = c0.topics.map((topic, i) =>
      topicRecord(c0, topic, { correct: 8, seconds: 12, finishedAt: `2026-11-19T10:0${i}:00Z` }),
    );
    expect((await postRecords('bina', topicRecords.slice(0, 2))).json().stored).toHaveLength(2);
    expect((await chapterOf()).locks.revise.locked).toBe(true);
    await postRecords('bina', topicRecords.slice(2));
    const afterTopics = await chapterOf();
    expect(afterTopics).toMatchObject({
      topics: 3,
      topicsCompleted: 3,
      learningCurrency: 3 * 87,
      reviseAttempts: 0,
      locks: {
        revise: { locked: false, reason: null, done: false },
        treasure: { locked: true, reason: 'REVISE_INCOMPLETE' },
      },
    });
    expect(afterTopics.topicProgress).toHaveLength(3);
    expect(afterTopics.topicProgress[0]).toMatchObject({
      topicId: c0.topics[0]!.id,
      attempts: 1,
      learningCurrency: 87,
    });
    expect(afterTopics.topicProgress[0].learningEfficiency).toBeCloseTo(79.2727, 4);

    await postRecords('bina', [chapterRecord('revise', c0, { correct: 7, finishedAt: '2026-11-19T10:10:00Z' })]);
    const afterRevise = await chapterOf();
    expect(afterRevise.reviseAttempts).toBe(1);
    expect(afterRevise.locks).toEqual({
      revise: { locked: false, reason: null, done: true },
      treasure: { locked: false, reason: null, done: false },
    });

    await postRecords('bina', [chapterRecord('treasure', c0, { correct: 9, finishedAt: '2026-11-19T10:20:00Z' })]);
    // KC_ch = round(261 / 3 x 90 / 100) = round(78.3) = 78.
    expect(await chapterOf()).toMatchObject({
      isCompleted: true,
      knowledgeEfficiency: 90,
      knowledgeCurrency: 78,
      treasureAttempts: 1,
      locks: { treasure: { done: true } },
    });
    const progress = (await get('bina', '/api/v1/learn/progress')).json();
    expect(progress.subjects).toEqual([
      {
        subjectId: c0.subjectId,
        chaptersCompleted: 1,
        topicsCompleted: 3,
        learningCurrency: 261,
        knowledgeCurrency: 78,
      },
    ]);
    // Chapter 1 done to its treasure: "continue where you left off" leads to chapter 2's first topic
    // (issue #28); the draft topic of chapter 1 and the draft chapter 3 are never offered.
    expect(progress.resume).toEqual({
      stage: 'topic',
      subjectSlug: 'science',
      subjectName: expect.any(String),
      subjectTheme: expect.any(String),
      chapterSlug: expect.stringMatching(/^chapter-/),
      chapterName: 'Chapter 2',
      topicSlug: expect.stringMatching(/^topic-/),
      topicName: 'Topic 2.1',
    });
    // Another student's progress is untouched.
    expect((await get('asha', '/api/v1/learn/subjects/science')).json().chapters[0].topicsCompleted).toBe(0);
  });

  it('answers the daily streak from the records, days in the school’s zone (issue #28)', async () => {
    const db = t.database.db;
    const school = await db
      .selectFrom('student_enrolments')
      .select(['school_id', 'board_id'])
      .where(
        'student_id',
        '=',
        (await db.selectFrom('users').select('id').where('first_name', '=', 'Bina').executeTakeFirstOrThrow()).id,
      )
      .executeTakeFirstOrThrow();
    const dev = await createStudent(db, {
      schoolId: school.school_id,
      boardId: school.board_id!,
      grade: 7,
      firstName: 'Dev',
    });
    const devCookie = await sessionCookie(db, dev, t.now());
    const streakOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/learn/progress', headers: { cookie: devCookie } })).json()
        .streak;
    expect(await streakOf()).toEqual({ days: 0, lastActiveDay: null, timeZone: 'Asia/Kolkata' });
    const resumeOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/learn/progress', headers: { cookie: devCookie } })).json()
        .resume;
    // Nothing played yet: nothing to continue.
    expect(await resumeOf()).toBeNull();

    const c0 = chapters[0]!;
    const post = (records: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/v1/records', headers: { cookie: devCookie }, payload: { records } });
    // 23:50 on the 18th and 00:10 on the 19th in India (one UTC day); the clock reads the 20th, 15:30.
    await post([
      topicRecord(c0, c0.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-18T18:20:00Z' }),
      topicRecord(c0, c0.topics[1]!, { correct: 8, seconds: 12, finishedAt: '2026-11-18T18:40:00Z' }),
    ]);
    // Nothing yet today: yesterday's two-day run is alive.
    expect(await streakOf()).toEqual({ days: 2, lastActiveDay: '2026-11-19', timeZone: 'Asia/Kolkata' });
    // Topics 1 and 2 played: continue with topic 3; then, all three played, the chapter's revise.
    expect(await resumeOf()).toMatchObject({ stage: 'topic', chapterName: 'Chapter 1', topicName: 'Topic 1.3' });
    await post([topicRecord(c0, c0.topics[2]!, { correct: 8, seconds: 12, finishedAt: '2026-11-20T09:00:00Z' })]);
    expect(await resumeOf()).toMatchObject({
      stage: 'revise',
      chapterName: 'Chapter 1',
      topicSlug: null,
      topicName: null,
    });
    expect(await streakOf()).toEqual({ days: 3, lastActiveDay: '2026-11-20', timeZone: 'Asia/Kolkata' });
    // In a school on UTC the first two are one day, the 18th, and the 19th is empty: today's run is 1.
    await db.updateTable('schools').set({ time_zone: 'UTC' }).where('id', '=', school.school_id).execute();
    try {
      expect(await streakOf()).toEqual({ days: 1, lastActiveDay: '2026-11-20', timeZone: 'UTC' });
    } finally {
      await db.updateTable('schools').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', school.school_id).execute();
    }
  });

  it('is for enrolled students only', async () => {
    expect((await get('principal', '/api/v1/learn/subjects/science')).statusCode).toBe(403);
    expect((await get('principal', '/api/v1/learn/progress')).statusCode).toBe(403);
  });
});

describe('bookmarks', () => {
  it('adds, lists and removes a student’s own concept and question bookmarks', async () => {
    const topic = chapters[0]!.topics[1]!;
    const question = chapters[0]!.topics[0]!.questions[0]!;
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/concepts/${topic.id}`)).json()).toEqual({
      id: topic.id,
      bookmarked: true,
    });
    // Idempotent.
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/concepts/${topic.id}`)).statusCode).toBe(200);
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/questions/${question.id}`)).statusCode).toBe(200);
    const list = (await get('asha', '/api/v1/bookmarks')).json();
    expect(list.concepts).toEqual([
      expect.objectContaining({
        topicId: topic.id,
        subjectSlug: 'science',
        subjectName: 'विज्ञान',
        topicSlug: expect.any(String),
        chapterSlug: expect.any(String),
      }),
    ]);
    expect(list.questions).toEqual([
      expect.objectContaining({ questionId: question.id, text: 'नींबू है?', answer: [1], solution: 'खट्टा' }),
    ]);
    expect((await get('asha', '/api/v1/bookmarks?subject=science')).json().concepts).toHaveLength(1);
    expect((await get('asha', '/api/v1/bookmarks?subject=history')).json()).toEqual({ concepts: [], questions: [] });
    // Another student sees only their own (none).
    expect((await get('bina', '/api/v1/bookmarks')).json()).toEqual({ concepts: [], questions: [] });
    // Removing another student's bookmark is a no-op on one's own list, never on theirs.
    await send('bina', 'DELETE', `/api/v1/bookmarks/concepts/${topic.id}`);
    expect((await get('asha', '/api/v1/bookmarks')).json().concepts).toHaveLength(1);
    expect((await send('asha', 'DELETE', `/api/v1/bookmarks/concepts/${topic.id}`)).json()).toEqual({
      id: topic.id,
      bookmarked: false,
    });
    expect((await get('asha', '/api/v1/bookmarks')).json().concepts).toEqual([]);
  });

  it('refuses content outside the student’s grade or unpublished (404), and staff (403)', async () => {
    expect(
      (await send('asha', 'PUT', `/api/v1/bookmarks/concepts/${otherGradeChapter.topics[0]!.id}`)).statusCode,
    ).toBe(404);
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/concepts/${draftTopicId}`)).statusCode).toBe(404);
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/questions/${draftQuestionId}`)).statusCode).toBe(404);
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/questions/999999`)).statusCode).toBe(404);
    expect((await send('asha', 'PUT', `/api/v1/bookmarks/questions/abc`)).statusCode).toBe(400);
    expect(
      (await send('principal', 'PUT', `/api/v1/bookmarks/concepts/${chapters[0]!.topics[0]!.id}`)).statusCode,
    ).toBe(403);
    expect((await get('principal', '/api/v1/bookmarks')).statusCode).toBe(403);
    expect((await get('parent', '/api/v1/bookmarks')).statusCode).toBe(403);
  });
});

describe('topic ratings', () => {
  it('keeps one rating per student and topic, replaced on re-rating', async () => {
    const topicId = chapters[1]!.topics[0]!.id;
    expect((await get('asha', `/api/v1/learn/topics/${topicId}/rating`)).json()).toEqual({ topicId, rating: null });
    expect((await send('asha', 'PUT', `/api/v1/learn/topics/${topicId}/rating`, { rating: 4 })).json()).toEqual({
      topicId,
      rating: 4,
    });
    expect((await send('asha', 'PUT', `/api/v1/learn/topics/${topicId}/rating`, { rating: 2 })).json()).toEqual({
      topicId,
      rating: 2,
    });
    await send('bina', 'PUT', `/api/v1/learn/topics/${topicId}/rating`, { rating: 5 });
    expect((await get('asha', `/api/v1/learn/topics/${topicId}/rating`)).json().rating).toBe(2);
    expect((await get('bina', `/api/v1/learn/topics/${topicId}/rating`)).json().rating).toBe(5);
    const rows = await t.database.db.selectFrom('topic_ratings').selectAll().where('topic_id', '=', topicId).execute();
    expect(rows).toHaveLength(2);
  });

  it('validates the rating and the topic, and is for students only', async () => {
    const topicId = chapters[1]!.topics[0]!.id;
    const bad = await send('asha', 'PUT', `/api/v1/learn/topics/${topicId}/rating`, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await send('asha', 'PUT', `/api/v1/learn/topics/${otherGradeChapter.topics[0]!.id}/rating`, { rating: 3 }))
        .statusCode,
    ).toBe(404);
    expect((await send('principal', 'PUT', `/api/v1/learn/topics/${topicId}/rating`, { rating: 3 })).statusCode).toBe(
      403,
    );
  });
});
