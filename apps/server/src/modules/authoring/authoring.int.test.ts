import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
let boardId: number;
let subjectId: number;
/** A published topic of the published science chapter (from the factories), 10 questions. */
let liveTopicId: number;
let liveQuestionId: number;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db);
  const schoolId = await createSchool(db, { boardId, grades: [7] });
  const curriculum = await createCurriculum(db, { boardId, grade: 7, subjectSlug: 'science', chapters: 1, topics: 1 });
  subjectId = curriculum.subjectId;
  liveTopicId = curriculum.chapters[0]!.topics[0]!.id;
  liveQuestionId = curriculum.chapters[0]!.topics[0]!.questions[0]!.id;
  await db.insertInto('concepts').values({ topic_id: liveTopicId, language: 'en', body: CONCEPT }).execute();
  const student = await createStudent(db, { schoolId, boardId, grade: 7 });
  const parent = await createUser(db, 'parent');
  await linkParent(db, parent, student);
  const ids: Record<string, number> = {
    editor: await createUser(db, 'content_editor', { firstName: 'Farah', lastName: 'Sheikh' }),
    editor2: await createUser(db, 'content_editor', { firstName: 'Omar', lastName: 'Khan' }),
    approver: await createUser(db, 'content_approver', { firstName: 'Vikram', lastName: 'Nair' }),
    student,
    parent,
    teacher: await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] }),
    principal: await createStaff(db, 'principal', { schoolIds: [schoolId] }),
    superadmin: await createStaff(db, 'superadmin', { chainId: null }),
  };
  for (const [who, id] of Object.entries(ids)) cookie[who] = await sessionCookie(db, id, t.now());
  cookie.editorId = String(ids.editor);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookie[who]! },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function ok<T = Record<string, unknown>>(
  who: string,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const names = (en: string, more: Record<string, string> = {}) => ({ en, ...more });
const CONCEPT = 'Light travels in straight lines. A shadow forms where an opaque object blocks the light.';

/** Ten auto-markable questions of the four kinds, and one open-ended question. */
function questionBodies(topicId: number) {
  const mc = (i: number) => ({
    topicId,
    type: 'multiple_choice',
    content: {
      en: {
        text: `Which is a source of light, number ${i}?`,
        options: ['The Sun', 'A mirror', 'The Moon'],
        solution: 'The Sun makes its own light.',
      },
    },
    answer: [0],
  });
  return [
    ...Array.from({ length: 6 }, (_, i) => mc(i + 1)),
    {
      topicId,
      type: 'fill_blank',
      content: {
        en: {
          text: 'Light travels in ____ lines.',
          options: ['straight', 'curved', 'zigzag'],
          solution: 'Light travels in straight lines.',
        },
        hi: {
          text: 'प्रकाश ____ रेखाओं में चलता है।',
          options: ['सीधी', 'वक्र', 'टेढ़ी-मेढ़ी'],
          solution: 'प्रकाश सीधी रेखाओं में चलता है।',
        },
      },
      answer: [0],
    },
    {
      topicId,
      type: 'multiple_select',
      content: {
        en: {
          text: 'Which objects are opaque?',
          options: ['Wood', 'Clear glass', 'Brick', 'Air'],
          solution: 'Wood and brick block light.',
        },
      },
      answer: [0, 2],
    },
    {
      topicId,
      type: 'true_false',
      content: { en: { text: 'A shadow is always dark.', options: ['True', 'False'], solution: 'Shadows are dark.' } },
      answer: [0],
    },
    {
      topicId,
      type: 'true_false',
      content: {
        en: { text: 'Glass is opaque.', options: ['True', 'False'], solution: 'Clear glass is transparent.' },
      },
      answer: [1],
    },
    {
      topicId,
      type: 'open_ended',
      content: {
        en: { text: 'Why do shadows change during the day?', options: [], solution: 'The Sun moves across the sky.' },
      },
      answer: [],
    },
  ];
}

/** What a student's content queries read: published rows only. */
async function studentVisible(topicId: number) {
  const db = t.database.db;
  const topic = await db.selectFrom('topics').select('status').where('id', '=', topicId).executeTakeFirst();
  const questions = await db
    .selectFrom('questions')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('status', '=', 'published')
    .execute();
  const concepts = await db
    .selectFrom('concepts')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('status', '=', 'published')
    .execute();
  return { topic: topic?.status === 'published', questions: questions.length, concepts: concepts.length };
}

async function createTopicWith(chapterId: number, name: string, questions: number, concept = true) {
  const topic = await ok<{ id: number }>('editor', 'POST', '/authoring/topics', { chapterId, names: names(name) });
  if (concept) await ok('editor', 'PUT', `/authoring/topics/${topic.id}/concepts/en`, { body: CONCEPT });
  for (const q of questionBodies(topic.id).slice(0, questions)) await ok('editor', 'POST', '/authoring/questions', q);
  return topic.id;
}

describe('editor -> approver workflow', () => {
  let chapterId: number;
  let topicId: number;

  it('keeps a new chapter, topic, concept and questions invisible to students until approved', async () => {
    const chapter = await ok<{ id: number; status: string; pending: string }>('editor', 'POST', '/authoring/chapters', {
      subjectId,
      boardId,
      grade: 7,
      names: names('Light, Shadows and Reflections', { hi: 'प्रकाश, छाया और परावर्तन' }),
    });
    expect(chapter).toMatchObject({ status: 'draft', pending: 'draft' });
    chapterId = chapter.id;
    topicId = await createTopicWith(chapterId, 'Shadows', 11);

    const view = await ok<{
      readiness: { ready: boolean; autoMarkableQuestions: number };
      questions: unknown[];
      completeness: { language: string; done: number; total: number }[];
    }>('editor', 'GET', `/authoring/topics/${topicId}`);
    expect(view.readiness).toMatchObject({ ready: true, autoMarkableQuestions: 10 });
    expect(view.questions).toHaveLength(11);
    // Name, concept and 11 questions: all in English, one question in Hindi.
    expect(view.completeness.find((c) => c.language === 'en')).toMatchObject({ done: 13, total: 13 });
    expect(view.completeness.find((c) => c.language === 'hi')).toMatchObject({ done: 1, total: 13 });

    const seen = async () => {
      const subjects = (await ok<{ subjects: { slug: string; chapters: number }[] }>('student', 'GET', '/me/subjects'))
        .subjects;
      const chapters = (await ok<{ chapters: { id: number }[] }>('student', 'GET', '/learn/subjects/science')).chapters;
      return {
        chapters: subjects.find((s) => s.slug === 'science')?.chapters,
        hasNew: chapters.some((c) => c.id === chapterId),
      };
    };
    expect(await seen()).toEqual({ chapters: 1, hasNew: false });
    expect(await studentVisible(topicId)).toEqual({ topic: false, questions: 0, concepts: 0 });

    const { submission } = await ok<{ submission: { id: number; status: string; counts: Record<string, number> } }>(
      'editor',
      'POST',
      '/authoring/submissions',
      {
        entityType: 'chapter',
        entityId: chapterId,
      },
    );
    expect(submission).toMatchObject({
      status: 'in_review',
      counts: { subject: 0, chapter: 1, topic: 1, concept: 1, question: 11 },
    });
    expect(await seen()).toEqual({ chapters: 1, hasNew: false });

    const queue = await ok<{ submissions: { id: number }[] }>('approver', 'GET', '/authoring/submissions');
    expect(queue.submissions.map((s) => s.id)).toContain(submission.id);
    const preview = await ok<{ blocker: unknown; abilities: { canApprove: boolean }; items: unknown[] }>(
      'approver',
      'GET',
      `/authoring/submissions/${submission.id}`,
    );
    expect(preview).toMatchObject({ blocker: null, abilities: { canApprove: true } });
    expect(preview.items).toHaveLength(14);

    t.setNow('2026-11-20T11:00:00Z');
    const approved = await ok<{ submission: { status: string; reviewedBy: { name: string } } }>(
      'approver',
      'POST',
      `/authoring/submissions/${submission.id}/approve`,
    );
    expect(approved.submission).toMatchObject({ status: 'approved', reviewedBy: { name: 'Vikram Nair' } });
    expect(await seen()).toEqual({ chapters: 2, hasNew: true });
    expect(await studentVisible(topicId)).toEqual({ topic: true, questions: 11, concepts: 1 });
    const chapters = (
      await ok<{ chapters: { id: number; topics: number }[] }>('student', 'GET', '/learn/subjects/science')
    ).chapters;
    expect(chapters.find((c) => c.id === chapterId)).toMatchObject({ topics: 1 });

    // Audit on the revision rows: who created, submitted and approved, and when.
    const audit = await t.database.db
      .selectFrom('content_revisions')
      .select(['created_by', 'created_at', 'submitted_by', 'submitted_at', 'approved_by', 'approved_at', 'status'])
      .where('submission_id', '=', submission.id)
      .execute();
    expect(audit).toHaveLength(14);
    for (const row of audit) {
      expect(row).toMatchObject({
        status: 'approved',
        created_by: Number(cookie.editorId),
        submitted_by: Number(cookie.editorId),
      });
      expect(row.created_at.toISOString()).toBe('2026-11-20T10:00:00.000Z');
      expect(row.approved_at?.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    }
    t.setNow('2026-11-20T10:00:00Z');
  });

  it('refuses a second decision on the same submission', async () => {
    const decided = (
      await ok<{ submissions: { id: number }[] }>('approver', 'GET', '/authoring/submissions?status=approved')
    ).submissions[0]!;
    const again = await call('approver', 'POST', `/authoring/submissions/${decided.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_IN_REVIEW' });
  });

  it('keeps the old text of a published question live until its edit is approved', async () => {
    const before = await t.database.db
      .selectFrom('questions')
      .select(['content', 'answer', 'status'])
      .where('id', '=', liveQuestionId)
      .executeTakeFirstOrThrow();
    const edit = {
      type: 'multiple_choice',
      content: {
        en: { text: 'Which option is correct now?', options: ['a', 'b', 'c', 'd'], solution: 'c is correct now.' },
      },
      answer: [2],
    };
    const saved = await ok('editor', 'PUT', `/authoring/questions/${liveQuestionId}`, edit);
    expect(saved).toMatchObject({ status: 'published', pending: 'draft' });
    const live = () =>
      t.database.db
        .selectFrom('questions')
        .select(['content', 'answer', 'status'])
        .where('id', '=', liveQuestionId)
        .executeTakeFirstOrThrow();
    expect(await live()).toEqual(before);
    const view = await ok<{ questions: { id: number; content: { en: { text: string } }; pending: string }[] }>(
      'editor',
      'GET',
      `/authoring/topics/${liveTopicId}`,
    );
    expect(view.questions.find((q) => q.id === liveQuestionId)).toMatchObject({
      content: { en: { text: 'Which option is correct now?' } },
      pending: 'draft',
    });

    const { submission } = await ok<{ submission: { id: number } }>('editor', 'POST', '/authoring/submissions', {
      entityType: 'question',
      entityId: liveQuestionId,
    });
    // Under review the item cannot change: the approver decides on what they read.
    const locked = await call('editor', 'PUT', `/authoring/questions/${liveQuestionId}`, edit);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'ITEM_IN_REVIEW' });
    expect(await live()).toEqual(before);

    const preview = await ok<{ items: { current: { question: { content: { en: { text: string } } } } }[] }>(
      'approver',
      'GET',
      `/authoring/submissions/${submission.id}`,
    );
    expect(preview.items[0]!.current.question.content.en.text).toBe('Question 1?');
    await ok('approver', 'POST', `/authoring/submissions/${submission.id}/approve`);
    expect(await live()).toMatchObject({ content: edit.content, answer: [2], status: 'published' });
    const revision = await t.database.db
      .selectFrom('content_revisions')
      .select(['previous', 'action'])
      .where('submission_id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ action: 'update', previous: { content: before.content, answer: before.answer } });
  });

  it('keeps a new order of published topics from students until approved', async () => {
    const second = await createTopicWith(chapterId, 'Reflections', 10);
    const s1 = await ok<{ submission: { id: number } }>('editor', 'POST', '/authoring/submissions', {
      entityType: 'topic',
      entityId: second,
    });
    await ok('approver', 'POST', `/authoring/submissions/${s1.submission.id}/approve`);
    const positions = async () =>
      (
        await t.database.db
          .selectFrom('topics')
          .select(['id', 'position'])
          .where('chapter_id', '=', chapterId)
          .where('status', '=', 'published')
          .orderBy('position')
          .execute()
      ).map((r) => r.id);
    expect(await positions()).toEqual([topicId, second]);
    const moved = await ok<{ items: unknown[] }>('editor', 'PUT', '/authoring/order', {
      parent: { type: 'chapter', chapterId },
      ids: [second, topicId],
    });
    expect(moved.items).toHaveLength(2);
    expect(await positions()).toEqual([topicId, second]);
    const s2 = await ok<{ submission: { id: number } }>('editor', 'POST', '/authoring/submissions', {
      entityType: 'chapter',
      entityId: chapterId,
    });
    await ok('approver', 'POST', `/authoring/submissions/${s2.submission.id}/approve`);
    expect(await positions()).toEqual([second, topicId]);

    const incomplete = await call('editor', 'PUT', '/authoring/order', {
      parent: { type: 'chapter', chapterId },
      ids: [second],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses approval, changing nothing, when a topic lacks questions or its English concept', async () => {
    const thin = await createTopicWith(chapterId, 'Pinhole camera', 9, false);
    const { submission } = await ok<{ submission: { id: number } }>('editor', 'POST', '/authoring/submissions', {
      entityType: 'topic',
      entityId: thin,
    });
    const preview = await ok<{ blocker: { code: string } }>(
      'approver',
      'GET',
      `/authoring/submissions/${submission.id}`,
    );
    expect(preview.blocker).toMatchObject({ code: 'TOPIC_NOT_READY' });

    const refused = await call('approver', 'POST', `/authoring/submissions/${submission.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TOPIC_NOT_READY',
      details: {
        topics: [
          {
            id: thin,
            problems: ['questions', 'concept_en'],
            autoMarkableQuestions: 9,
            neededQuestions: 10,
            hasEnglishConcept: false,
          },
        ],
      },
    });
    // No half write: nothing went live, the submission is still waiting.
    expect(await studentVisible(thin)).toEqual({ topic: false, questions: 0, concepts: 0 });
    const statuses = await t.database.db
      .selectFrom('content_revisions')
      .select('status')
      .where('submission_id', '=', submission.id)
      .execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['in_review']));

    // Sent back with a comment: back to draft, the editor fixes it and submits again.
    const sentBack = await ok<{ submission: { status: string; comment: string } }>(
      'approver',
      'POST',
      `/authoring/submissions/${submission.id}/return`,
      {
        comment: 'Add one more question and the concept.',
      },
    );
    expect(sentBack.submission).toMatchObject({
      status: 'returned',
      comment: 'Add one more question and the concept.',
    });
    const view = await ok<{ topic: { status: string; pending: string; returnComment: string } }>(
      'editor',
      'GET',
      `/authoring/topics/${thin}`,
    );
    expect(view.topic).toMatchObject({
      status: 'draft',
      pending: 'returned',
      returnComment: 'Add one more question and the concept.',
    });
    await ok('editor', 'PUT', `/authoring/topics/${thin}/concepts/en`, { body: CONCEPT });
    await ok('editor', 'POST', '/authoring/questions', questionBodies(thin)[9]);
    const again = await ok<{ submission: { id: number; counts: Record<string, number> } }>(
      'editor',
      'POST',
      '/authoring/submissions',
      { entityType: 'topic', entityId: thin },
    );
    expect(again.submission.counts).toMatchObject({ topic: 1, concept: 1, question: 10 });
    await ok('approver', 'POST', `/authoring/submissions/${again.submission.id}/approve`);
    expect(await studentVisible(thin)).toEqual({ topic: true, questions: 10, concepts: 1 });
  });

  it('refuses to publish a topic under a chapter nobody has approved', async () => {
    const chapter = await ok<{ id: number }>('editor', 'POST', '/authoring/chapters', {
      subjectId,
      boardId,
      grade: 7,
      names: names('Electricity'),
    });
    const topic = await createTopicWith(chapter.id, 'Circuits', 10);
    // The topic's submission brings its new chapter along...
    const { submission } = await ok<{ submission: { id: number; counts: Record<string, number> } }>(
      'editor',
      'POST',
      '/authoring/submissions',
      {
        entityType: 'topic',
        entityId: topic,
      },
    );
    expect(submission.counts).toMatchObject({ chapter: 1, topic: 1 });
    // ...and a later change beneath the chapter waits until the chapter is decided.
    const later = await ok<{ id: number }>('editor', 'POST', '/authoring/topics', {
      chapterId: chapter.id,
      names: names('Switches'),
    });
    const blocked = await call('editor', 'POST', '/authoring/submissions', { entityType: 'topic', entityId: later.id });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      code: 'ITEM_IN_REVIEW',
      details: { entityType: 'chapter', entityId: chapter.id },
    });
    await ok('approver', 'POST', `/authoring/submissions/${submission.id}/approve`);

    // A chapter with no published topic cannot go live.
    const empty = await ok<{ id: number }>('editor', 'POST', '/authoring/chapters', {
      subjectId,
      boardId,
      grade: 7,
      names: names('Magnets'),
    });
    const s = await ok<{ submission: { id: number } }>('editor', 'POST', '/authoring/submissions', {
      entityType: 'chapter',
      entityId: empty.id,
    });
    const refused = await call('approver', 'POST', `/authoring/submissions/${s.submission.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHAPTER_NOT_READY' });
  });

  it('says when there is nothing to submit', async () => {
    const res = await call('editor', 'POST', '/authoring/submissions', { entityType: 'topic', entityId: liveTopicId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOTHING_TO_SUBMIT' });
  });

  it('never lets an approver approve a change they made', async () => {
    const q = questionBodies(liveTopicId)[0]!;
    const created = await ok<{ id: number }>('editor2', 'POST', '/authoring/questions', q);
    const { submission } = await ok<{ submission: { id: number } }>('editor2', 'POST', '/authoring/submissions', {
      entityType: 'question',
      entityId: created.id,
    });
    // The editor's account becomes an approver: their own change is still not theirs to approve.
    const editor2 = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('first_name', '=', 'Omar')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ role: 'content_approver' }).where('id', '=', editor2.id).execute();
    const preview = await ok<{ abilities: { canApprove: boolean; isOwn: boolean } }>(
      'editor2',
      'GET',
      `/authoring/submissions/${submission.id}`,
    );
    expect(preview.abilities).toEqual({ canApprove: false, isOwn: true });
    const res = await call('editor2', 'POST', `/authoring/submissions/${submission.id}/approve`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_APPROVAL' });
    await t.database.db.updateTable('users').set({ role: 'content_editor' }).where('id', '=', editor2.id).execute();
    await ok('approver', 'POST', `/authoring/submissions/${submission.id}/approve`);
  });
});

describe('subjects', () => {
  it('creates a subject as a draft with a slug from its English name; a taken slug is a 409', async () => {
    const created = await ok<{ id: number; status: string }>('editor', 'POST', '/authoring/subjects', {
      names: names('Computer Science', { hi: 'कंप्यूटर विज्ञान' }),
    });
    expect(created.status).toBe('draft');
    const row = await t.database.db
      .selectFrom('subjects')
      .select(['slug', 'status', 'names'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      slug: 'computer-science',
      status: 'draft',
      names: { en: 'Computer Science', hi: 'कंप्यूटर विज्ञान' },
    });
    const taken = await call('editor', 'POST', '/authoring/subjects', {
      names: names('Science again'),
      slug: 'science',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN' });
    const catalog = await ok<{ subjects: { id: number; pending: string }[]; abilities: { canEdit: boolean } }>(
      'editor',
      'GET',
      '/authoring/catalog',
    );
    expect(catalog.subjects.find((s) => s.id === created.id)).toMatchObject({ pending: 'draft' });
    expect(catalog.abilities.canEdit).toBe(true);
  });
});

describe('validation', () => {
  it('answers 400 with codes for bad content and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('questions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = [
      {
        body: {
          ...questionBodies(liveTopicId)[6]!,
          content: { en: { text: 'Light travels in lines.', options: ['a', 'b', 'c'], solution: 'Straight.' } },
        },
        message: 'validation.blankMissing',
      },
      { body: { ...questionBodies(liveTopicId)[0]!, answer: [5] }, message: 'validation.answerOutsideOptions' },
      { body: { ...questionBodies(liveTopicId)[7]!, answer: [0] }, message: 'validation.multipleSelectAnswers' },
      {
        body: {
          ...questionBodies(liveTopicId)[8]!,
          content: { en: { text: 'Is it so?', options: ['Yes', 'No'], solution: 'It is so.' } },
        },
        message: 'validation.trueFalseOptions',
      },
      { body: { ...questionBodies(liveTopicId)[10]!, answer: [0] }, message: 'validation.openEndedNoAnswer' },
      {
        body: {
          ...questionBodies(liveTopicId)[0]!,
          content: {
            ...questionBodies(liveTopicId)[0]!.content,
            hi: { text: 'प्रश्न यहाँ है?', options: ['एक', 'दो'], solution: 'उत्तर एक है।' },
          },
        },
        message: 'validation.optionCountMismatch',
      },
    ];
    for (const { body, message } of bad) {
      const res = await call('editor', 'POST', '/authoring/questions', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json().details), message).toContain(message);
    }
    const noEnglish = await call('editor', 'POST', '/authoring/topics', { chapterId: 1, names: { hi: 'छाया' } });
    expect(noEnglish.statusCode).toBe(400);
    const shortConcept = await call('editor', 'PUT', `/authoring/topics/${liveTopicId}/concepts/en`, {
      body: 'Too short.',
    });
    expect(shortConcept.statusCode).toBe(400);
    expect(JSON.stringify(shortConcept.json())).toContain('validation.conceptShort');
    const unknownField = await call('editor', 'PUT', `/authoring/topics/${liveTopicId}`, {
      names: names('Shadows'),
      status: 'published',
    });
    expect(unknownField.statusCode).toBe(400);
    const missingTopic = await call('editor', 'POST', '/authoring/questions', { ...questionBodies(999_999)[0]! });
    expect(missingTopic.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('authorization', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/authoring/catalog'],
    ['GET', '/authoring/chapters?boardId=1&grade=7'],
    ['GET', '/authoring/chapters/1'],
    ['GET', '/authoring/topics/1'],
    ['POST', '/authoring/subjects', { names: { en: 'Art' } }],
    ['PUT', '/authoring/subjects/1', { names: { en: 'Art' } }],
    ['POST', '/authoring/chapters', { subjectId: 1, boardId: 1, grade: 7, names: { en: 'Colours' } }],
    ['PUT', '/authoring/chapters/1', { names: { en: 'Colours' } }],
    ['POST', '/authoring/topics', { chapterId: 1, names: { en: 'Hues' } }],
    ['PUT', '/authoring/topics/1', { names: { en: 'Hues' } }],
    ['PUT', '/authoring/topics/1/concepts/en', { body: CONCEPT }],
    [
      'POST',
      '/authoring/questions',
      {
        topicId: 1,
        type: 'true_false',
        content: { en: { text: 'Red is a colour.', options: ['True', 'False'], solution: 'It is.' } },
        answer: [0],
      },
    ],
    [
      'PUT',
      '/authoring/questions/1',
      {
        type: 'true_false',
        content: { en: { text: 'Red is a colour.', options: ['True', 'False'], solution: 'It is.' } },
        answer: [0],
      },
    ],
    ['PUT', '/authoring/order', { parent: { type: 'topic', topicId: 1 }, ids: [1] }],
    ['POST', '/authoring/submissions', { entityType: 'topic', entityId: 1 }],
    ['GET', '/authoring/submissions'],
    ['GET', '/authoring/submissions/1'],
    ['POST', '/authoring/submissions/1/approve'],
    ['POST', '/authoring/submissions/1/return', { comment: 'Please fix.' }],
  ];

  it.each(['student', 'parent', 'teacher', 'principal', 'superadmin'])(
    'refuses a %s on every authoring route, even with a bad body',
    async (who) => {
      for (const [method, url, body] of routes) {
        for (const payload of [body, { nonsense: true }]) {
          if (method === 'GET' && payload !== undefined) continue;
          const res = await call(who, method, url, payload);
          expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
      }
    },
  );

  it('lets only editors write and only approvers decide', async () => {
    for (const [method, url, body] of routes) {
      const writes = method !== 'GET' && !url.includes('/approve') && !url.includes('/return');
      const decides = url.includes('/approve') || url.includes('/return');
      if (writes) expect((await call('approver', method, url, body)).statusCode, `approver ${method} ${url}`).toBe(403);
      if (decides) expect((await call('editor', method, url, body)).statusCode, `editor ${method} ${url}`).toBe(403);
      if (method === 'GET') {
        for (const who of ['editor', 'approver'])
          expect([200, 404], `${who} ${url}`).toContain((await call(who, method, url)).statusCode);
      }
    }
  });
});
