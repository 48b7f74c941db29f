/** SQL of the curriculum rows authors work on (subjects, chapters, topics, concepts, questions), in every status. */
import type { Language } from '@ki/domain';
import { sql, type Kysely } from 'kysely';
import type { ContentEntityType, ContentStatus, DB, QuestionContent, QuestionType } from '../../db/schema';

type Db = Kysely<DB>;

// Reading -------------------------------------------------------------------------------------

export const boards = (db: Db) => db.selectFrom('boards').select(['id', 'code', 'name']).orderBy('id').execute();
export const subjects = (db: Db) =>
  db.selectFrom('subjects').select(['id', 'slug', 'names', 'theme', 'status']).orderBy('id').execute();
export const subject = (db: Db, id: number) =>
  db.selectFrom('subjects').select(['id', 'slug', 'names', 'theme', 'status']).where('id', '=', id).executeTakeFirst();
export const board = (db: Db, id: number) =>
  db.selectFrom('boards').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const chaptersOf = (db: Db, boardId: number, grade: number) =>
  db
    .selectFrom('chapters as c')
    .select((eb) => [
      'c.id',
      'c.subject_id',
      'c.slug',
      'c.names',
      'c.position',
      'c.status',
      eb
        .selectFrom('topics as t')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('t.chapter_id', '=', 'c.id')
        .as('topics'),
    ])
    .where('c.board_id', '=', boardId)
    .where('c.grade', '=', grade)
    .orderBy('c.subject_id')
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();

