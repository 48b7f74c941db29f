/**
 * SQL of the student dashboard: one student's rollup rows, their curriculum, and the global averages
 * of their board and grade. Typed rows, no rules, no access checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Language } from '@ki/domain';
import { nameIn } from '../../db/content-names';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export async function studentProfile(db: Db, studentId: number) {
  const { rows } = await sql<{
    id: number;
    first_name: string;
    last_name: string;
    mobile: string | null;
    email: string | null;
    school_name: string;
    time_zone: string;
    board_id: number | null;
    board_name: string | null;
    grade: number | null;
  }>`
    select u.id, u.first_name, u.last_name, u.mobile, u.email, s.name as school_name, s.time_zone, e.board_id, b.name as board_name, e.grade
    from users u
    join student_enrolments e on e.student_id = u.id
    join schools s on s.id = e.school_id
    left join boards b on b.id = e.board_id
    where u.id = ${studentId} and u.role = 'student'`.execute(db);
  return rows[0];
}

export async function studentTotals(db: Db, studentId: number) {
  return db
    .selectFrom('student_stats')
    .select(['total_score', 'knowledge_efficiency', 'learning_efficiency', 'answered', 'correct'])
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** The newest records of a student (the (student_id, finished_at) index), with their names. */
export async function recentRecords(db: Db, studentId: number, limit: number, language: Language) {
  const { rows } = await sql<{
    kind: 'topic' | 'treasure' | 'revise' | 'quiz' | 'test' | 'challenge';
    finished_at: Date;
    subject_id: number;
    subject_name: string;
    /** Null for a chapter-less record (a quiz or test attempt's). */
    chapter_name: string | null;
    topic_name: string | null;
    learning_efficiency: number | null;
    percent: number | null;
    answered_count: number;
    correct_count: number;
  }>`
    select r.kind, r.finished_at, r.subject_id, ${nameIn('su.names', language)} as subject_name, ${nameIn('c.names', language)} as chapter_name,
           ${nameIn('t.names', language)} as topic_name, r.learning_efficiency, r.percent, r.answered_count, r.correct_count
    from (select * from learning_records where student_id = ${studentId} order by finished_at desc, id desc limit ${limit}) r
    join subjects su on su.id = r.subject_id
    left join chapters c on c.id = r.chapter_id
    left join topics t on t.id = r.topic_id
    order by r.finished_at desc, r.id desc`.execute(db);
  return rows;
}

/** Subjects of a board and grade with their published topic counts, and the student's completed topics. */
export async function subjectsWithCompletion(
  db: Db,
  studentId: number,
  boardId: number,
  grade: number,
  language: Language,
) {
  const { rows } = await sql<{
    subject_id: number;
    subject_name: string;
    total_topics: number;
    completed_topics: number;
  }>`
    with curriculum as (
      select c.subject_id, count(t.id)::int as total_topics
      from chapters c left join topics t on t.chapter_id = c.id and t.status = 'published'
      where c.board_id = ${boardId} and c.grade = ${grade} and c.status = 'published'
      group by c.subject_id
    )
    select cu.subject_id, ${nameIn('su.names', language)} as subject_name, cu.total_topics,
           coalesce(ss.topics_completed, 0)::int as completed_topics
    from curriculum cu
    join subjects su on su.id = cu.subject_id
    left join student_subject_stats ss on ss.student_id = ${studentId} and ss.subject_id = cu.subject_id
    order by subject_name`.execute(db);
  return rows;
}

/** The student's completed chapters with the chapter's global average knowledge efficiency. */
export async function completedChapters(db: Db, studentId: number, language: Language) {
  const { rows } = await sql<{
    chapter_id: number;
    chapter_name: string;
    subject_id: number;
    subject_name: string;
    knowledge_efficiency: number;
    global_knowledge_efficiency: number | null;
  }>`
    select cs.chapter_id, ${nameIn('c.names', language)} as chapter_name, cs.subject_id, ${nameIn('su.names', language)} as subject_name,
           cs.knowledge_efficiency, g.knowledge_efficiency as global_knowledge_efficiency
    from student_chapter_stats cs
    join chapters c on c.id = cs.chapter_id
    join subjects su on su.id = cs.subject_id
    left join global_chapter_averages g on g.chapter_id = cs.chapter_id
    where cs.student_id = ${studentId} and cs.is_completed
    order by subject_name, c.position`.execute(db);
  return rows;
}

