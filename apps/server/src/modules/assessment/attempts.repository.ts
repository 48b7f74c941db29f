/**
 * SQL of a student's attempts (the "attempts" part of the assessment module): typed rows in and out,
 * no rules, no access checks. The teacher side (authoring.*, marking.*, reports.*) has its own; the
 * few reads of quizzes and assignments a student needs are written here.
 */
import type { AssessmentKind, FinishReason } from '@ki/contracts';
import type { Language, QuestionType } from '@ki/domain';
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { nameIn } from '../../db/content-names';
import { executePrepared } from '../../db/prepared';
import type { DB, LanguageMap } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** An attempt's row with what its answer needs to name it. */
export interface AttemptRow {
  id: string;
  student_id: number;
  school_id: number;
  board_id: number;
  grade: number;
  subject_id: number;
  kind: AssessmentKind;
  assessment_id: number | null;
  assignment_id: number | null;
  question_count: number;
  started_at: Date;
  deadline_at: Date;
  timer_position: number | null;
  timer_used_at: Date | null;
  fifty_position: number | null;
  finished_at: Date | null;
  finish_reason: FinishReason | null;
  marks: number | null;
  max_marks: number;
  record_id: string | null;
  subject_slug: string;
  subject_names: LanguageMap;
  language: Language | null;
  assessment_name: string | null;
}

const ATTEMPT_SELECT = sql.raw(`
  select a.id, a.student_id, a.school_id, a.board_id, a.grade, a.subject_id, a.kind, a.assessment_id, a.assignment_id,
    a.question_count, a.started_at, a.deadline_at, a.timer_position, a.timer_used_at, a.fifty_position, a.finished_at,
    a.finish_reason, a.marks, a.max_marks, a.record_id,
    s.slug as subject_slug, s.names as subject_names, u.language, m.name as assessment_name
  from assessment_attempts a
  join subjects s on s.id = a.subject_id
  join users u on u.id = a.student_id
  left join assessments m on m.id = a.assessment_id`);

/**
 * An attempt with what its answer needs to name it (the subject in the student's language, the
 * quiz's name), optionally locked (select ... for update of the attempt row only): every write to
 * an attempt takes this lock first, so two requests on one attempt take turns. Prepared (db/prepared.ts):
 * every request on an attempt runs it.
 */
export async function findAttempt(db: Db, attemptId: string, opts: { lock: boolean }): Promise<AttemptRow | undefined> {
  const query = opts.lock
    ? sql<AttemptRow>`${ATTEMPT_SELECT} where a.id = ${attemptId} for update of a`
    : sql<AttemptRow>`${ATTEMPT_SELECT} where a.id = ${attemptId}`;
  return (await executePrepared(db, query)).rows[0];
}

/** One question of an attempt, frozen at the start, with the student's answer. */
export interface AnswerRow {
  position: number;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
  image_id: string | null;
  removed_options: number[];
  served_at: Date | null;
  answered_at: Date | null;
  chosen: number[] | null;
  text_answer: string | null;
  correct: boolean | null;
  marks: number | null;
  review: boolean;
  bookmarked: boolean;
  marked_at: Date | null;
  comment: string | null;
}

/** An attempt's questions in order, with the student's answers (prepared, as findAttempt). */
export async function findAnswers(db: Db, attemptId: string): Promise<AnswerRow[]> {
  const query = sql<AnswerRow>`
    select position, type, text, options, answer, solution, image_id, removed_options, served_at, answered_at, chosen,
      text_answer, correct, marks, review, bookmarked, marked_at, comment
    from attempt_answers where attempt_id = ${attemptId} order by position`;
  return (await executePrepared(db, query)).rows;
}

/** Serves a question (its first view) at `at` (prepared: the hot path). */
export async function serveQuestion(db: Db, attemptId: string, position: number, at: Date): Promise<void> {
  await executePrepared(
    db,
    sql`update attempt_answers set served_at = ${at} where attempt_id = ${attemptId} and position = ${position}`,
  );
}