export const chapter = (db: Db, id: number) =>
  db
    .selectFrom('chapters as c')
    .innerJoin('boards as b', 'b.id', 'c.board_id')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .select([
      'c.id',
      'c.subject_id',
      'c.board_id',
      'c.grade',
      'c.slug',
      'c.names',
      'c.position',
      'c.status',
      'b.name as board_name',
      's.names as subject_names',
      's.status as subject_status',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();

export const topicsOfChapter = (db: Db, chapterId: number) =>
  db
    .selectFrom('topics')
    .select(['id', 'chapter_id', 'slug', 'names', 'position', 'status'])
    .where('chapter_id', '=', chapterId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const topic = (db: Db, id: number) =>
  db
    .selectFrom('topics as t')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('boards as b', 'b.id', 'c.board_id')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .select([
      't.id',
      't.chapter_id',
      't.slug',
      't.names',
      't.position',
      't.status',
      'c.names as chapter_names',
      'c.status as chapter_status',
      'c.subject_id',
      'c.board_id',
      'c.grade',
      'b.name as board_name',
      's.names as subject_names',
      's.status as subject_status',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();

export const conceptsOfTopics = (db: Db, topicIds: readonly number[]) =>
  topicIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('concepts')
        .select(['id', 'topic_id', 'language', 'body', 'status'])
        .where('topic_id', 'in', topicIds)
        .orderBy('id')
        .execute();

export const questionsOfTopics = (db: Db, topicIds: readonly number[]) =>
  topicIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('questions')
        .select(['id', 'topic_id', 'type', 'position', 'content', 'answer', 'status'])
        .where('topic_id', 'in', topicIds)
        .orderBy('position')
        .orderBy('id')
        .execute();

export const concept = (db: Db, id: number) =>
  db
    .selectFrom('concepts')
    .select(['id', 'topic_id', 'language', 'body', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
export const conceptOf = (db: Db, topicId: number, language: Language) =>
  db
    .selectFrom('concepts')
    .select(['id', 'topic_id', 'language', 'body', 'status'])
    .where('topic_id', '=', topicId)
    .where('language', '=', language)
    .executeTakeFirst();
export const question = (db: Db, id: number) =>
  db
    .selectFrom('questions')
    .select(['id', 'topic_id', 'type', 'position', 'content', 'answer', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The last position among siblings (-1 when there are none); `scope` names the parent's columns. */
export async function maxPosition(
  db: Db,
  table: 'chapters' | 'topics' | 'questions',
  scope: Record<string, number>,
): Promise<number> {
  let q = db.selectFrom(table).select(sql<number | null>`max(position)`.as('m'));
  for (const [column, value] of Object.entries(scope)) q = q.where(sql.ref(column), '=', value);
  const row = await q.executeTakeFirst();
  return row?.m === null || row?.m === undefined ? -1 : Number(row.m);
}

export async function slugExists(
  db: Db,
  table: 'subjects' | 'chapters' | 'topics',
  slug: string,
  scope: Record<string, number>,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('slug', '=', slug);
  for (const [column, value] of Object.entries(scope)) q = q.where(sql.ref(column), '=', value);
  return (await q.executeTakeFirst()) !== undefined;
}

// Writing -------------------------------------------------------------------------------------

export const insertSubject = (db: Db, v: { slug: string; names: Record<string, string>; theme: string }) =>
  db
    .insertInto('subjects')
    .values({ slug: v.slug, names: JSON.stringify(v.names), theme: v.theme, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const insertChapter = (
  db: Db,
  v: {
    subjectId: number;
    boardId: number;
    grade: number;
    slug: string;
    names: Record<string, string>;
    position: number;
  },
) =>
  db
    .insertInto('chapters')
    .values({
      subject_id: v.subjectId,
      board_id: v.boardId,
      grade: v.grade,
      slug: v.slug,
      names: JSON.stringify(v.names),
      position: v.position,
      status: 'draft',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const insertTopic = (
  db: Db,
  v: { chapterId: number; slug: string; names: Record<string, string>; position: number },
) =>
  db
    .insertInto('topics')
    .values({
      chapter_id: v.chapterId,
      slug: v.slug,
      names: JSON.stringify(v.names),
      position: v.position,
      status: 'draft',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const insertConcept = (db: Db, v: { topicId: number; language: Language; body: string }) =>
  db
    .insertInto('concepts')
    .values({ topic_id: v.topicId, language: v.language, body: v.body, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const insertQuestion = (
  db: Db,
  v: {
    topicId: number;
    type: QuestionType;
    content: Record<string, QuestionContent>;
    answer: number[];
    position: number;
  },
) =>
  db
    .insertInto('questions')
    .values({
      topic_id: v.topicId,
      type: v.type,
      content: JSON.stringify(v.content),
      answer: v.answer,
      position: v.position,
      status: 'draft',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

const TABLE: Record<ContentEntityType, 'subjects' | 'chapters' | 'topics' | 'concepts' | 'questions'> = {
  subject: 'subjects',
  chapter: 'chapters',
  topic: 'topics',
  concept: 'concepts',
  question: 'questions',
};

/** Writes an item's editable state (a proposed state, see authoring-edits.service) into its live row. */
export async function writeLive(
  db: Db,
  type: ContentEntityType,
  id: number,
  state: Record<string, unknown>,
  status?: ContentStatus,
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (state.names !== undefined) set.names = JSON.stringify(state.names);
  if (state.position !== undefined) set.position = state.position;
  if (state.body !== undefined) set.body = state.body;
  if (state.type !== undefined) set.type = state.type;
  if (state.content !== undefined) set.content = JSON.stringify(state.content);
  if (state.answer !== undefined) set.answer = state.answer;
  if (status !== undefined) set.status = status;
  if (Object.keys(set).length === 0) return;
  await db.updateTable(TABLE[type]).set(set).where('id', '=', id).execute();
}

export async function setLiveStatus(
  db: Db,
  type: ContentEntityType,
  ids: readonly number[],
  status: ContentStatus,
  onlyUnpublished = true,
): Promise<void> {
  if (ids.length === 0) return;
  let q = db.updateTable(TABLE[type]).set({ status }).where('id', 'in', ids);
  if (onlyUnpublished) q = q.where('status', '<>', 'published');
  await q.execute();
}

export async function liveStatuses(
  db: Db,
  type: ContentEntityType,
  ids: readonly number[],
): Promise<Map<number, ContentStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(TABLE[type]).select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Live state of an item, in the shape of a proposed state (see `stateOf` in authoring-state). */
export async function liveRow(
  db: Db,
  type: ContentEntityType,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  switch (type) {
    case 'subject':
      return db.selectFrom('subjects').select(['names', 'status']).where('id', '=', id).executeTakeFirst();
    case 'chapter':
      return db
        .selectFrom('chapters')
        .select(['names', 'position', 'status', 'subject_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'topic':
      return db
        .selectFrom('topics')
        .select(['names', 'position', 'status', 'chapter_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'concept':
      return db
        .selectFrom('concepts')
        .select(['language', 'body', 'status', 'topic_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'question':
      return db
        .selectFrom('questions')
        .select(['type', 'content', 'answer', 'position', 'status', 'topic_id'])
        .where('id', '=', id)
        .executeTakeFirst();
  }
}

// Publication checks --------------------------------------------------------------------------

/** Per topic: published auto-markable questions and whether a published English concept exists. */
export async function publishedTopicFacts(db: Db, topicIds: readonly number[]) {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('topics as t')
    .select((eb) => [
      't.id',
      't.names',
      't.status',
      't.chapter_id',
      eb
        .selectFrom('questions as q')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('q.topic_id', '=', 't.id')
        .where('q.status', '=', 'published')
        .where('q.type', '<>', 'open_ended')
        .as('auto_markable'),
      eb
        .exists(
          eb
            .selectFrom('concepts as k')
            .select('k.id')
            .whereRef('k.topic_id', '=', 't.id')
            .where('k.language', '=', 'en')
            .where('k.status', '=', 'published')
            .where(sql<boolean>`length(trim(k.body)) > 0`),
        )
        .as('has_english_concept'),
    ])
    .where('t.id', 'in', topicIds)
    .execute();
}

export async function publishedTopicCounts(db: Db, chapterIds: readonly number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .selectFrom('chapters as c')
    .select((eb) => [
      'c.id',
      'c.names',
      'c.status',
      'c.subject_id',
      eb
        .selectFrom('topics as t')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('t.chapter_id', '=', 'c.id')
        .where('t.status', '=', 'published')
        .as('topics'),
    ])
    .where('c.id', 'in', chapterIds)
    .execute();
}

// Names -----------------------------------------------------------------------------------------

export async function names(db: Db, type: 'subject' | 'chapter' | 'topic', ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Record<string, string>>();
  const table = type === 'subject' ? 'subjects' : type === 'chapter' ? 'chapters' : 'topics';
  const rows = await db.selectFrom(table).select(['id', 'names']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.names as Record<string, string>]));
}
