/** SQL of the records module: typed rows in and out, no rules and no access checks. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { executePrepared } from '../../db/prepared';
import type { DB } from '../../db/schema';
import type { StoredProgress } from './batch-rules';
import type { ChapterInfo, MarkedRecord, QuestionKey } from './marking';
import type { RecordRow } from './attempt-record';
import {
  factsFromMarked,
  type ChapterRow,
  type DailyRow,
  type PracticeRow,
  type RecordFacts,
  type RollupChanges,
  type StudentRow,
  type SubjectRow,
  type TopicRow,
} from './rollup-rules';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What marking a batch needs, in one statement: which of its record ids are stored already (and
 * whether as this student's), the published curriculum rows (chapters, topics, questions with their
 * answer keys) it refers to, and what the batch rules (batch-rules.ts) need of the student's stored
 * records: finish times of games near the batch's, and per chapter of a treasure in the batch, its
 * published topics and the topics the student has played in it; and the student's answered and
 * correct questions so far (outlier flags).
 */
export async function loadBatchContext(
  db: Db,
  studentId: number,
  ids: {
    recordIds: string[];
    chapterIds: number[];
    topicIds: number[];
    questionIds: number[];
    lockedChapterIds: number[];
    games: { from: Date; to: Date } | null;
  },
) {
  const list = (values: readonly (string | number)[]) => JSON.stringify(values);
  const locked = list(ids.lockedChapterIds);
  // An empty range when the batch has no games: the finish-time lookup then reads nothing.
  const from = ids.games?.from ?? new Date(0);
  const to = ids.games?.to ?? new Date(0);
  const query = sql<{
    existing: { id: string; mine: boolean }[];
    chapters: { id: number; subject_id: number; board_id: number; grade: number }[];
    topics: { id: number; chapter_id: number }[];
    questions: { id: number; topic_id: number; chapter_id: number; type: QuestionKey['type']; answer: number[] }[];
    game_finishes: string[];
    chapter_topics: { chapter_id: number; id: number }[];
    completed: number[];
    history: { answered: number; correct: number } | null;
  }>`
    select
      (select coalesce(json_agg(json_build_object('id', r.id, 'mine', r.student_id = ${studentId})), '[]') from learning_records r
        where r.id in (select value::uuid from json_array_elements_text(${list(ids.recordIds)}::json))) as existing,
      (select coalesce(json_agg(json_build_object('id', c.id, 'subject_id', c.subject_id, 'board_id', c.board_id, 'grade', c.grade)), '[]')
        from chapters c
        where c.status = 'published' and c.id in (select value::int from json_array_elements_text(${list(ids.chapterIds)}::json))) as chapters,
      (select coalesce(json_agg(json_build_object('id', t.id, 'chapter_id', t.chapter_id)), '[]')
        from topics t
        where t.status = 'published' and t.id in (select value::int from json_array_elements_text(${list(ids.topicIds)}::json))) as topics,
      (select coalesce(json_agg(json_build_object('id', q.id, 'topic_id', q.topic_id, 'chapter_id', t.chapter_id, 'type', q.type, 'answer', q.answer)), '[]')
        from questions q join topics t on t.id = q.topic_id
        where q.status = 'published' and q.id in (select value::int from json_array_elements_text(${list(ids.questionIds)}::json))) as questions,
      (select coalesce(json_agg(r.finished_at), '[]') from learning_records r
        where r.student_id = ${studentId} and r.finished_at >= ${from.toISOString()}::timestamptz and r.finished_at <= ${to.toISOString()}::timestamptz
          and r.kind in ('topic', 'revise', 'treasure')) as game_finishes,
      (select coalesce(json_agg(json_build_object('chapter_id', t.chapter_id, 'id', t.id)), '[]')
        from topics t
        where t.status = 'published' and t.chapter_id in (select value::int from json_array_elements_text(${locked}::json))) as chapter_topics,
      (select coalesce(json_agg(distinct r.topic_id), '[]') from learning_records r
        where r.student_id = ${studentId} and r.kind = 'topic'
          and r.chapter_id in (select value::int from json_array_elements_text(${locked}::json))) as completed,
      (select json_build_object('answered', s.answered, 'correct', s.correct) from student_stats s where s.student_id = ${studentId}) as history`;
  // Not a prepared statement: on its generic plan the known-ids lookup took about 50 ms.
  const { rows } = await query.execute(db);
  const { existing, chapters, topics, questions, game_finishes, chapter_topics, completed, history } = rows[0]!;
  const chapterTopics = new Map<number, number[]>(ids.lockedChapterIds.map((id) => [id, []]));
  for (const t of chapter_topics) chapterTopics.get(t.chapter_id)?.push(t.id);
  return {
    existing: new Set(existing.filter((r) => r.mine).map((r) => r.id)),
    /** Ids stored as another student's records. */
    taken: new Set(existing.filter((r) => !r.mine).map((r) => r.id)),
    curriculum: {
      chapters: new Map<number, ChapterInfo>(
        chapters.map((c) => [c.id, { id: c.id, subjectId: c.subject_id, boardId: c.board_id, grade: c.grade }]),
      ),
      topicChapters: new Map<number, number>(topics.map((t) => [t.id, t.chapter_id])),
      questions: new Map<number, QuestionKey>(
        questions.map((q) => [
          q.id,
          { id: q.id, topicId: q.topic_id, chapterId: q.chapter_id, type: q.type, answer: q.answer },
        ]),
      ),
    },
    stored: {
      gameFinishes: game_finishes.map((f) => new Date(f).getTime()),
      chapterTopics,
      completedTopics: new Set(completed),
    } satisfies StoredProgress,
    /** The student's answers before the batch, for outlier flags. */
    history: history ?? { answered: 0, correct: 0 },
  };
}

