/**
 * Content authoring with approval (docs/DECISIONS.md "Authoring").
 *
 * Every change is a revision. A new item is inserted as a 'draft' row (students read only
 * 'published' rows) together with a 'create' revision; a change to a published item is an 'update'
 * revision and leaves the live row alone until an approver approves it. A revision always holds the
 * item's full proposed state, so approving is "write the proposed state, mark published" in one
 * transaction, followed by the publication checks, which roll everything back when they fail.
 */
import type { Kysely } from 'kysely';
import { AUTO_MARKABLE_TYPES, personName, subjectTheme, topicCompleteness, topicReadiness } from '@ki/domain';
import type {
  AuthoringCatalogResponse,
  AuthoringChapterResponse,
  AuthoringChaptersResponse,
  AuthoringTopicResponse,
  EntityType,
  ItemState,
  LanguageNames,
  QuestionInput,
  ReorderBody,
  SavedItemResponse,
  SubmissionDetailResponse,
  SubmissionItem,
  SubmissionSummary,
  SubmissionsResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { ContentEntityType, ContentStatus, DB, QuestionContent, QuestionType } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  authoringAbilities,
  authorizeEditContent,
  authorizeReadAuthoring,
  authorizeReviewContent,
  reviewAbilities,
  type Principal,
} from '../../policy/policy';
import * as repo from './authoring.repository';
import type { RevisionRow } from './authoring.repository';

type Db = Kysely<DB>;
type Names = Record<string, string>;
type State = Record<string, unknown>;

const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

// Item state ------------------------------------------------------------------------------------

function itemState(status: ContentStatus, revision: RevisionRow | undefined): ItemState {
  return {
    status,
    pending: revision && revision.status !== 'approved' ? revision.status : null,
    returnComment: revision?.return_comment ?? null,
  };
}

/** Drops absent languages so stored names hold only what was written. */
function cleanNames(names: LanguageNames): Names {
  return Object.fromEntries(
    Object.entries(names).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0),
  );
}

function cleanContent(content: QuestionInput['content']): Record<string, QuestionContent> {
  return Object.fromEntries(Object.entries(content).filter((e): e is [string, QuestionContent] => e[1] !== undefined));
}

const byEntity = (revisions: readonly RevisionRow[]) => new Map(revisions.map((r) => [r.entity_id, r]));

/** Lower-case words joined by hyphens, from an English name. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

async function chooseSlug(
  db: Db,
  table: 'subjects' | 'chapters' | 'topics',
  requested: string | undefined,
  englishName: string,
  scope: Record<string, number>,
) {
  if (requested) {
    if (await repo.slugExists(db, table, requested, scope))
      throw new AppError('SLUG_TAKEN', `The short name '${requested}' is already used here`, { slug: requested });
    return requested;
  }
  const base = slugify(englishName) || table.slice(0, -1);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugExists(db, table, candidate, scope))) return candidate;
  }
}

/**
 * Records an editor's change to an item. Unpublished items are edited in place (students cannot see
 * them) and their open revision mirrors the row; published items keep their live row and collect the
 * change in their open revision. An item under review cannot be changed until the approver decides.
 */
async function saveChange(
  trx: Db,
  actor: number,
  now: Date,
  item: {
    type: ContentEntityType;
    id: number;
    status: ContentStatus;
    live: State;
    subjectId: number;
    chapterId: number | null;
    topicId: number | null;
  },
  patch: State,
): Promise<SavedItemResponse> {
  const open = await repo.lockOpenRevision(trx, item.type, item.id);
  if (open?.status === 'in_review') {
    throw new AppError(
      'ITEM_IN_REVIEW',
      'This item is waiting for review; it can be changed once the approver has decided',
      { entityType: item.type, entityId: item.id },
    );
  }
  const proposed = { ...(open?.proposed ?? item.live), ...patch };
  if (item.status !== 'published') await repo.writeLive(trx, item.type, item.id, proposed, 'draft');
  if (open) {
    await repo.updateRevisionDraft(trx, open.id, proposed, actor, now);
  } else {
    await repo.insertRevision(trx, {
      entityType: item.type,
      entityId: item.id,
      subjectId: item.subjectId,
      chapterId: item.chapterId,
      topicId: item.topicId,
      action: item.status === 'published' ? 'update' : 'create',
      proposed,
      actor,
      now,
    });
  }
  return {
    entityType: item.type,
    id: item.id,
    status: item.status === 'published' ? 'published' : 'draft',
    pending: 'draft',
    returnComment: open?.return_comment ?? null,
  };
}

