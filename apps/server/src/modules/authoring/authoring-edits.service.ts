/**
 * Editors' drafts: new subjects, chapters, topics, concepts and questions, changes to them, and new
 * orders of siblings. Every save, new item or change, ends in `record`, which keeps the item's one
 * open revision (see authoring-state).
 */
import { subjectTheme, type Language } from '@ki/domain';
import type { LanguageNames, QuestionInput, ReorderBody, SavedItemResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { ContentEntityType, ContentStatus, QuestionContent } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorizeEditContent, type Principal } from '../../policy/policy';
import * as contentRepo from './authoring-content.repository';
import * as revisionRepo from './authoring-revisions.repository';
import { openRevisionsById, stateOf, type Db, type Names, type State } from './authoring-state';

/** Who saves, and when: the revision's audit. */
interface Editor {
  userId: number;
  now: Date;
}

/** An item as a revision records it: where it sits, its live status and its live editable state. */
interface Tracked {
  type: ContentEntityType;
  id: number;
  subjectId: number;
  chapterId: number | null;
  topicId: number | null;
  status: ContentStatus;
  live: State;
}

/** Runs an editor's save in one transaction, once the policy allows it. */
async function asEditor<T>(
  deps: AppDeps,
  principal: Principal | null,
  work: (trx: Db, editor: Editor) => Promise<T>,
): Promise<T> {
  const p = authorizeEditContent(principal);
  const editor = { userId: p.userId, now: deps.clock() };
  return deps.database.db.transaction().execute((trx) => work(trx, editor));
}

/**
 * Records an editor's change to an item. Unpublished items are edited in place (students cannot see
 * them) and their open revision mirrors the row; published items keep their live row and collect the
 * change in their open revision. An item under review cannot be changed until the approver decides.
 * A new item is an unpublished item without a revision yet: its first save is its 'create' revision.
 */
async function record(trx: Db, editor: Editor, item: Tracked, patch: State): Promise<SavedItemResponse> {
  const open = await revisionRepo.lockOpenRevision(trx, item.type, item.id);
  if (open?.status === 'in_review') {
    throw new AppError(
      'ITEM_IN_REVIEW',
      'This item is waiting for review; it can be changed once the approver has decided',
      { entityType: item.type, entityId: item.id },
    );
  }
  const proposed = { ...(open?.proposed ?? item.live), ...patch };
  // A new item's row already holds its state.
  if (item.status !== 'published' && Object.keys(patch).length > 0)
    await contentRepo.writeLive(trx, item.type, item.id, proposed, 'draft');
  if (open) {
    await revisionRepo.updateRevisionDraft(trx, open.id, proposed, editor.userId, editor.now);
  } else {
    await revisionRepo.insertRevision(trx, {
      entityType: item.type,
      entityId: item.id,
      subjectId: item.subjectId,
      chapterId: item.chapterId,
      topicId: item.topicId,
      action: item.status === 'published' ? 'update' : 'create',
      proposed,
      actor: editor.userId,
      now: editor.now,
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

// Where items sit -------------------------------------------------------------------------------

type Place = Pick<Tracked, 'subjectId' | 'chapterId' | 'topicId'>;
const inSubject = (subjectId: number): Place => ({ subjectId, chapterId: null, topicId: null });
const inChapter = (c: { id: number; subject_id: number }): Place => ({
  subjectId: c.subject_id,
  chapterId: c.id,
  topicId: null,
});
const inTopic = (t: { id: number; chapter_id: number; subject_id: number }): Place => ({
  subjectId: t.subject_id,
  chapterId: t.chapter_id,
  topicId: t.id,
});

/** A row just inserted as a draft, holding `state`. */
const inserted = (type: ContentEntityType, id: number, place: Place, state: State): Tracked => ({
  type,
  id,
  ...place,
  status: 'draft',
  live: state,
});

const existing = (
  type: ContentEntityType,
  row: State & { id: number; status: ContentStatus },
  place: Place,
): Tracked => ({ type, id: row.id, ...place, status: row.status, live: stateOf(type, row) });

async function trackedSubject(db: Db, id: number): Promise<Tracked> {
  const s = await contentRepo.subject(db, id);
  if (!s) throw notFound('Subject');
  return existing('subject', s, inSubject(s.id));
}

async function trackedChapter(db: Db, id: number): Promise<Tracked> {
  const c = await contentRepo.chapter(db, id);
  if (!c) throw notFound('Chapter');
  return existing('chapter', c, inChapter(c));
}

async function trackedTopic(db: Db, id: number): Promise<Tracked> {
  const t = await contentRepo.topic(db, id);
  if (!t) throw notFound('Topic');
  return existing('topic', t, inTopic(t));
}

async function trackedQuestion(db: Db, id: number): Promise<Tracked> {
  const q = await contentRepo.question(db, id);
  if (!q) throw notFound('Question');
  const t = (await contentRepo.topic(db, q.topic_id))!;
  return existing('question', q, inTopic(t));
}

// Names, slugs, content -------------------------------------------------------------------------

/** Drops absent languages so stored names hold only what was written. */
function cleanNames(names: LanguageNames): Names {
  return Object.fromEntries(
    Object.entries(names).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0),
  );
}

function cleanContent(content: QuestionInput['content']): Record<string, QuestionContent> {
  return Object.fromEntries(Object.entries(content).filter((e): e is [string, QuestionContent] => e[1] !== undefined));
}

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
    if (await contentRepo.slugExists(db, table, requested, scope))
      throw new AppError('SLUG_TAKEN', `The short name '${requested}' is already used here`, { slug: requested });
    return requested;
  }
  const base = slugify(englishName) || table.slice(0, -1);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await contentRepo.slugExists(db, table, candidate, scope))) return candidate;
  }
}