/** Stores an answer, or clears it (every answer field null), with when the question was served (prepared: the hot path). */
export async function storeAnswer(
  db: Db,
  attemptId: string,
  position: number,
  a: {
    servedAt: Date;
    answeredAt: Date | null;
    chosen: number[] | null;
    textAnswer: string | null;
    correct: boolean | null;
    marks: number | null;
  },
): Promise<void> {
  await executePrepared(
    db,
    sql`update attempt_answers
      set served_at = ${a.servedAt}, answered_at = ${a.answeredAt}, chosen = ${a.chosen}::smallint[], text_answer = ${a.textAnswer},
        correct = ${a.correct}, marks = ${a.marks}
      where attempt_id = ${attemptId} and position = ${position}`,
  );
}

/** The student's open attempt (at most one: a unique partial index). */
export async function findOpenAttemptId(db: Db, studentId: number) {
  return (
    (await db
      .selectFrom('assessment_attempts')
      .select(['id', 'deadline_at'])
      .where('student_id', '=', studentId)
      .where('finished_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

/** The student's attempt of an assignment (at most one: a unique index). */
export async function findAssignmentAttemptId(db: Db, assignmentId: number, studentId: number) {
  return (
    (
      await db
        .selectFrom('assessment_attempts')
        .select('id')
        .where('assignment_id', '=', assignmentId)
        .where('student_id', '=', studentId)
        .executeTakeFirst()
    )?.id ?? null
  );
}

/**
 * Inserts an attempt unless it would be the student's second open attempt or second attempt of the
 * assignment (either unique index): false then, and nothing was written.
 */
export async function insertAttempt(db: Db, row: Insertable<DB['assessment_attempts']>): Promise<boolean> {
  const inserted = await db
    .insertInto('assessment_attempts')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertAnswers(db: Db, rows: Insertable<DB['attempt_answers']>[]): Promise<void> {
  if (rows.length) await db.insertInto('attempt_answers').values(rows).execute();
}

export async function updateAttempt(
  db: Db,
  attemptId: string,
  patch: Updateable<DB['assessment_attempts']>,
): Promise<void> {
  await db.updateTable('assessment_attempts').set(patch).where('id', '=', attemptId).execute();
}

export async function updateAnswer(
  db: Db,
  attemptId: string,
  position: number,
  patch: Updateable<DB['attempt_answers']>,
): Promise<void> {
  await db
    .updateTable('attempt_answers')
    .set(patch)
    .where('attempt_id', '=', attemptId)
    .where('position', '=', position)
    .execute();
}

/** Sets the marks of several questions of an attempt in one statement. */
export async function setAnswerMarks(
  db: Db,
  attemptId: string,
  marks: readonly { position: number; marks: number | null }[],
): Promise<void> {
  if (marks.length === 0) return;
  await sql`
    update attempt_answers a set marks = m.marks
    from unnest(${sql.val(marks.map((m) => m.position))}::smallint[], ${sql.val(marks.map((m) => m.marks))}::int[]) as m(position, marks)
    where a.attempt_id = ${attemptId} and a.position = m.position`.execute(db);
}

// Practice: the question bank ---------------------------------------------------------------------

/** The published, auto-marked questions of a subject for a board and grade (the practice bank), as a filter. */
function bankFilter(db: Db, subjectId: number | null, boardId: number, grade: number) {
  let q = db
    .selectFrom('questions as q')
    .innerJoin('topics as t', 't.id', 'q.topic_id')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .where('c.board_id', '=', boardId)
    .where('c.grade', '=', grade)
    .where('q.status', '=', 'published')
    .where('t.status', '=', 'published')
    .where('c.status', '=', 'published')
    .where('s.status', '=', 'published')
    .where('q.type', '<>', 'open_ended');
  if (subjectId !== null) q = q.where('c.subject_id', '=', subjectId);
  return q;
}

/** Up to `count` questions drawn at random from the practice bank. */
export async function drawBankQuestions(db: Db, subjectId: number, boardId: number, grade: number, count: number) {
  return bankFilter(db, subjectId, boardId, grade)
    .select(['q.id', 'q.type', 'q.content', 'q.answer'])
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
}

/** A subject of the student's board and grade with published chapters (null when it has none). */
export async function findPracticeSubject(db: Db, subjectId: number, boardId: number, grade: number) {
  return (
    (await db
      .selectFrom('subjects as s')
      .select(['s.id'])
      .where('s.id', '=', subjectId)
      .where('s.status', '=', 'published')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('chapters as c')
            .select('c.id')
            .whereRef('c.subject_id', '=', 's.id')
            .where('c.board_id', '=', boardId)
            .where('c.grade', '=', grade)
            .where('c.status', '=', 'published'),
        ),
      )
      .executeTakeFirst()) ?? null
  );
}

/** The subjects of a board and grade with published chapters, named in `language`, with the size of their practice bank. */
export async function practiceSubjects(db: Db, boardId: number, grade: number, language: Language) {
  const banks = bankFilter(db, null, boardId, grade)
    .select(['c.subject_id', sql<number>`count(*)`.as('n')])
    .groupBy('c.subject_id');
  return db
    .selectFrom('subjects as s')
    .leftJoin(banks.as('b'), 'b.subject_id', 's.id')
    .select([
      's.id',
      's.slug',
      nameIn('s.names', language).as('name'),
      's.theme',
      sql<number>`coalesce(b.n, 0)`.as('bank'),
    ])
    .where('s.status', '=', 'published')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chapters as c')
          .select('c.id')
          .whereRef('c.subject_id', '=', 's.id')
          .where('c.board_id', '=', boardId)
          .where('c.grade', '=', grade)
          .where('c.status', '=', 'published'),
      ),
    )
    .orderBy('s.id')
    .execute();
}

export async function findUserLanguage(db: Db, userId: number): Promise<Language> {
  return (
    (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? 'en'
  );
}

// Assigned quizzes and tests ----------------------------------------------------------------------

/** An assignment with the facts of its quiz that taking it depends on. */
export async function findAssignment(db: Db, assignmentId: number) {
  return db
    .selectFrom('assessment_assignments as g')
    .innerJoin('assessments as m', 'm.id', 'g.assessment_id')
    .select([
      'g.id',
      'g.assessment_id',
      'g.school_id',
      'g.grade',
      'g.section',
      'g.opens_at',
      'g.closes_at',
      'm.kind',
      'm.board_id',
      'm.subject_id',
      'm.duration_minutes',
      'm.status',
      'm.deleted_at',
    ])
    .where('g.id', '=', assignmentId)
    .executeTakeFirst();
}

/** A quiz's questions in order (to freeze them into an attempt). */
/**
 * Locks a published, undeleted quiz's row for share until the transaction ends (starting attempts
 * do not wait for each other; an edit, which locks it for update, waits for them); undefined when
 * it is deleted or no longer published.
 */
export async function lockAssessmentForShare(trx: Transaction<DB>, assessmentId: number) {
  return trx
    .selectFrom('assessments')
    .select('id')
    .where('id', '=', assessmentId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'published')
    .forShare()
    .executeTakeFirst();
}

export async function findAssessmentQuestions(db: Db, assessmentId: number) {
  return db
    .selectFrom('assessment_questions')
    .select(['id', 'type', 'text', 'options', 'answer', 'solution', 'image_id'])
    .where('assessment_id', '=', assessmentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A quiz as its join page shows it, with the facts the policy needs. */
export async function findAssessmentForJoin(db: Db, assessmentId: number, language: Language) {
  return db
    .selectFrom('assessments as m')
    .innerJoin('subjects as s', 's.id', 'm.subject_id')
    .select((eb) => [
      'm.id',
      'm.school_id',
      'm.board_id',
      'm.grade',
      'm.kind',
      'm.name',
      'm.description',
      'm.image_id',
      'm.duration_minutes',
      'm.status',
      'm.deleted_at',
      nameIn('s.names', language).as('subject_name'),
      eb
        .selectFrom('assessment_questions as aq')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('aq.assessment_id', '=', 'm.id')
        .as('question_count'),
    ])
    .where('m.id', '=', assessmentId)
    .executeTakeFirst();
}

/**
 * Assignments for a class (school, grade, its section or every section) of published quizzes of its
 * board not deleted, closing after `closingAfter`, with the student's attempt of each; optionally of
 * one quiz. Soonest to close first.
 */
export async function classAssignments(
  db: Db,
  cls: { schoolId: number; boardId: number; grade: number; section: string },
  studentId: number,
  language: Language,
  opts: { closingAfter: Date; assessmentId?: number; limit: number },
) {
  let q = db
    .selectFrom('assessment_assignments as g')
    .innerJoin('assessments as m', 'm.id', 'g.assessment_id')
    .innerJoin('subjects as s', 's.id', 'm.subject_id')
    .leftJoin('assessment_attempts as a', (join) =>
      join.onRef('a.assignment_id', '=', 'g.id').on('a.student_id', '=', studentId),
    )
    .select((eb) => [
      'g.id as assignment_id',
      'g.assessment_id',
      'g.opens_at',
      'g.closes_at',
      'm.kind',
      'm.name',
      'm.description',
      'm.image_id',
      'm.duration_minutes',
      nameIn('s.names', language).as('subject_name'),
      eb
        .selectFrom('assessment_questions as aq')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('aq.assessment_id', '=', 'm.id')
        .as('question_count'),
      'a.id as attempt_id',
      'a.finished_at as attempt_finished_at',
    ])
    .where('g.school_id', '=', cls.schoolId)
    .where('g.grade', '=', cls.grade)
    .where((eb) => eb.or([eb('g.section', 'is', null), eb('g.section', '=', cls.section)]))
    .where('m.board_id', '=', cls.boardId)
    .where('m.status', '=', 'published')
    .where('m.deleted_at', 'is', null)
    .where('g.closes_at', '>', opts.closingAfter);
  if (opts.assessmentId !== undefined) q = q.where('g.assessment_id', '=', opts.assessmentId);
  return q.orderBy('g.closes_at').orderBy('g.id').limit(opts.limit).execute();
}

// The quizzes home ----------------------------------------------------------------------------------

/** The student's finished attempts, newest first, named (quiz name, or the subject for practice). */
export async function recentAttempts(db: Db, studentId: number, language: Language, limit: number) {
  return db
    .selectFrom('assessment_attempts as a')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .leftJoin('assessments as m', 'm.id', 'a.assessment_id')
    .select((eb) => [
      'a.id',
      'a.kind',
      'a.assessment_id',
      'a.finished_at',
      'a.marks',
      'a.max_marks',
      'm.name as assessment_name',
      nameIn('s.names', language).as('subject_name'),
      eb
        .selectFrom('attempt_answers as x')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('x.attempt_id', '=', 'a.id')
        .where('x.type', '=', 'open_ended')
        .where('x.answered_at', 'is not', null)
        .where('x.marked_at', 'is', null)
        .as('awaiting'),
    ])
    .where('a.student_id', '=', studentId)
    .where('a.finished_at', 'is not', null)
    .orderBy('a.finished_at', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

// Overdue attempts ---------------------------------------------------------------------------------

/** Open attempts whose deadline was before `before` (the deadline index), oldest first. */
export async function findOverdueAttemptIds(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('assessment_attempts')
    .select('id')
    .where('finished_at', 'is', null)
    .where('deadline_at', '<', before)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