async function createItem(
  trx: Db,
  actor: number,
  now: Date,
  item: { type: ContentEntityType; id: number; subjectId: number; chapterId: number | null; topicId: number | null },
  proposed: State,
): Promise<SavedItemResponse> {
  await repo.insertRevision(trx, {
    entityType: item.type,
    entityId: item.id,
    subjectId: item.subjectId,
    chapterId: item.chapterId,
    topicId: item.topicId,
    action: 'create',
    proposed,
    actor,
    now,
  });
  return { entityType: item.type, id: item.id, status: 'draft', pending: 'draft', returnComment: null };
}

// Reading ---------------------------------------------------------------------------------------

export async function catalog(deps: AppDeps, principal: Principal | null): Promise<AuthoringCatalogResponse> {
  const p = authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const [boards, subjects] = await Promise.all([repo.boards(db), repo.subjects(db)]);
  const revisions = byEntity(
    await repo.openRevisions(
      db,
      'subject',
      subjects.map((s) => s.id),
    ),
  );
  return {
    boards,
    grades: GRADES,
    subjects: subjects.map((s) => {
      const r = revisions.get(s.id);
      return {
        id: s.id,
        slug: s.slug,
        names: (r?.proposed.names as Names | undefined) ?? s.names,
        theme: s.theme,
        ...itemState(s.status, r),
      };
    }),
    abilities: authoringAbilities(p),
  };
}

export async function listChapters(
  deps: AppDeps,
  principal: Principal | null,
  boardId: number,
  grade: number,
): Promise<AuthoringChaptersResponse> {
  authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const rows = await repo.chaptersOf(db, boardId, grade);
  const revisions = byEntity(
    await repo.openRevisions(
      db,
      'chapter',
      rows.map((r) => r.id),
    ),
  );
  const chapters = rows.map((c) => {
    const r = revisions.get(c.id);
    const state = (r?.proposed ?? { names: c.names, position: c.position }) as { names: Names; position: number };
    return {
      id: c.id,
      subjectId: c.subject_id,
      slug: c.slug,
      names: state.names,
      position: state.position,
      topics: Number(c.topics ?? 0),
      ...itemState(c.status, r),
    };
  });
  chapters.sort((a, b) => a.subjectId - b.subjectId || a.position - b.position || a.id - b.id);
  return { chapters };
}

interface EffectiveQuestion {
  id: number;
  topicId: number;
  type: QuestionType;
  position: number;
  content: Record<string, QuestionContent>;
  answer: number[];
  state: ItemState;
}
interface EffectiveConcept {
  id: number;
  topicId: number;
  language: string;
  body: string;
  state: ItemState;
}

/** Concepts and questions of topics as the editor sees them: with every unapproved change applied. */
async function effectiveTopicContent(db: Db, topicIds: readonly number[]) {
  const [concepts, questions] = await Promise.all([
    repo.conceptsOfTopics(db, topicIds),
    repo.questionsOfTopics(db, topicIds),
  ]);
  const [conceptRevs, questionRevs] = await Promise.all([
    repo
      .openRevisions(
        db,
        'concept',
        concepts.map((c) => c.id),
      )
      .then(byEntity),
    repo
      .openRevisions(
        db,
        'question',
        questions.map((q) => q.id),
      )
      .then(byEntity),
  ]);
  const effConcepts: EffectiveConcept[] = concepts.map((c) => {
    const r = conceptRevs.get(c.id);
    return {
      id: c.id,
      topicId: c.topic_id,
      language: c.language,
      body: (r?.proposed.body as string | undefined) ?? c.body,
      state: itemState(c.status, r),
    };
  });
  const effQuestions: EffectiveQuestion[] = questions.map((q) => {
    const r = questionRevs.get(q.id);
    const s = (r?.proposed ?? { type: q.type, content: q.content, answer: q.answer, position: q.position }) as {
      type: QuestionType;
      content: Record<string, QuestionContent>;
      answer: number[];
      position: number;
    };
    return {
      id: q.id,
      topicId: q.topic_id,
      type: s.type,
      position: s.position,
      content: s.content,
      answer: s.answer,
      state: itemState(q.status, r),
    };
  });
  effQuestions.sort((a, b) => a.position - b.position || a.id - b.id);
  return { concepts: effConcepts, questions: effQuestions };
}

function readinessOf(topicId: number, content: { concepts: EffectiveConcept[]; questions: EffectiveQuestion[] }) {
  const autoMarkableQuestions = content.questions.filter(
    (q) => q.topicId === topicId && AUTO_MARKABLE_TYPES.includes(q.type),
  ).length;
  const hasEnglishConcept = content.concepts.some(
    (c) => c.topicId === topicId && c.language === 'en' && c.body.trim().length > 0,
  );
  return { autoMarkableQuestions, hasEnglishConcept, ...topicReadiness({ autoMarkableQuestions, hasEnglishConcept }) };
}