// Saving ----------------------------------------------------------------------------------------

export function createSubject(
  deps: AppDeps,
  principal: Principal | null,
  body: { names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  return asEditor(deps, principal, async (trx, editor) => {
    const names = cleanNames(body.names);
    const slug = await chooseSlug(trx, 'subjects', body.slug, names.en!, {});
    const id = await contentRepo.insertSubject(trx, { slug, names, theme: subjectTheme(slug) });
    return record(trx, editor, inserted('subject', id, inSubject(id), { names }), {});
  });
}

export function createChapter(
  deps: AppDeps,
  principal: Principal | null,
  body: { subjectId: number; boardId: number; grade: number; names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  return asEditor(deps, principal, async (trx, editor) => {
    if (!(await contentRepo.subject(trx, body.subjectId))) throw notFound('Subject');
    if (!(await contentRepo.board(trx, body.boardId))) throw notFound('Board');
    const names = cleanNames(body.names);
    const scope = { board_id: body.boardId, grade: body.grade, subject_id: body.subjectId };
    const slug = await chooseSlug(trx, 'chapters', body.slug, names.en!, scope);
    const position = (await contentRepo.maxPosition(trx, 'chapters', scope)) + 1;
    const id = await contentRepo.insertChapter(trx, {
      subjectId: body.subjectId,
      boardId: body.boardId,
      grade: body.grade,
      slug,
      names,
      position,
    });
    const place = inChapter({ id, subject_id: body.subjectId });
    return record(trx, editor, inserted('chapter', id, place, { names, position }), {});
  });
}

export function createTopic(
  deps: AppDeps,
  principal: Principal | null,
  body: { chapterId: number; names: LanguageNames; slug?: string | undefined },
): Promise<SavedItemResponse> {
  return asEditor(deps, principal, async (trx, editor) => {
    const c = await contentRepo.chapter(trx, body.chapterId);
    if (!c) throw notFound('Chapter');
    const names = cleanNames(body.names);
    const scope = { chapter_id: c.id };
    const slug = await chooseSlug(trx, 'topics', body.slug, names.en!, scope);
    const position = (await contentRepo.maxPosition(trx, 'topics', scope)) + 1;
    const id = await contentRepo.insertTopic(trx, { chapterId: c.id, slug, names, position });
    const place = inTopic({ id, chapter_id: c.id, subject_id: c.subject_id });
    return record(trx, editor, inserted('topic', id, place, { names, position }), {});
  });
}

/** Changes the names of a subject, a chapter or a topic. */
export function rename(
  deps: AppDeps,
  principal: Principal | null,
  type: 'subject' | 'chapter' | 'topic',
  id: number,
  body: { names: LanguageNames },
): Promise<SavedItemResponse> {
  const find = { subject: trackedSubject, chapter: trackedChapter, topic: trackedTopic }[type];
  return asEditor(deps, principal, async (trx, editor) =>
    record(trx, editor, await find(trx, id), { names: cleanNames(body.names) }),
  );
}

/** Writes the concept of a topic in one language, starting it when the language has none yet. */
export function putConcept(
  deps: AppDeps,
  principal: Principal | null,
  topicId: number,
  language: Language,
  body: { body: string },
): Promise<SavedItemResponse> {
  return asEditor(deps, principal, async (trx, editor) => {
    const t = await contentRepo.topic(trx, topicId);
    if (!t) throw notFound('Topic');
    const concept = await contentRepo.conceptOf(trx, topicId, language);
    if (concept) return record(trx, editor, existing('concept', concept, inTopic(t)), { body: body.body });
    const id = await contentRepo.insertConcept(trx, { topicId, language, body: body.body });
    return record(trx, editor, inserted('concept', id, inTopic(t), { language, body: body.body }), {});
  });
}

/** Saves a question: a new one at the end of its topic, or a change to an existing one. */
export function saveQuestion(
  deps: AppDeps,
  principal: Principal | null,
  target: { topicId: number } | { questionId: number },
  body: QuestionInput,
): Promise<SavedItemResponse> {
  return asEditor(deps, principal, async (trx, editor) => {
    const state = { type: body.type, content: cleanContent(body.content), answer: body.answer };
    if ('questionId' in target) return record(trx, editor, await trackedQuestion(trx, target.questionId), state);
    const t = await contentRepo.topic(trx, target.topicId);
    if (!t) throw notFound('Topic');
    const position = (await contentRepo.maxPosition(trx, 'questions', { topic_id: t.id })) + 1;
    const id = await contentRepo.insertQuestion(trx, { topicId: t.id, ...state, position });
    return record(trx, editor, inserted('question', id, inTopic(t), { ...state, position }), {});
  });
}

/** The items a reorder may arrange: a subject's chapters of one board and grade, a chapter's topics, a topic's questions. */
async function siblingsOf(trx: Db, parent: ReorderBody['parent']): Promise<Tracked[]> {
  if (parent.type === 'subject') {
    const chapters = await contentRepo.chaptersOf(trx, parent.boardId, parent.grade);
    return chapters.filter((c) => c.subject_id === parent.subjectId).map((c) => existing('chapter', c, inChapter(c)));
  }
  if (parent.type === 'chapter') {
    const c = await contentRepo.chapter(trx, parent.chapterId);
    if (!c) throw notFound('Chapter');
    const topics = await contentRepo.topicsOfChapter(trx, c.id);
    return topics.map((t) => existing('topic', t, inTopic({ ...t, subject_id: c.subject_id })));
  }
  const t = await contentRepo.topic(trx, parent.topicId);
  if (!t) throw notFound('Topic');
  const questions = await contentRepo.questionsOfTopics(trx, [t.id]);
  return questions.map((q) => existing('question', q, inTopic(t)));
}

/**
 * A new order of siblings. Each item whose position changes records it like any other change, so
 * a new order of published chapters, topics or questions reaches students only once approved.
 */
export function reorder(
  deps: AppDeps,
  principal: Principal | null,
  body: ReorderBody,
): Promise<{ items: SavedItemResponse[] }> {
  return asEditor(deps, principal, async (trx, editor) => {
    const type = ({ subject: 'chapter', chapter: 'topic', topic: 'question' } as const)[body.parent.type];
    const siblings = await siblingsOf(trx, body.parent);
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
    const revisions = await openRevisionsById(trx, type, body.ids);
    const items: SavedItemResponse[] = [];
    for (const [position, id] of body.ids.entries()) {
      const s = siblings.find((x) => x.id === id)!;
      const current = (revisions.get(id)?.proposed.position as number | undefined) ?? (s.live.position as number);
      if (current === position) continue;
      items.push(await record(trx, editor, s, { position }));
    }
    return { items };
  });
}