/**
 * The stored marking of records of one student, by id (primary-key lookups). A record id that
 * belongs to another student is not returned: the caller learns nothing about it.
 */
export async function findMarkedResults(db: Db, studentId: number, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('learning_records')
    .select(['id', 'kind', 'answered_count', 'correct_count', 'learning_currency', 'learning_efficiency', 'percent'])
    .where('id', 'in', ids)
    .where('student_id', '=', studentId)
    .execute();
}

/** The student's games (topic, revise, treasure) finished within `range`, as loadBatchContext reads them. */
export async function countGames(
  trx: Transaction<DB>,
  studentId: number,
  range: { from: Date; to: Date },
): Promise<number> {
  const row = await trx
    .selectFrom('learning_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .where('finished_at', '>=', range.from)
    .where('finished_at', '<=', range.to)
    .where('kind', 'in', ['topic', 'revise', 'treasure'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const lockExpression = (studentId: number) =>
  sql`select pg_advisory_xact_lock(7, (${studentId}::bigint % 2147483647)::int)`;

/** Serialises rollup upkeep per student: two uploads of one student never interleave. */
export async function lockStudent(trx: Transaction<DB>, studentId: number): Promise<void> {
  await sql`${lockExpression(studentId)}`.execute(trx);
}

/** Every column a marked record carries (a new field fails to compile until it is listed). */
const recordColumns = Object.keys({
  id: true,
  student_id: true,
  school_id: true,
  board_id: true,
  grade: true,
  subject_id: true,
  chapter_id: true,
  topic_id: true,
  kind: true,
  started_at: true,
  finished_at: true,
  question_count: true,
  answered_count: true,
  correct_count: true,
  question_seconds: true,
  duration_seconds: true,
  answers: true,
  learning_currency: true,
  learning_efficiency: true,
  percent: true,
  marks: true,
} satisfies Record<keyof MarkedRecord, true>);

/**
 * Inserts a student's marked records (one JSON parameter), skipping ids already stored, and returns
 * the ids inserted. The same statement takes the student's rollup lock (see lockStudent) before any
 * row goes in, which saves the upload a round trip; call it inside the transaction that then
 * updates rollups.
 */
export async function insertRecordsLocked(
  trx: Transaction<DB>,
  studentId: number,
  rows: readonly MarkedRecord[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns = sql.raw(recordColumns.join(', '));
  const { rows: inserted } = await executePrepared(
    trx,
    sql<{ id: string }>`
    with student_lock as materialized (${lockExpression(studentId)})
    insert into learning_records (${columns})
    select ${columns} from student_lock, json_populate_recordset(null::learning_records, ${JSON.stringify(rows)}::json)
    on conflict (id) do nothing
    returning id`,
  );
  return inserted.map((r) => r.id);
}

/**
 * Inserts the record of a finished assessment attempt unless the attempt has one already (a retried
 * finish); returns the id of the attempt's record either way, and whether it was inserted now. Call
 * it after lockStudent, in the transaction that then updates rollups.
 */
export async function insertAttemptRecord(
  trx: Transaction<DB>,
  row: RecordRow,
): Promise<{ id: string; inserted: boolean }> {
  const values = { ...row, answers: JSON.stringify(row.answers) };
  const game = row.challenge_game_id ?? null;
  const inserted = await (
    game === null
      ? trx
          .insertInto('learning_records')
          .values(values)
          .onConflict((oc) => oc.column('attempt_id').where('attempt_id', 'is not', null).doNothing())
      : trx
          .insertInto('learning_records')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['challenge_game_id', 'student_id']).where('challenge_game_id', 'is not', null).doNothing(),
          )
  )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, inserted: true };
  const stored = await (
    game === null
      ? trx.selectFrom('learning_records').select('id').where('attempt_id', '=', row.attempt_id)
      : trx
          .selectFrom('learning_records')
          .select('id')
          .where('challenge_game_id', '=', game)
          .where('student_id', '=', row.student_id)
  ).executeTakeFirstOrThrow();
  return { id: stored.id, inserted: false };
}

/** Stores outlier flags of records just inserted (batch-rules.ts, outlierReason). */
export async function insertRecordFlags(
  trx: Transaction<DB>,
  flags: readonly Insertable<DB['record_flags']>[],
): Promise<void> {
  if (flags.length)
    await trx
      .insertInto('record_flags')
      .values([...flags])
      .execute();
}

/** A student's flagged records, newest first, for staff. */
export async function findRecordFlags(db: Db, studentId: number) {
  return db
    .selectFrom('record_flags as f')
    .innerJoin('learning_records as r', 'r.id', 'f.record_id')
    .select([
      'f.record_id',
      'f.accuracy',
      'f.seconds_per_question',
      'f.usual_accuracy',
      'f.history_answers',
      'f.flagged_at',
      'r.finished_at',
      'r.kind',
    ])
    .where('r.student_id', '=', studentId)
    .orderBy('r.finished_at', 'desc')
    .execute();
}

const factColumns = [
  'id',
  'kind',
  'subject_id',
  'chapter_id',
  'topic_id',
  'started_at',
  'finished_at',
  'answered_count',
  'correct_count',
  'question_seconds',
  'duration_seconds',
  'learning_currency',
  'learning_efficiency',
  'percent',
] as const;

/** A student's records of some chapters, or all their records (chapter-less ones too) when chapterIds is 'all'. */
export async function fetchRecordFacts(
  db: Db,
  studentId: number,
  chapterIds: readonly number[] | 'all',
): Promise<RecordFacts[]> {
  if (chapterIds !== 'all' && chapterIds.length === 0) return [];
  let q = db.selectFrom('learning_records').select(factColumns).where('student_id', '=', studentId);
  if (chapterIds !== 'all') q = q.where('chapter_id', 'in', chapterIds);
  return (await q.execute()).map(factsFromMarked);
}

/**
 * What rollup upkeep reads before a batch, in one statement: every topic, chapter and practice row
 * of the student (the subject and student rows are computed over all of them) and the island count
 * of the chapters the batch touches.
 */
export async function fetchRollupState(db: Db, studentId: number, chapterIds: readonly number[]) {
  type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
  const { rows } = await executePrepared(
    db,
    sql<{
      topics: Json<TopicRow>[];
      chapters: Json<ChapterRow>[];
      practice: Json<PracticeRow>[];
      islands: { chapter_id: number; n: number }[];
    }>`
    select
      (select coalesce(json_agg(t), '[]') from student_topic_stats t where t.student_id = ${studentId}) as topics,
      (select coalesce(json_agg(c), '[]') from student_chapter_stats c where c.student_id = ${studentId}) as chapters,
      (select coalesce(json_agg(p), '[]') from student_subject_practice_stats p where p.student_id = ${studentId}) as practice,
      (select coalesce(json_agg(i), '[]') from (
        select chapter_id, count(*)::int as n from topics
        where status = 'published' and chapter_id in (select value::int from json_array_elements_text(${JSON.stringify(chapterIds)}::json))
        group by chapter_id) i) as islands`,
  );
  const row = rows[0]!;
  return {
    topics: row.topics.map((t): TopicRow => ({
      ...t,
      first_completed_at: new Date(t.first_completed_at),
      last_played_at: new Date(t.last_played_at),
    })),
    chapters: row.chapters.map((c): ChapterRow => ({ ...c, last_played_at: new Date(c.last_played_at) })),
    practice: row.practice.map((p): PracticeRow => ({ ...p, last_played_at: new Date(p.last_played_at) })),
    islands: new Map(row.islands.map((i) => [i.chapter_id, i.n])),
  };
}

/** The columns of a table's rows, in a list checked against its row type. */
const columnsOf = <Row>(columns: Record<keyof Row & string, true>) => Object.keys(columns);

const rollupTables = [
  {
    table: 'student_topic_stats',
    rowsOf: (changes: RollupChanges) => changes.topics,
    key: ['student_id', 'topic_id'],
    columns: columnsOf<TopicRow>({
      student_id: true,
      topic_id: true,
      school_id: true,
      chapter_id: true,
      subject_id: true,
      attempts: true,
      learning_efficiency: true,
      learning_currency: true,
      best_attempt: true,
      answered: true,
      correct: true,
      question_seconds: true,
      time_spent: true,
      first_completed_at: true,
      last_played_at: true,
      learning_currency_by_day: true,
    }),
  },
  {
    table: 'student_chapter_stats',
    rowsOf: (changes: RollupChanges) => changes.chapters,
    key: ['student_id', 'chapter_id'],
    columns: columnsOf<ChapterRow>({
      student_id: true,
      chapter_id: true,
      school_id: true,
      subject_id: true,
      topics_completed: true,
      island_count: true,
      learning_currency: true,
      treasure_attempts: true,
      knowledge_efficiency: true,
      knowledge_currency: true,
      is_completed: true,
      records: true,
      answered: true,
      correct: true,
      question_seconds: true,
      time_spent: true,
      last_played_at: true,
      last_topic_id: true,
      knowledge_currency_by_day: true,
      revise_attempts: true,
    }),
  },
  {
    table: 'student_subject_practice_stats',
    rowsOf: (changes: RollupChanges) => changes.practice,
    key: ['student_id', 'subject_id'],
    columns: columnsOf<PracticeRow>({
      student_id: true,
      subject_id: true,
      school_id: true,
      records: true,
      answered: true,
      correct: true,
      question_seconds: true,
      time_spent: true,
      last_played_at: true,
    }),
  },
  {
    table: 'student_subject_stats',
    rowsOf: (changes: RollupChanges) => changes.subjects,
    key: ['student_id', 'subject_id'],
    columns: columnsOf<SubjectRow>({
      student_id: true,
      subject_id: true,
      school_id: true,
      board_id: true,
      grade: true,
      topics_completed: true,
      chapters_completed: true,
      chapters_attempted: true,
      learning_efficiency: true,
      knowledge_efficiency: true,
      total_score: true,
      learning_currency: true,
      knowledge_currency: true,
      records: true,
      answered: true,
      correct: true,
      question_seconds: true,
      time_spent: true,
      last_played_at: true,
      last_chapter_id: true,
      last_topic_id: true,
    }),
  },
  {
    table: 'student_stats',
    rowsOf: (changes: RollupChanges) => (changes.student ? [changes.student] : []),
    key: ['student_id'],
    columns: columnsOf<StudentRow>({
      student_id: true,
      school_id: true,
      board_id: true,
      grade: true,
      topics_completed: true,
      chapters_completed: true,
      learning_efficiency: true,
      knowledge_efficiency: true,
      total_score: true,
      learning_currency: true,
      knowledge_currency: true,
      records: true,
      answered: true,
      correct: true,
      question_seconds: true,
      time_spent: true,
      last_activity_at: true,
      last_subject_id: true,
      last_chapter_id: true,
      last_topic_id: true,
    }),
  },
  {
    table: 'student_daily_stats',
    rowsOf: (changes: RollupChanges) => changes.dayChanges,
    key: ['student_id', 'day'],
    columns: columnsOf<DailyRow>({
      student_id: true,
      day: true,
      school_id: true,
      records: true,
      answered: true,
      correct: true,
      time_spent: true,
      learning_currency: true,
      knowledge_currency: true,
    }),
    // Day rows take the batch's changes added to them; the school is replaced.
    added: true,
    replaced: ['school_id'],
  },
] as const;

/** Each table's `insert ... on conflict do update` around its rows' JSON, written once. */
const rollupUpserts = rollupTables.map((spec, i) => {
  const key: readonly string[] = spec.key;
  const replaced: readonly string[] = 'replaced' in spec ? spec.replaced : [];
  const set = spec.columns
    .filter((c) => !key.includes(c))
    .map((c) => ('added' in spec && !replaced.includes(c) ? `${c} = t.${c} + excluded.${c}` : `${c} = excluded.${c}`))
    .join(', ');
  return {
    name: `w${i}`,
    rowsOf: spec.rowsOf as (changes: RollupChanges) => readonly object[],
    head: `insert into ${spec.table} as t select * from json_populate_recordset(null::${spec.table}, `,
    tail: `on conflict (${key.join(', ')}) do update set ${set}`,
  };
});

/**
 * Writes a batch's rollup changes in one statement: topic, chapter, subject and student rows are
 * upserted whole (ingest only ever adds rows), day rows get the changes added to them. The
 * statement's text is the same for every batch (a table without changes gets an empty list), so it
 * is prepared once per connection (db/prepared.ts).
 */
export async function writeRollups(db: Db, changes: RollupChanges): Promise<void> {
  const values = rollupUpserts.map((upsert) => upsert.rowsOf(changes));
  if (values.every((list) => list.length === 0)) return;
  const ctes = rollupUpserts.map(
    ({ name, head, tail }, i) =>
      sql`${sql.raw(name)} as (${sql.raw(head)}${JSON.stringify(values[i])}::json) ${sql.raw(tail)})`,
  );
  await executePrepared(db, sql`with ${sql.join(ctes)} select 1`);
}

/** Published topics per chapter: the chapter's islands. */
export async function islandCounts(db: Db, chapterIds: readonly number[]): Promise<Map<number, number>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('topics')
    .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('chapter_id', 'in', chapterIds)
    .where('status', '=', 'published')
    .groupBy('chapter_id')
    .execute();
  return new Map(rows.map((r) => [r.chapter_id, Number(r.n)]));
}

export async function insertTopicRows(db: Db, topics: readonly TopicRow[]): Promise<void> {
  for (let i = 0; i < topics.length; i += 1000) {
    const chunk = topics
      .slice(i, i + 1000)
      .map((t) => ({ ...t, learning_currency_by_day: JSON.stringify(t.learning_currency_by_day) }));
    await db.insertInto('student_topic_stats').values(chunk).execute();
  }
}

export async function insertChapterRows(db: Db, chapters: readonly ChapterRow[]): Promise<void> {
  for (let i = 0; i < chapters.length; i += 1000) {
    const chunk = chapters
      .slice(i, i + 1000)
      .map((c) => ({ ...c, knowledge_currency_by_day: JSON.stringify(c.knowledge_currency_by_day) }));
    await db.insertInto('student_chapter_stats').values(chunk).execute();
  }
}

export async function insertPracticeRows(db: Db, rows: readonly PracticeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('student_subject_practice_stats')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function insertSubjectRows(db: Db, rows: readonly SubjectRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('student_subject_stats')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function insertStudentRows(db: Db, rows: readonly StudentRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('student_stats')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export async function insertDailyRows(db: Db, rows: readonly DailyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('student_daily_stats')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/** Removes every rollup row of a student (Reindex rebuilds them from the records). */
export async function deleteStudentRollups(db: Db, studentId: number): Promise<void> {
  for (const table of [
    'student_topic_stats',
    'student_chapter_stats',
    'student_subject_practice_stats',
    'student_subject_stats',
    'student_stats',
    'student_daily_stats',
  ] as const) {
    await db.deleteFrom(table).where('student_id', '=', studentId).execute();
  }
}

export { schoolTimeZone } from '../../db/school-time-zone';

export async function findEnrolment(db: Db, studentId: number) {
  return db
    .selectFrom('student_enrolments')
    .innerJoin('schools', 'schools.id', 'student_enrolments.school_id')
    .select([
      'student_enrolments.student_id',
      'student_enrolments.school_id',
      'student_enrolments.board_id',
      'student_enrolments.grade',
      'student_enrolments.enrolled_at',
      'schools.chain_id',
    ])
    .where('student_enrolments.student_id', '=', studentId)
    .executeTakeFirst();
}

/** How many records a student has. */
export async function countStudentRecords(db: Db, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('learning_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of a school's students, in order. */
export async function findSchoolStudentIds(db: Db, schoolId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('student_enrolments')
    .select('student_id')
    .where('school_id', '=', schoolId)
    .orderBy('student_id')
    .execute();
  return rows.map((r) => r.student_id);
}