export async function getChapter(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<AuthoringChapterResponse> {
  authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const c = await repo.chapter(db, id);
  if (!c) throw notFound('Chapter');
  const [chapterRev] = await repo.openRevisions(db, 'chapter', [id]);
  const topics = await repo.topicsOfChapter(db, id);
  const topicRevs = byEntity(
    await repo.openRevisions(
      db,
      'topic',
      topics.map((t) => t.id),
    ),
  );
  const content = await effectiveTopicContent(
    db,
    topics.map((t) => t.id),
  );
  const chapterState = (chapterRev?.proposed ?? { names: c.names, position: c.position }) as {
    names: Names;
    position: number;
  };
  const list = topics.map((t) => {
    const r = topicRevs.get(t.id);
    const s = (r?.proposed ?? { names: t.names, position: t.position }) as { names: Names; position: number };
    return {
      id: t.id,
      slug: t.slug,
      names: s.names,
      position: s.position,
      questions: content.questions.filter((q) => q.topicId === t.id).length,
      readiness: readinessOf(t.id, content),
      ...itemState(t.status, r),
    };
  });
  list.sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    chapter: {
      id: c.id,
      subjectId: c.subject_id,
      slug: c.slug,
      names: chapterState.names,
      position: chapterState.position,
      topics: topics.length,
      boardId: c.board_id,
      boardName: c.board_name,
      grade: c.grade,
      subjectNames: c.subject_names,
      ...itemState(c.status, chapterRev),
    },
    topics: list,
  };
}

export async function getTopic(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<AuthoringTopicResponse> {
  authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const t = await repo.topic(db, id);
  if (!t) throw notFound('Topic');
  const [topicRev] = await repo.openRevisions(db, 'topic', [id]);
  const [chapterRev] = await repo.openRevisions(db, 'chapter', [t.chapter_id]);
  const content = await effectiveTopicContent(db, [id]);
  const s = (topicRev?.proposed ?? { names: t.names, position: t.position }) as { names: Names; position: number };
  return {
    topic: {
      id: t.id,
      slug: t.slug,
      names: s.names,
      position: s.position,
      chapterId: t.chapter_id,
      chapterNames: (chapterRev?.proposed.names as Names | undefined) ?? t.chapter_names,
      subjectNames: t.subject_names,
      boardName: t.board_name,
      grade: t.grade,
      ...itemState(t.status, topicRev),
    },
    concepts: content.concepts.map((c) => ({ id: c.id, language: c.language, body: c.body, ...c.state })),
    questions: content.questions.map((q) => ({
      id: q.id,
      type: q.type,
      position: q.position,
      content: q.content,
      answer: q.answer,
      ...q.state,
    })),
    readiness: readinessOf(id, content),
    completeness: topicCompleteness({
      name: Object.keys(s.names),
      concepts: content.concepts.filter((c) => c.body.trim().length > 0).map((c) => c.language),
      questions: content.questions.map((q) => Object.keys(q.content)),
    }),
  };
}

// Writing ---------------------------------------------------------------------------------------

export async function createSubject(
  deps: AppDeps,
  principal: Principal | null,
  body: { names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const names = cleanNames(body.names);
    const slug = await chooseSlug(trx, 'subjects', body.slug, names.en!, {});
    const id = await repo.insertSubject(trx, { slug, names, theme: subjectTheme(slug) });
    return createItem(
      trx,
      p.userId,
      now,
      { type: 'subject', id, subjectId: id, chapterId: null, topicId: null },
      { names },
    );
  });
}

export async function updateSubject(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  body: { names: LanguageNames },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const s = await repo.subject(trx, id);
    if (!s) throw notFound('Subject');
    return saveChange(
      trx,
      p.userId,
      now,
      {
        type: 'subject',
        id,
        status: s.status,
        live: { names: s.names },
        subjectId: id,
        chapterId: null,
        topicId: null,
      },
      { names: cleanNames(body.names) },
    );
  });
}

export async function createChapter(
  deps: AppDeps,
  principal: Principal | null,
  body: { subjectId: number; boardId: number; grade: number; names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    if (!(await repo.subject(trx, body.subjectId))) throw notFound('Subject');
    if (!(await repo.board(trx, body.boardId))) throw notFound('Board');
    const names = cleanNames(body.names);
    const scope = { board_id: body.boardId, grade: body.grade, subject_id: body.subjectId };
    const slug = await chooseSlug(trx, 'chapters', body.slug, names.en!, scope);
    const position =
      (await repo.maxPosition(
        trx,
        'chapters',
        Object.entries(scope).map(([column, value]) => ({ column, value })),
      )) + 1;
    const id = await repo.insertChapter(trx, {
      subjectId: body.subjectId,
      boardId: body.boardId,
      grade: body.grade,
      slug,
      names,
      position,
    });
    return createItem(
      trx,
      p.userId,
      now,
      { type: 'chapter', id, subjectId: body.subjectId, chapterId: id, topicId: null },
      { names, position },
    );
  });
}