export async function dailyCurrency(db: Db, studentId: number, fromDay: string) {
  return db
    .selectFrom('student_daily_stats')
    .select(['day', 'learning_currency', 'knowledge_currency'])
    .where('student_id', '=', studentId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
}

// Subject detail ----------------------------------------------------------------------------------

export async function subjectName(db: Db, subjectId: number, language: Language) {
  const { rows } = await sql<{
    name: string;
  }>`select ${nameIn('s.names', language)} as name from subjects s where s.id = ${subjectId}`.execute(db);
  return rows[0]?.name;
}

export async function subjectCurriculum(db: Db, boardId: number, grade: number, subjectId: number, language: Language) {
  const { rows } = await sql<{
    chapter_id: number;
    chapter_name: string;
    topic_id: number | null;
    topic_name: string | null;
  }>`
    select c.id as chapter_id, ${nameIn('c.names', language)} as chapter_name, t.id as topic_id, ${nameIn('t.names', language)} as topic_name
    from chapters c left join topics t on t.chapter_id = c.id and t.status = 'published'
    where c.board_id = ${boardId} and c.grade = ${grade} and c.subject_id = ${subjectId} and c.status = 'published'
    order by c.position, c.id, t.position, t.id`.execute(db);
  return rows;
}

export async function subjectStats(db: Db, studentId: number, subjectId: number) {
  return db
    .selectFrom('student_subject_stats')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

export async function chapterStats(db: Db, studentId: number, subjectId: number) {
  return db
    .selectFrom('student_chapter_stats')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('subject_id', '=', subjectId)
    .orderBy('chapter_id')
    .execute();
}

export async function topicStats(db: Db, studentId: number, subjectId: number) {
  return db
    .selectFrom('student_topic_stats')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('subject_id', '=', subjectId)
    .orderBy('topic_id')
    .execute();
}

/**
 * Questions put to the student per chapter and topic of a subject, with their seconds. The rollups
 * keep answered questions only, and an unanswered one counts its full 30 s, so time per question
 * needs the number asked: read from the student's own records through the (student_id, chapter_id)
 * index (docs/DECISIONS.md "Global averages").
 */
export async function questionsAsked(db: Db, studentId: number, subjectId: number) {
  const { rows } = await sql<{
    /** Null: the subject's quizzes and tests (no chapter). */
    chapter_id: number | null;
    topic_id: number | null;
    kind: string;
    questions: number;
    seconds: number;
  }>`
    select chapter_id, topic_id, kind, sum(question_count)::int as questions, sum(question_seconds)::int as seconds
    from learning_records
    where student_id = ${studentId} and subject_id = ${subjectId}
    group by chapter_id, topic_id, kind`.execute(db);
  return rows;
}

export async function globalSubject(db: Db, boardId: number, grade: number, subjectId: number) {
  return db
    .selectFrom('global_subject_averages')
    .select(['accuracy', 'score_bands', 'students'])
    .where('board_id', '=', boardId)
    .where('grade', '=', grade)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

export async function globalChapters(db: Db, chapterIds: readonly number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .selectFrom('global_chapter_averages')
    .selectAll()
    .where('chapter_id', 'in', [...chapterIds])
    .execute();
}

// Global averages ---------------------------------------------------------------------------------

export async function globalRefreshedAt(db: Db, boardId: number, grade: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('global_average_refreshes')
    .select('refreshed_at')
    .where('board_id', '=', boardId)
    .where('grade', '=', grade)
    .executeTakeFirst();
  return row ? new Date(row.refreshed_at) : undefined;
}

/** One refresh of a board and grade at a time. */
export async function lockGlobalAverages(trx: Transaction<DB>, boardId: number, grade: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(8, ((${boardId}::bigint * 16 + ${grade}) % 2147483647)::int)`.execute(trx);
}

/**
 * Recomputes the global averages of one board and grade from the rollups of every school: mean
 * per-student accuracy per subject and per chapter, mean KE_ch of the students who completed each
 * chapter, and the students per band of the subject's displayed total score.
 */
export async function refreshGlobalAverages(
  trx: Transaction<DB>,
  boardId: number,
  grade: number,
  at: Date,
): Promise<void> {
  await sql`delete from global_subject_averages where board_id = ${boardId} and grade = ${grade}`.execute(trx);
  await sql`
    insert into global_subject_averages (board_id, grade, subject_id, students, accuracy, score_bands)
    select ${boardId}, ${grade}, subject_id, count(*)::int,
           avg(case when answered > 0 then correct * 100.0::float8 / answered end),
           array[${sql.join(Array.from({ length: 10 }, (_, b) => sql`(count(*) filter (where band = ${b}))::int`))}]
    from (
      select subject_id, answered, correct, least(floor(round(total_score::numeric) / 10), 9)::int as band
      from student_subject_stats where board_id = ${boardId} and grade = ${grade}
    ) s
    group by subject_id`.execute(trx);
  await sql`delete from global_chapter_averages where board_id = ${boardId} and grade = ${grade}`.execute(trx);
  await sql`
    insert into global_chapter_averages (chapter_id, board_id, grade, accuracy, knowledge_efficiency, completed_students)
    select c.id, ${boardId}, ${grade},
           avg(case when s.answered > 0 then s.correct * 100.0::float8 / s.answered end),
           avg(s.knowledge_efficiency) filter (where s.is_completed),
           (count(*) filter (where s.is_completed))::int
    from chapters c join student_chapter_stats s on s.chapter_id = c.id
    where c.board_id = ${boardId} and c.grade = ${grade}
    group by c.id`.execute(trx);
  await sql`
    insert into global_average_refreshes (board_id, grade, refreshed_at) values (${boardId}, ${grade}, ${at})
    on conflict (board_id, grade) do update set refreshed_at = excluded.refreshed_at`.execute(trx);
}

// Parents -----------------------------------------------------------------------------------------

export async function childrenOf(db: Db, parentId: number) {
  const { rows } = await sql<{
    student_id: number;
    first_name: string;
    last_name: string;
    grade: number | null;
    school_name: string;
  }>`
    select u.id as student_id, u.first_name, u.last_name, e.grade, s.name as school_name
    from parent_links l
    join users u on u.id = l.student_id
    join student_enrolments e on e.student_id = u.id
    join schools s on s.id = e.school_id
    where l.parent_id = ${parentId}
    order by u.first_name, u.id`.execute(db);
  return rows;
}
