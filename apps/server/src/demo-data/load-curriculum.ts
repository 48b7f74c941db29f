/**
 * Writes the curriculum sources into the database for each board, and returns an in-memory index of
 * what it wrote (ids and answer keys) for the activity simulation.
 */
import type { Kysely } from 'kysely';
import type { DB, QuestionType } from '../db/schema';
import type { SourceFile } from './curriculum-source';
import { SUBJECT_NAMES, SUBJECT_ORDER } from './subjects';
import { subjectTheme, type Language } from '@ki/domain';

export interface IndexedQuestion {
  id: number;
  topicId: number;
  chapterId: number;
  type: QuestionType;
  answer: number[];
  optionCount: number;
}
export interface IndexedTopic {
  id: number;
  chapterId: number;
  questions: IndexedQuestion[];
}
export interface IndexedChapter {
  id: number;
  subjectId: number;
  topics: IndexedTopic[];
  questions: IndexedQuestion[];
}
export interface IndexedSubject {
  id: number;
  slug: string;
  chapters: IndexedChapter[];
}
/** Per board and grade: the subjects with their chapters in order. */
export type CurriculumIndex = Map<string, IndexedSubject[]>;
export const indexKey = (boardId: number, grade: number) => `${boardId}:${grade}`;

export async function insertCurriculum(
  db: Kysely<DB>,
  boardIds: readonly number[],
  sources: readonly SourceFile[],
): Promise<CurriculumIndex> {
  const subjectIds = new Map<string, number>();
  for (const slug of [...new Set(sources.map((s) => s.subject))]) {
    const row = await db
      .insertInto('subjects')
      .values({ slug, names: JSON.stringify(SUBJECT_NAMES[slug]), theme: subjectTheme(slug) })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ names: JSON.stringify(SUBJECT_NAMES[slug]) }))
      .returning('id')
      .executeTakeFirstOrThrow();
    subjectIds.set(slug, row.id);
  }

  const index: CurriculumIndex = new Map();
  const ordered = [...sources].sort(
    (a, b) => a.grade - b.grade || SUBJECT_ORDER.indexOf(a.subject) - SUBJECT_ORDER.indexOf(b.subject),
  );
  for (const boardId of boardIds) {
    for (const file of ordered) {
      const subjectId = subjectIds.get(file.subject)!;
      const chapterRows = await db
        .insertInto('chapters')
        .values(
          file.chapters.map((c, position) => ({
            subject_id: subjectId,
            board_id: boardId,
            grade: file.grade,
            slug: c.slug,
            names: JSON.stringify(c.names),
            position,
          })),
        )
        .returning(['id', 'slug'])
        .execute();
      const chapterIds = new Map(chapterRows.map((r) => [r.slug, r.id]));

      const topicValues = file.chapters.flatMap((c) =>
        c.topics.map((t, position) => ({
          chapter_id: chapterIds.get(c.slug)!,
          slug: t.slug,
          names: JSON.stringify(t.names),
          position,
        })),
      );
      const topicRows = await db
        .insertInto('topics')
        .values(topicValues)
        .returning(['id', 'chapter_id', 'slug'])
        .execute();
      const topicIds = new Map(topicRows.map((r) => [`${r.chapter_id}/${r.slug}`, r.id]));

      // One concept row per topic and language it is written in.
      const conceptValues = file.chapters.flatMap((c) =>
        c.topics.flatMap((t) =>
          (Object.entries(t.concepts) as [Language, string][]).map(([language, body]) => ({
            topic_id: topicIds.get(`${chapterIds.get(c.slug)}/${t.slug}`)!,
            language,
            body,
          })),
        ),
      );
      await db.insertInto('concepts').values(conceptValues).execute();

      const questionValues = file.chapters.flatMap((c) =>
        c.topics.flatMap((t) =>
          t.questions.map((q, position) => ({
            topic_id: topicIds.get(`${chapterIds.get(c.slug)}/${t.slug}`)!,
            type: q.type,
            position,
            content: JSON.stringify({
              en: { text: q.text, options: q.options, solution: q.solution },
              ...q.translations,
            }),
            answer: q.answer,
          })),
        ),
      );
      const questionRows: { id: number; topic_id: number; type: QuestionType; answer: number[] }[] = [];
      for (let i = 0; i < questionValues.length; i += 1000) {
        questionRows.push(
          ...(await db
            .insertInto('questions')
            .values(questionValues.slice(i, i + 1000))
            .returning(['id', 'topic_id', 'type', 'answer'])
            .execute()),
        );
      }
      const optionCounts = file.chapters.flatMap((c) =>
        c.topics.flatMap((t) => t.questions.map((q) => q.options.length)),
      );

      const topicsById = new Map<number, IndexedTopic>();
      const chapters: IndexedChapter[] = file.chapters.map((c) => {
        const chapterId = chapterIds.get(c.slug)!;
        const topics = c.topics.map((t) => {
          const topic: IndexedTopic = { id: topicIds.get(`${chapterId}/${t.slug}`)!, chapterId, questions: [] };
          topicsById.set(topic.id, topic);
          return topic;
        });
        return { id: chapterId, subjectId, topics, questions: [] };
      });
      questionRows.forEach((q, i) => {
        const topic = topicsById.get(q.topic_id)!;
        topic.questions.push({
          id: q.id,
          topicId: q.topic_id,
          chapterId: topic.chapterId,
          type: q.type,
          answer: q.answer,
          optionCount: optionCounts[i]!,
        });
      });
      for (const chapter of chapters) chapter.questions = chapter.topics.flatMap((t) => t.questions);

      const key = indexKey(boardId, file.grade);
      const list = index.get(key) ?? [];
      list.push({ id: subjectId, slug: file.subject, chapters });
      index.set(key, list);
    }
  }
  return index;
}