export async function updateChapter(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  body: { names: LanguageNames },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const c = await repo.chapter(trx, id);
    if (!c) throw notFound('Chapter');
    const live = { names: c.names, position: c.position };
    return saveChange(
      trx,
      p.userId,
      now,
      { type: 'chapter', id, status: c.status, live, subjectId: c.subject_id, chapterId: id, topicId: null },
      { names: cleanNames(body.names) },
    );
  });
}

export async function createTopic(
  deps: AppDeps,
  principal: Principal | null,
  body: { chapterId: number; names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const c = await repo.chapter(trx, body.chapterId);
    if (!c) throw notFound('Chapter');
    const names = cleanNames(body.names);
    const slug = await chooseSlug(trx, 'topics', body.slug, names.en!, { chapter_id: c.id });
    const position = (await repo.maxPosition(trx, 'topics', [{ column: 'chapter_id', value: c.id }])) + 1;
    const id = await repo.insertTopic(trx, { chapterId: c.id, slug, names, position });
    return createItem(
      trx,
      p.userId,
      now,
      { type: 'topic', id, subjectId: c.subject_id, chapterId: c.id, topicId: id },
      { names, position },
    );
  });
}

export async function updateTopic(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  body: { names: LanguageNames },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const t = await repo.topic(trx, id);
    if (!t) throw notFound('Topic');
    const live = { names: t.names, position: t.position };
    return saveChange(
      trx,
      p.userId,
      now,
      { type: 'topic', id, status: t.status, live, subjectId: t.subject_id, chapterId: t.chapter_id, topicId: id },
      { names: cleanNames(body.names) },
    );
  });
}

/** Writes the concept of a topic in one language, starting it when the language has none yet. */
export async function putConcept(
  deps: AppDeps,
  principal: Principal | null,
  topicId: number,
  language: string,
  body: { body: string },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const t = await repo.topic(trx, topicId);
    if (!t) throw notFound('Topic');
    const where = { subjectId: t.subject_id, chapterId: t.chapter_id, topicId };
    const existing = await repo.conceptOf(trx, topicId, language);
    if (!existing) {
      const id = await repo.insertConcept(trx, { topicId, language, body: body.body });
      return createItem(trx, p.userId, now, { type: 'concept', id, ...where }, { language, body: body.body });
    }
    const live = { language, body: existing.body };
    return saveChange(
      trx,
      p.userId,
      now,
      { type: 'concept', id: existing.id, status: existing.status, live, ...where },
      { body: body.body },
    );
  });
}

export async function createQuestion(
  deps: AppDeps,
  principal: Principal | null,
  body: QuestionInput & { topicId: number },
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const t = await repo.topic(trx, body.topicId);
    if (!t) throw notFound('Topic');
    const content = cleanContent(body.content);
    const position = (await repo.maxPosition(trx, 'questions', [{ column: 'topic_id', value: t.id }])) + 1;
    const id = await repo.insertQuestion(trx, {
      topicId: t.id,
      type: body.type,
      content,
      answer: body.answer,
      position,
    });
    return createItem(
      trx,
      p.userId,
      now,
      { type: 'question', id, subjectId: t.subject_id, chapterId: t.chapter_id, topicId: t.id },
      { type: body.type, content, answer: body.answer, position },
    );
  });
}

export async function updateQuestion(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  body: QuestionInput,
): Promise<SavedItemResponse> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    const q = await repo.question(trx, id);
    if (!q) throw notFound('Question');
    const t = (await repo.topic(trx, q.topic_id))!;
    const live = { type: q.type, content: q.content, answer: q.answer, position: q.position };
    return saveChange(
      trx,
      p.userId,
      now,
      { type: 'question', id, status: q.status, live, subjectId: t.subject_id, chapterId: t.chapter_id, topicId: t.id },
      { type: body.type, content: cleanContent(body.content), answer: body.answer },
    );
  });
}

/**
 * A new order of siblings. Each item whose position changes records it like any other change, so
 * a new order of published chapters, topics or questions reaches students only once approved.
 */
