/** SQL of content authoring: curriculum rows in every status, their open revisions, submissions. */
import { sql, type Kysely } from 'kysely';
import type {
  ContentEntityType,
  ContentStatus,
  DB,
  QuestionContent,
  QuestionType,
  RevisionStatus,
} from '../../db/schema';

type Db = Kysely<DB>;
export const OPEN_REVISION: RevisionStatus[] = ['draft', 'in_review', 'returned'];

export interface RevisionRow {
  id: number;
  entity_type: ContentEntityType;
  entity_id: number;
  subject_id: number;
  chapter_id: number | null;
  topic_id: number | null;
  action: 'create' | 'update';
  proposed: Record<string, unknown>;
  previous: Record<string, unknown> | null;
  status: RevisionStatus;
  submission_id: number | null;
  created_by: number;
  created_at: Date;
  edited_by: number;
  edited_at: Date;
  submitted_by: number | null;
  submitted_at: Date | null;
  approved_by: number | null;
  approved_at: Date | null;
  returned_by: number | null;
  returned_at: Date | null;
  return_comment: string | null;
}

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
export const conceptOf = (db: Db, topicId: number, language: string) =>
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

/** Open revisions (not yet approved) of items, by type and id. */
export async function openRevisions(db: Db, type: ContentEntityType, ids: readonly number[]): Promise<RevisionRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('entity_type', '=', type)
    .where('entity_id', 'in', ids)
    .where('status', 'in', OPEN_REVISION)
    .execute()) as RevisionRow[];
}

/** The open revision of one item, locked for the rest of the transaction. */
export async function lockOpenRevision(db: Db, type: ContentEntityType, id: number): Promise<RevisionRow | undefined> {
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('entity_type', '=', type)
    .where('entity_id', '=', id)
    .where('status', 'in', OPEN_REVISION)
    .forUpdate()
    .executeTakeFirst()) as RevisionRow | undefined;
}