/** The index of a curriculum already in the database (published content), to add more schools to it. */
export async function readCurriculumIndex(db: Kysely<DB>): Promise<CurriculumIndex> {
  const chapters = await db
    .selectFrom('chapters')
    .innerJoin('subjects', 'subjects.id', 'chapters.subject_id')
    .select(['chapters.id', 'chapters.board_id', 'chapters.grade', 'chapters.subject_id', 'subjects.slug'])
    .where('chapters.status', '=', 'published')
    .orderBy('chapters.board_id')
    .orderBy('chapters.grade')
    .orderBy('chapters.subject_id')
    .orderBy('chapters.position')
    .execute();
  if (chapters.length === 0) return new Map();
  const topics = await db
    .selectFrom('topics')
    .select(['id', 'chapter_id'])
    .where('status', '=', 'published')
    .orderBy('chapter_id')
    .orderBy('position')
    .execute();
  const questions = await db
    .selectFrom('questions')
    .select((eb) => [
      'id',
      'topic_id',
      'type',
      'answer',
      eb.fn<number>('jsonb_array_length', [eb.ref('content', '->').key('en').key('options')]).as('option_count'),
    ])
    .where('status', '=', 'published')
    .orderBy('topic_id')
    .orderBy('position')
    .execute();

  const topicsById = new Map<number, IndexedTopic>();
  const topicsByChapter = new Map<number, IndexedTopic[]>();
  for (const t of topics) {
    const topic: IndexedTopic = { id: t.id, chapterId: t.chapter_id, questions: [] };
    topicsById.set(t.id, topic);
    topicsByChapter.set(t.chapter_id, [...(topicsByChapter.get(t.chapter_id) ?? []), topic]);
  }
  for (const q of questions) {
    const topic = topicsById.get(q.topic_id);
    if (topic)
      topic.questions.push({
        id: q.id,
        topicId: q.topic_id,
        chapterId: topic.chapterId,
        type: q.type,
        answer: q.answer,
        optionCount: Number(q.option_count),
      });
  }
  const index: CurriculumIndex = new Map();
  for (const c of chapters) {
    const key = indexKey(c.board_id, c.grade);
    const subjects = index.get(key) ?? [];
    let subject = subjects.find((s) => s.id === c.subject_id);
    if (!subject) {
      subject = { id: c.subject_id, slug: c.slug, chapters: [] };
      subjects.push(subject);
    }
    const chapterTopics = topicsByChapter.get(c.id) ?? [];
    subject.chapters.push({
      id: c.id,
      subjectId: c.subject_id,
      topics: chapterTopics,
      questions: chapterTopics.flatMap((t) => t.questions),
    });
    index.set(key, subjects);
  }
  for (const subjects of index.values())
    subjects.sort((a, b) => SUBJECT_ORDER.indexOf(a.slug as never) - SUBJECT_ORDER.indexOf(b.slug as never));
  return index;
}