export async function reorder(
  deps: AppDeps,
  principal: Principal | null,
  body: ReorderBody,
): Promise<{ items: SavedItemResponse[] }> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  return deps.database.db.transaction().execute(async (trx) => {
    type Sibling = {
      id: number;
      status: ContentStatus;
      live: State;
      subjectId: number;
      chapterId: number | null;
      topicId: number | null;
    };
    let type: ContentEntityType;
    let siblings: Sibling[];
    const parent = body.parent;
    if (parent.type === 'subject') {
      type = 'chapter';
      const rows = (await repo.chaptersOf(trx, parent.boardId, parent.grade)).filter(
        (c) => c.subject_id === parent.subjectId,
      );
      siblings = rows.map((c) => ({
        id: c.id,
        status: c.status,
        live: { names: c.names, position: c.position },
        subjectId: c.subject_id,
        chapterId: c.id,
        topicId: null,
      }));
    } else if (parent.type === 'chapter') {
      type = 'topic';
      const c = await repo.chapter(trx, parent.chapterId);
      if (!c) throw notFound('Chapter');
      siblings = (await repo.topicsOfChapter(trx, c.id)).map((t) => ({
        id: t.id,
        status: t.status,
        live: { names: t.names, position: t.position },
        subjectId: c.subject_id,
        chapterId: c.id,
        topicId: t.id,
      }));
    } else {
      type = 'question';
      const t = await repo.topic(trx, parent.topicId);
      if (!t) throw notFound('Topic');
      siblings = (await repo.questionsOfTopics(trx, [t.id])).map((q) => ({
        id: q.id,
        status: q.status,
        live: { type: q.type, content: q.content, answer: q.answer, position: q.position },
        subjectId: t.subject_id,
        chapterId: t.chapter_id,
        topicId: t.id,
      }));
    }
    const known = new Set(siblings.map((s) => s.id));
    if (
      body.ids.length !== known.size ||
      new Set(body.ids).size !== body.ids.length ||
      body.ids.some((id) => !known.has(id))
    ) {
      throw new AppError('VALIDATION_FAILED', 'List every item of the list exactly once', {
        issues: [{ in: 'body', path: 'ids', message: 'validation.orderIncomplete' }],
      });
    }
    const revisions = byEntity(await repo.openRevisions(trx, type, body.ids));
    const items: SavedItemResponse[] = [];
    for (const [position, id] of body.ids.entries()) {
      const s = siblings.find((x) => x.id === id)!;
      const current = (revisions.get(id)?.proposed.position as number | undefined) ?? (s.live.position as number);
      if (current === position) continue;
      items.push(await saveChange(trx, p.userId, now, { type, ...s }, { position }));
    }
    return { items };
  });
}

// Submitting ------------------------------------------------------------------------------------

interface Located {
  subjectId: number;
  subjectStatus: ContentStatus;
  chapter: { id: number; status: ContentStatus; boardId: number; grade: number } | null;
  topic: { id: number; status: ContentStatus } | null;
}

async function locate(db: Db, type: ContentEntityType, id: number): Promise<Located> {
  if (type === 'subject') {
    const s = await repo.subject(db, id);
    if (!s) throw notFound('Subject');
    return { subjectId: s.id, subjectStatus: s.status, chapter: null, topic: null };
  }
  if (type === 'chapter') {
    const c = await repo.chapter(db, id);
    if (!c) throw notFound('Chapter');
    return {
      subjectId: c.subject_id,
      subjectStatus: c.subject_status,
      chapter: { id: c.id, status: c.status, boardId: c.board_id, grade: c.grade },
      topic: null,
    };
  }
  let topicId = id;
  if (type === 'concept') {
    const k = await repo.concept(db, id);
    if (!k) throw notFound('Concept');
    topicId = k.topic_id;
  } else if (type === 'question') {
    const q = await repo.question(db, id);
    if (!q) throw notFound('Question');
    topicId = q.topic_id;
  }
  const t = await repo.topic(db, topicId);
  if (!t) throw notFound('Topic');
  return {
    subjectId: t.subject_id,
    subjectStatus: t.subject_status,
    chapter: { id: t.chapter_id, status: t.chapter_status, boardId: t.board_id, grade: t.grade },
    topic: { id: t.id, status: t.status },
  };
}

/**
 * Submits an item for review with everything unapproved beneath it (a chapter's topics, a topic's
 * concepts and questions) and its unpublished ancestors (a new topic cannot go live in a chapter
 * students cannot see). An unpublished ancestor already under review must be decided first.
 */
