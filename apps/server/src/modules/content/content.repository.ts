/** SQL of the learner's content and progress: typed rows, no rules, no access checks. */
import type { Language } from '@ki/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export async function findSubjectBySlug(db: Db, slug: string) {
  return db.selectFrom('subjects').select(['id', 'slug', 'names', 'theme']).where('slug', '=', slug).executeTakeFirst();
}

export async function userLanguage(db: Db, userId: number): Promise<Language> {
  return (
    (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? 'en'
  );
}

/** Published chapters of a subject for one board and grade, in order, with their published topic count. */
export async function publishedChapters(db: Db, subjectId: number, boardId: number, grade: number) {
  return db
    .selectFrom('chapters as c')
    .select((eb) => [
      'c.id',
      'c.slug',
      'c.names',
      eb
        .selectFrom('topics as t')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('t.chapter_id', '=', 'c.id')
        .where('t.status', '=', 'published')
        .as('topics'),
    ])
    .where('c.subject_id', '=', subjectId)
    .where('c.board_id', '=', boardId)
    .where('c.grade', '=', grade)
    .where('c.status', '=', 'published')
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

/** The student's chapter and topic rollup rows of one subject (primary-key prefix on student_id). */
export async function subjectRollups(db: Db, studentId: number, subjectId: number) {
  const [chapters, topics] = await Promise.all([
    db
      .selectFrom('student_chapter_stats')
      .select([
        'chapter_id',
        'topics_completed',
        'is_completed',
        'learning_currency',
        'revise_attempts',
        'treasure_attempts',
        'knowledge_efficiency',
        'knowledge_currency',
      ])
      .where('student_id', '=', studentId)
      .where('subject_id', '=', subjectId)
      .orderBy('chapter_id')
      .execute(),
    db
      .selectFrom('student_topic_stats')
      .select(['topic_id', 'chapter_id', 'attempts', 'learning_efficiency', 'learning_currency'])
      .where('student_id', '=', studentId)
      .where('subject_id', '=', subjectId)
      // A stable order: upkeep rewrites rows in place, so the table's own order is no order at all.
      .orderBy('topic_id')
      .execute(),
  ]);
  return { chapters, topics };
}

/** Published topics of the given chapters, in order. */
export async function publishedTopics(db: Db, chapterIds: number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .selectFrom('topics')
    .select(['id', 'chapter_id', 'slug', 'names'])
    .where('chapter_id', 'in', chapterIds)
    .where('status', '=', 'published')
    .orderBy('chapter_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Published concepts of the topics in the wanted language and in English (the fallback). */
export async function publishedConcepts(db: Db, topicIds: number[], language: Language) {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('concepts')
    .select(['topic_id', 'language', 'body'])
    .where('topic_id', 'in', topicIds)
    .where('language', 'in', [...new Set<Language>([language, 'en'])])
    .where('status', '=', 'published')
    .execute();
}

export async function publishedQuestions(db: Db, topicIds: number[]) {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('questions')
    .select(['id', 'topic_id', 'type', 'content', 'answer'])
    .where('topic_id', 'in', topicIds)
    .where('status', '=', 'published')
    .orderBy('topic_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Per-subject totals of the student's rollups. */
export async function subjectStats(db: Db, studentId: number) {
  return db
    .selectFrom('student_subject_stats')
    .select(['subject_id', 'chapters_completed', 'topics_completed', 'learning_currency', 'knowledge_currency'])
    .where('student_id', '=', studentId)
    .orderBy('subject_id')
    .execute();
}

/**
 * The days of the last `withinDays` (up to `now`) on which the student finished an activity, as
 * 'YYYY-MM-DD' in the school's zone, newest first: an index range of learning_records_student_idx.
 */
export async function activeDays(
  db: Db,
  studentId: number,
  timeZone: string,
  now: Date,
  withinDays: number,
): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    select distinct to_char(r.finished_at at time zone ${timeZone}, 'YYYY-MM-DD') as day
      from learning_records r
     where r.student_id = ${studentId}
       and r.finished_at > ${new Date(now.getTime() - withinDays * 86_400_000)}
       and r.finished_at <= ${now}
     order by day desc`.execute(db);
  return rows.map((r) => r.day);
}

/**
 * The student's last finished activity of the learning path (a topic game, a revise or a treasure):
 * where "continue where you left off" starts. Newest first on learning_records_student_idx.
 */
export async function lastPathRecord(db: Db, studentId: number) {
  return db
    .selectFrom('learning_records')
    .select(['subject_id', 'chapter_id', 'topic_id'])
    .where('student_id', '=', studentId)
    .where('kind', 'in', ['topic', 'revise', 'treasure'])
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findSubjectById(db: Db, id: number) {
  return db.selectFrom('subjects').select(['id', 'slug', 'names', 'theme']).where('id', '=', id).executeTakeFirst();
}

export { schoolTimeZone } from '../../db/school-time-zone';

/** What access to a topic depends on: its chapter's board, grade and whether both are published. */
export async function topicFacts(db: Db, topicId: number) {
  return db
    .selectFrom('topics as t')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .select([
      't.id',
      'c.board_id',
      'c.grade',
      sql<boolean>`(t.status = 'published' and c.status = 'published')`.as('published'),
    ])
    .where('t.id', '=', topicId)
    .executeTakeFirst();
}

export async function questionFacts(db: Db, questionId: number) {
  return db
    .selectFrom('questions as q')
    .innerJoin('topics as t', 't.id', 'q.topic_id')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .select([
      'q.id',
      'c.board_id',
      'c.grade',
      sql<boolean>`(q.status = 'published' and t.status = 'published' and c.status = 'published')`.as('published'),
    ])
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}

// Bookmarks ---------------------------------------------------------------------------------------

export async function addConceptBookmark(
  db: Db,
  row: { student_id: number; topic_id: number; school_id: number; created_at: Date },
) {
  await db
    .insertInto('concept_bookmarks')
    .values(row)
    .onConflict((oc) => oc.columns(['student_id', 'topic_id']).doNothing())
    .execute();
}
export async function removeConceptBookmark(db: Db, studentId: number, topicId: number) {
  await db
    .deleteFrom('concept_bookmarks')
    .where('student_id', '=', studentId)
    .where('topic_id', '=', topicId)
    .execute();
}
export async function addQuestionBookmark(
  db: Db,
  row: { student_id: number; question_id: number; school_id: number; created_at: Date },
) {
  await db
    .insertInto('question_bookmarks')
    .values(row)
    .onConflict((oc) => oc.columns(['student_id', 'question_id']).doNothing())
    .execute();
}
export async function removeQuestionBookmark(db: Db, studentId: number, questionId: number) {
  await db
    .deleteFrom('question_bookmarks')
    .where('student_id', '=', studentId)
    .where('question_id', '=', questionId)
    .execute();
}

/** A student's concept bookmarks of published content of their board and grade, newest first. */
export async function listConceptBookmarks(
  db: Db,
  studentId: number,
  placement: { boardId: number; grade: number },
  subjectSlug?: string,
) {
  let q = db
    .selectFrom('concept_bookmarks as b')
    .innerJoin('topics as t', 't.id', 'b.topic_id')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .select([
      'b.topic_id',
      'b.created_at',
      't.slug as topic_slug',
      't.names as topic_names',
      'c.slug as chapter_slug',
      'c.names as chapter_names',
      's.slug as subject_slug',
      's.names as subject_names',
    ])
    .where('b.student_id', '=', studentId)
    .where('t.status', '=', 'published')
    .where('c.status', '=', 'published')
    .where('c.board_id', '=', placement.boardId)
    .where('c.grade', '=', placement.grade);
  if (subjectSlug) q = q.where('s.slug', '=', subjectSlug);
  return q.orderBy('b.created_at', 'desc').orderBy('b.topic_id').execute();
}

export async function listQuestionBookmarks(
  db: Db,
  studentId: number,
  placement: { boardId: number; grade: number },
  subjectSlug?: string,
) {
  let q = db
    .selectFrom('question_bookmarks as b')
    .innerJoin('questions as q', 'q.id', 'b.question_id')
    .innerJoin('topics as t', 't.id', 'q.topic_id')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .select([
      'b.question_id',
      'b.created_at',
      'q.content',
      'q.answer',
      't.slug as topic_slug',
      't.names as topic_names',
      'c.slug as chapter_slug',
      's.slug as subject_slug',
      's.names as subject_names',
    ])
    .where('b.student_id', '=', studentId)
    .where('q.status', '=', 'published')
    .where('t.status', '=', 'published')
    .where('c.status', '=', 'published')
    .where('c.board_id', '=', placement.boardId)
    .where('c.grade', '=', placement.grade);
  if (subjectSlug) q = q.where('s.slug', '=', subjectSlug);
  return q.orderBy('b.created_at', 'desc').orderBy('b.question_id').execute();
}

// Ratings -----------------------------------------------------------------------------------------

export async function upsertRating(
  db: Db,
  row: { student_id: number; topic_id: number; school_id: number; rating: number; rated_at: Date },
) {
  await db
    .insertInto('topic_ratings')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'topic_id'])
        .doUpdateSet({ rating: row.rating, rated_at: row.rated_at, school_id: row.school_id }),
    )
    .execute();
}

export async function findRating(db: Db, studentId: number, topicId: number) {
  return (
    (
      await db
        .selectFrom('topic_ratings')
        .select('rating')
        .where('student_id', '=', studentId)
        .where('topic_id', '=', topicId)
        .executeTakeFirst()
    )?.rating ?? null
  );
}