export async function maxPosition(
  db: Db,
  table: 'chapters' | 'topics' | 'questions',
  where: { column: string; value: number }[],
): Promise<number> {
  let q = db.selectFrom(table).select(sql<number | null>`max(position)`.as('m'));
  for (const w of where) q = q.where(sql.ref(w.column), '=', w.value);
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

export const insertConcept = (db: Db, v: { topicId: number; language: string; body: string }) =>
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

/** Writes an item's editable state (a proposed state, see authoring.service) into its live row. */
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

export const insertRevision = (
  db: Db,
  v: {
    entityType: ContentEntityType;
    entityId: number;
    subjectId: number;
    chapterId: number | null;
    topicId: number | null;
    action: 'create' | 'update';
    proposed: Record<string, unknown>;
    actor: number;
    now: Date;
  },
) =>
  db
    .insertInto('content_revisions')
    .values({
      entity_type: v.entityType,
      entity_id: v.entityId,
      subject_id: v.subjectId,
      chapter_id: v.chapterId,
      topic_id: v.topicId,
      action: v.action,
      proposed: JSON.stringify(v.proposed),
      status: 'draft',
      created_by: v.actor,
      created_at: v.now,
      edited_by: v.actor,
      edited_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const updateRevisionDraft = (db: Db, id: number, proposed: Record<string, unknown>, actor: number, now: Date) =>
  db
    .updateTable('content_revisions')
    .set({ proposed: JSON.stringify(proposed), status: 'draft', edited_by: actor, edited_at: now })
    .where('id', '=', id)
    .execute();

/** Open revisions in draft or sent back, for a submit: by subtree column or by item. */
export async function submittableRevisions(
  db: Db,
  where: { column: 'chapter_id' | 'topic_id'; id: number } | { entityType: ContentEntityType; entityId: number },
): Promise<RevisionRow[]> {
  let q = db.selectFrom('content_revisions').selectAll().where('status', 'in', ['draft', 'returned']);
  q =
    'column' in where
      ? q.where(where.column, '=', where.id)
      : q.where('entity_type', '=', where.entityType).where('entity_id', '=', where.entityId);
  return (await q.forUpdate().execute()) as RevisionRow[];
}

export const insertSubmission = (
  db: Db,
  v: {
    rootType: ContentEntityType;
    rootId: number;
    subjectId: number;
    boardId: number | null;
    grade: number | null;
    actor: number;
    now: Date;
  },
) =>
  db
    .insertInto('content_submissions')
    .values({
      root_type: v.rootType,
      root_id: v.rootId,
      subject_id: v.subjectId,
      board_id: v.boardId,
      grade: v.grade,
      status: 'in_review',
      submitted_by: v.actor,
      submitted_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const markSubmitted = (db: Db, revisionIds: readonly number[], submissionId: number, actor: number, now: Date) =>
  db
    .updateTable('content_revisions')
    .set({ status: 'in_review', submission_id: submissionId, submitted_by: actor, submitted_at: now })
    .where('id', 'in', revisionIds)
    .execute();

export const lockSubmission = (db: Db, id: number) =>
  db.selectFrom('content_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function revisionsOfSubmission(db: Db, submissionId: number): Promise<RevisionRow[]> {
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute()) as RevisionRow[];
}

export const markApproved = (
  db: Db,
  revisionId: number,
  previous: Record<string, unknown> | null,
  actor: number,
  now: Date,
) =>
  db
    .updateTable('content_revisions')
    .set({
      status: 'approved',
      previous: previous === null ? null : JSON.stringify(previous),
      approved_by: actor,
      approved_at: now,
    })
    .where('id', '=', revisionId)
    .execute();

export const markReturned = (db: Db, submissionId: number, actor: number, now: Date, comment: string) =>
  db
    .updateTable('content_revisions')
    .set({ status: 'returned', returned_by: actor, returned_at: now, return_comment: comment })
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'in_review')
    .execute();

export const closeSubmission = (
  db: Db,
  id: number,
  status: 'approved' | 'returned',
  actor: number,
  now: Date,
  comment: string | null,
) =>
  db
    .updateTable('content_submissions')
    .set({ status, reviewed_by: actor, reviewed_at: now, review_comment: comment })
    .where('id', '=', id)
    .execute();

/** Live state of an item, in the shape of a proposed state (see authoring.service `liveState`). */
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

// Submissions -----------------------------------------------------------------------------------

function submissionQuery(db: Db) {
  return db
    .selectFrom('content_submissions as s')
    .innerJoin('subjects as subj', 'subj.id', 's.subject_id')
    .leftJoin('boards as b', 'b.id', 's.board_id')
    .innerJoin('users as u', 'u.id', 's.submitted_by')
    .leftJoin('users as r', 'r.id', 's.reviewed_by')
    .select([
      's.id',
      's.root_type',
      's.root_id',
      's.subject_id',
      's.board_id',
      's.grade',
      's.status',
      's.submitted_by',
      's.submitted_at',
      's.reviewed_by',
      's.reviewed_at',
      's.review_comment',
      'subj.names as subject_names',
      'b.name as board_name',
      'u.first_name as submitter_first',
      'u.last_name as submitter_last',
      'r.first_name as reviewer_first',
      'r.last_name as reviewer_last',
    ]);
}

/** Submissions in one status: the queue oldest first, decided ones newest first (at most 200). */
export function submissions(db: Db, status: 'in_review' | 'approved' | 'returned') {
  return submissionQuery(db)
    .where('s.status', '=', status)
    .orderBy('s.submitted_at', status === 'in_review' ? 'asc' : 'desc')
    .orderBy('s.id')
    .limit(200)
    .execute();
}

export const submissionById = (db: Db, id: number) => submissionQuery(db).where('s.id', '=', id).executeTakeFirst();

/** Items per kind in each submission. */
export async function submissionCounts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('content_revisions')
    .select((eb) => ['submission_id', 'entity_type', eb.fn.countAll<number>().as('n')])
    .where('submission_id', 'in', ids)
    .groupBy(['submission_id', 'entity_type'])
    .execute();
}

export async function names(db: Db, type: 'subject' | 'chapter' | 'topic', ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Record<string, string>>();
  const table = type === 'subject' ? 'subjects' : type === 'chapter' ? 'chapters' : 'topics';
  const rows = await db.selectFrom(table).select(['id', 'names']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.names as Record<string, string>]));
}

export async function userNames(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}