export async function submit(
  deps: AppDeps,
  principal: Principal | null,
  body: { entityType: EntityType; entityId: number },
): Promise<{ submission: SubmissionSummary }> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const where = await locate(trx, body.entityType, body.entityId);
    const revisions =
      body.entityType === 'chapter'
        ? await repo.submittableRevisions(trx, { column: 'chapter_id', id: body.entityId })
        : body.entityType === 'topic'
          ? await repo.submittableRevisions(trx, { column: 'topic_id', id: body.entityId })
          : await repo.submittableRevisions(trx, { entityType: body.entityType, entityId: body.entityId });

    const ancestors: { type: ContentEntityType; id: number; status: ContentStatus }[] = [];
    if (body.entityType !== 'subject')
      ancestors.push({ type: 'subject', id: where.subjectId, status: where.subjectStatus });
    if (where.chapter && body.entityType !== 'chapter') ancestors.push({ type: 'chapter', ...where.chapter });
    if (where.topic && body.entityType !== 'topic') ancestors.push({ type: 'topic', ...where.topic });
    for (const a of ancestors.filter((x) => x.status !== 'published')) {
      const open = await repo.lockOpenRevision(trx, a.type, a.id);
      if (open?.status === 'in_review') {
        throw new AppError(
          'ITEM_IN_REVIEW',
          `The ${a.type} this belongs to is waiting for review; submit again once it is decided`,
          { entityType: a.type, entityId: a.id },
        );
      }
      if (open) revisions.push(open);
    }
    if (revisions.length === 0) throw new AppError('NOTHING_TO_SUBMIT', 'There are no changes to submit here');

    const submissionId = await repo.insertSubmission(trx, {
      rootType: body.entityType,
      rootId: body.entityId,
      subjectId: where.subjectId,
      boardId: where.chapter?.boardId ?? null,
      grade: where.chapter?.grade ?? null,
      actor: p.userId,
      now,
    });
    await repo.markSubmitted(
      trx,
      revisions.map((r) => r.id),
      submissionId,
      p.userId,
      now,
    );
    for (const type of ['subject', 'chapter', 'topic', 'concept', 'question'] as const) {
      await repo.setLiveStatus(
        trx,
        type,
        revisions.filter((r) => r.entity_type === type).map((r) => r.entity_id),
        'in_review',
      );
    }
    return submissionId;
  });
  return { submission: await summary(deps.database.db, id) };
}

// Reviewing -------------------------------------------------------------------------------------

const APPLY_ORDER: ContentEntityType[] = ['subject', 'chapter', 'topic', 'concept', 'question'];
const PARENT: Partial<
  Record<ContentEntityType, { type: ContentEntityType; column: 'subject_id' | 'chapter_id' | 'topic_id' }>
> = {
  chapter: { type: 'subject', column: 'subject_id' },
  topic: { type: 'chapter', column: 'chapter_id' },
  concept: { type: 'topic', column: 'topic_id' },
  question: { type: 'topic', column: 'topic_id' },
};

/**
 * Publishes every revision of a submission and checks what students will see: every published item
 * sits under published parents, every touched published topic has its 10 auto-markable questions
 * and its English concept, every touched published chapter has a published topic. A failed check
 * throws, and the caller's transaction rolls the whole approval back.
 */
async function applyApproval(
  trx: Db,
  submissionId: number,
  revisions: readonly RevisionRow[],
  approver: number,
  now: Date,
): Promise<void> {
  const ordered = [...revisions].sort(
    (a, b) => APPLY_ORDER.indexOf(a.entity_type) - APPLY_ORDER.indexOf(b.entity_type) || a.id - b.id,
  );
  for (const r of ordered) {
    const live = await repo.liveRow(trx, r.entity_type, r.entity_id);
    if (!live) throw notFound(r.entity_type);
    const previous = r.action === 'update' ? stateOf(r.entity_type, live) : null;
    await repo.writeLive(trx, r.entity_type, r.entity_id, r.proposed, 'published');
    await repo.markApproved(trx, r.id, previous, approver, now);
  }

  // Parents must be live for a published item to be reachable at all.
  for (const r of ordered) {
    const parent = PARENT[r.entity_type];
    if (!parent) continue;
    const live = (await repo.liveRow(trx, r.entity_type, r.entity_id))!;
    const parentId = live[parent.column] as number;
    const status = (await repo.liveStatuses(trx, parent.type, [parentId])).get(parentId);
    if (status !== 'published') {
      throw new AppError(
        'PARENT_NOT_PUBLISHED',
        `This ${r.entity_type} belongs to a ${parent.type} that is not published yet; approve that first`,
        {
          entityType: r.entity_type,
          entityId: r.entity_id,
          parentType: parent.type,
          parentId,
        },
      );
    }
  }

  const topicIds = [
    ...new Set(
      revisions.flatMap((r) =>
        r.entity_type === 'topic'
          ? [r.entity_id]
          : r.topic_id !== null && r.entity_type !== 'chapter'
            ? [r.topic_id]
            : [],
      ),
    ),
  ];
  const facts = (await repo.publishedTopicFacts(trx, topicIds)).filter((t) => t.status === 'published');
  const notReady = facts
    .map((t) => ({
      id: t.id,
      name: t.names.en,
      ...topicReadiness({
        autoMarkableQuestions: Number(t.auto_markable ?? 0),
        hasEnglishConcept: Boolean(t.has_english_concept),
      }),
      autoMarkableQuestions: Number(t.auto_markable ?? 0),
      hasEnglishConcept: Boolean(t.has_english_concept),
    }))
    .filter((t) => !t.ready);
  if (notReady.length > 0) {
    throw new AppError(
      'TOPIC_NOT_READY',
      'A topic needs at least 10 questions the app can mark and a concept in English before students can play it',
      {
        topics: notReady.map((t) => ({
          id: t.id,
          name: t.name,
          problems: t.problems,
          autoMarkableQuestions: t.autoMarkableQuestions,
          neededQuestions: t.neededQuestions,
          hasEnglishConcept: t.hasEnglishConcept,
        })),
      },
    );
  }

  const chapterIds = [
    ...new Set([
      ...revisions.filter((r) => r.entity_type === 'chapter').map((r) => r.entity_id),
      ...facts.map((t) => t.chapter_id),
    ]),
  ];
  const empty = (await repo.publishedTopicCounts(trx, chapterIds)).filter(
    (c) => c.status === 'published' && Number(c.topics ?? 0) === 0,
  );
  if (empty.length > 0) {
    throw new AppError('CHAPTER_NOT_READY', 'A chapter needs at least one published topic before students can see it', {
      chapters: empty.map((c) => ({ id: c.id, name: c.names.en })),
    });
  }
  await repo.closeSubmission(trx, submissionId, 'approved', approver, now, null);
}

