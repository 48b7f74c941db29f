/** What editors and approvers browse: the catalog, a board and grade's chapters, a chapter, a topic. */
import { AUTO_MARKABLE_TYPES, topicCompleteness, topicReadiness } from '@ki/domain';
import type {
  AuthoringCatalogResponse,
  AuthoringChapterResponse,
  AuthoringChaptersResponse,
  AuthoringTopicResponse,
  ItemState,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { QuestionContent, QuestionType } from '../../db/schema';
import { notFound } from '../../errors';
import { authoringAbilities, authorizeReadAuthoring, type Principal } from '../../policy/policy';
import * as contentRepo from './authoring-content.repository';
import * as revisionRepo from './authoring-revisions.repository';
import type { RevisionRow } from './authoring-revisions.repository';
import { itemState, openRevisionsById, stateOf, type Db, type Names } from './authoring-state';

const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** A chapter's or topic's names and position as editors see them: its unapproved change, else its live row. */
function proposedOrLive(type: 'chapter' | 'topic', live: { names: Names; position: number }, revision?: RevisionRow) {
  return (revision?.proposed ?? stateOf(type, live)) as { names: Names; position: number };
}

export async function catalog(deps: AppDeps, principal: Principal | null): Promise<AuthoringCatalogResponse> {
  const p = authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const [boards, subjects] = await Promise.all([contentRepo.boards(db), contentRepo.subjects(db)]);
  const revisions = await openRevisionsById(
    db,
    'subject',
    subjects.map((s) => s.id),
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
  const rows = await contentRepo.chaptersOf(db, boardId, grade);
  const revisions = await openRevisionsById(
    db,
    'chapter',
    rows.map((r) => r.id),
  );
  const chapters = rows.map((c) => {
    const r = revisions.get(c.id);
    const state = proposedOrLive('chapter', c, r);
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
    contentRepo.conceptsOfTopics(db, topicIds),
    contentRepo.questionsOfTopics(db, topicIds),
  ]);
  const [conceptRevs, questionRevs] = await Promise.all([
    openRevisionsById(
      db,
      'concept',
      concepts.map((c) => c.id),
    ),
    openRevisionsById(
      db,
      'question',
      questions.map((q) => q.id),
    ),
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
    const s = (r?.proposed ?? stateOf('question', q)) as {
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
  const c = await contentRepo.chapter(db, id);
  if (!c) throw notFound('Chapter');
  const [chapterRev] = await revisionRepo.openRevisions(db, 'chapter', [id]);
  const topics = await contentRepo.topicsOfChapter(db, id);
  const topicRevs = await openRevisionsById(
    db,
    'topic',
    topics.map((t) => t.id),
  );
  const content = await effectiveTopicContent(
    db,
    topics.map((t) => t.id),
  );
  const chapterState = proposedOrLive('chapter', c, chapterRev);
  const list = topics.map((t) => {
    const r = topicRevs.get(t.id);
    const s = proposedOrLive('topic', t, r);
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
  const t = await contentRepo.topic(db, id);
  if (!t) throw notFound('Topic');
  const [topicRev] = await revisionRepo.openRevisions(db, 'topic', [id]);
  const [chapterRev] = await revisionRepo.openRevisions(db, 'chapter', [t.chapter_id]);
  const content = await effectiveTopicContent(db, [id]);
  const s = proposedOrLive('topic', t, topicRev);
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