function stateOf(type: ContentEntityType, live: State): State {
  switch (type) {
    case 'subject':
      return { names: live.names };
    case 'chapter':
    case 'topic':
      return { names: live.names, position: live.position };
    case 'concept':
      return { language: live.language, body: live.body };
    case 'question':
      return { type: live.type, content: live.content, answer: live.answer, position: live.position };
  }
}

async function lockInReview(trx: Db, id: number) {
  const submission = await repo.lockSubmission(trx, id);
  if (!submission) throw notFound('Submission');
  if (submission.status !== 'in_review')
    throw new AppError('NOT_IN_REVIEW', 'This submission has already been decided', { status: submission.status });
  const revisions = (await repo.revisionsOfSubmission(trx, id)).filter((r) => r.status === 'in_review');
  return { submission, revisions };
}

const authorsOf = (revisions: readonly RevisionRow[]) =>
  revisions.map((r) => ({ createdBy: r.created_by, editedBy: r.edited_by, submittedBy: r.submitted_by }));

/** Approves a submission: everything in it goes live at once, or nothing does. */
export async function approve(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<{ submission: SubmissionSummary }> {
  authorizeReviewContent(principal, []);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { revisions } = await lockInReview(trx, id);
    const p = authorizeReviewContent(principal, authorsOf(revisions));
    await applyApproval(trx, id, revisions, p.userId, now);
  });
  return { submission: await summary(deps.database.db, id) };
}

/** Sends a submission back to the editors with a comment; new items return to draft. */
export async function sendBack(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  comment: string,
): Promise<{ submission: SubmissionSummary }> {
  authorizeReviewContent(principal, []);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { revisions } = await lockInReview(trx, id);
    const p = authorizeReviewContent(principal, authorsOf(revisions));
    await repo.markReturned(trx, id, p.userId, now, comment);
    for (const type of APPLY_ORDER) {
      await repo.setLiveStatus(
        trx,
        type,
        revisions.filter((r) => r.entity_type === type).map((r) => r.entity_id),
        'draft',
      );
    }
    await repo.closeSubmission(trx, id, 'returned', p.userId, now, comment);
  });
  return { submission: await summary(deps.database.db, id) };
}

class DryRun extends Error {}

/** Tries the approval inside a transaction that is always rolled back: what would stop it, or null. */
async function approvalBlocker(
  db: Db,
  id: number,
  approver: number,
  now: Date,
): Promise<SubmissionDetailResponse['blocker']> {
  try {
    await db.transaction().execute(async (trx) => {
      const { revisions } = await lockInReview(trx, id);
      await applyApproval(trx, id, revisions, approver, now);
      throw new DryRun();
    });
  } catch (error) {
    if (error instanceof DryRun) return null;
    if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  return null;
}

export async function listSubmissions(
  deps: AppDeps,
  principal: Principal | null,
  status: 'in_review' | 'approved' | 'returned',
): Promise<SubmissionsResponse> {
  authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const rows = await repo.submissions(db, status);
  return { submissions: await summaries(db, rows) };
}

export async function getSubmission(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<SubmissionDetailResponse> {
  const p = authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const submission = await summary(db, id);
  const revisions = await repo.revisionsOfSubmission(db, id);
  const people = await repo.userNames(
    db,
    revisions.flatMap((r) =>
      [r.created_by, r.edited_by, r.submitted_by, r.approved_by, r.returned_by].filter((x): x is number => x !== null),
    ),
  );
  const person = (userId: number | null) => (userId === null ? null : { id: userId, name: people.get(userId) ?? '' });
  const items: SubmissionItem[] = [];
  for (const r of revisions) {
    const live =
      r.status === 'approved'
        ? r.previous
        : r.action === 'update'
          ? stateOf(r.entity_type, (await repo.liveRow(db, r.entity_type, r.entity_id)) ?? {})
          : null;
    items.push({
      revisionId: r.id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      topicId: r.entity_type === 'chapter' || r.entity_type === 'subject' ? null : r.topic_id,
      proposed: shapeOf(r.entity_type, r.proposed),
      current: live ? shapeOf(r.entity_type, live) : null,
      audit: {
        createdBy: person(r.created_by),
        createdAt: r.created_at.toISOString(),
        editedBy: person(r.edited_by),
        editedAt: r.edited_at.toISOString(),
        submittedBy: person(r.submitted_by),
        submittedAt: r.submitted_at?.toISOString() ?? null,
        approvedBy: person(r.approved_by),
        approvedAt: r.approved_at?.toISOString() ?? null,
        returnedBy: person(r.returned_by),
        returnedAt: r.returned_at?.toISOString() ?? null,
        returnComment: r.return_comment,
      },
    });
  }
  const topicIds = [...new Set(items.map((i) => i.topicId).filter((x): x is number => x !== null))];
  const topicNames = await repo.names(db, 'topic', topicIds);
  const inReview = submission.status === 'in_review';
  return {
    submission,
    topics: topicIds.map((tid) => ({
      id: tid,
      names:
        (items.find((i) => i.entityType === 'topic' && i.entityId === tid)?.proposed.names as Names | undefined) ??
        topicNames.get(tid) ??
        {},
    })),
    items,
    blocker: inReview ? await approvalBlocker(db, id, p.userId, deps.clock()) : null,
    abilities: reviewAbilities(p, authorsOf(revisions), inReview),
  };
}

function shapeOf(type: ContentEntityType, state: State): SubmissionItem['proposed'] {
  switch (type) {
    case 'subject':
      return { names: state.names as Names };
    case 'chapter':
    case 'topic':
      return { names: state.names as Names, position: state.position as number };
    case 'concept':
      return { language: state.language as string, body: state.body as string };
    case 'question':
      return {
        question: {
          type: state.type as QuestionType,
          content: state.content as Record<string, QuestionContent>,
          answer: state.answer as number[],
          position: state.position as number,
        },
      };
  }
}

type SubmissionRow = Awaited<ReturnType<typeof repo.submissions>>[number];

async function summary(db: Db, id: number): Promise<SubmissionSummary> {
  const row = await repo.submissionById(db, id);
  if (!row) throw notFound('Submission');
  return (await summaries(db, [row]))[0]!;
}

async function summaries(db: Db, rows: readonly SubmissionRow[]): Promise<SubmissionSummary[]> {
  const counts = await repo.submissionCounts(
    db,
    rows.map((r) => r.id),
  );
  const titles = new Map<string, Names>();
  for (const type of ['subject', 'chapter', 'topic'] as const) {
    const found = await repo.names(
      db,
      type,
      rows.filter((r) => r.root_type === type).map((r) => r.root_id),
    );
    for (const [rid, n] of found) titles.set(`${type}:${rid}`, n);
  }
  for (const r of rows.filter((x) => x.root_type === 'concept' || x.root_type === 'question')) {
    const live = await repo.liveRow(db, r.root_type, r.root_id);
    const topicNames = live
      ? (await repo.names(db, 'topic', [live.topic_id as number])).get(live.topic_id as number)
      : undefined;
    titles.set(`${r.root_type}:${r.root_id}`, topicNames ?? {});
  }
  return rows.map((r) => {
    const count = (type: ContentEntityType) =>
      Number(counts.find((c) => c.submission_id === r.id && c.entity_type === type)?.n ?? 0);
    return {
      id: r.id,
      rootType: r.root_type,
      rootId: r.root_id,
      title: titles.get(`${r.root_type}:${r.root_id}`) ?? {},
      subjectNames: r.subject_names,
      boardName: r.board_name,
      grade: r.grade,
      status: r.status,
      submittedBy: { id: r.submitted_by, name: personName(r.submitter_first, r.submitter_last) },
      submittedAt: new Date(r.submitted_at).toISOString(),
      reviewedBy:
        r.reviewed_by === null
          ? null
          : { id: r.reviewed_by, name: personName(r.reviewer_first ?? '', r.reviewer_last ?? '') },
      reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
      comment: r.review_comment,
      counts: {
        subject: count('subject'),
        chapter: count('chapter'),
        topic: count('topic'),
        concept: count('concept'),
        question: count('question'),
      },
    };
  });
}
