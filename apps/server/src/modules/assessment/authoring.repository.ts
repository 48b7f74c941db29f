/**
 * SQL of teachers' quizzes and tests (migrations/0019_assessments.sql): assessments, their
 * questions in order, their assignments to classes, and uploaded images. Typed rows, no rules, no
 * access checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Language } from '@ki/domain';
import type { AssessmentKind, AssessmentStatus } from '@ki/contracts';
import type { DB, ImageContentType, QuestionType } from '../../db/schema';
import type { AssessmentScope } from '../../policy/assessment-authoring';
import { inScope } from './assessment-scope.repository';

type Db = Kysely<DB> | Transaction<DB>;

export interface AssessmentRow {
  id: number;
  school_id: number;
  kind: AssessmentKind;
  name: string;
  description: string;
  image_id: string | null;
  board_id: number;
  board_name: string;
  grade: number;
  subject_id: number;
  subject_name: string;
  duration_minutes: number;
  status: AssessmentStatus;
  created_at: Date;
  created_by: number | null;
  creator_name: string;
  question_count: number;
  attempt_count: number;
}

/** The list's and the detail's columns: names in the caller's language (English where untranslated). */
function summaries(db: Db, language: Language) {
  return db
    .selectFrom('assessments as a')
    .innerJoin('boards as b', 'b.id', 'a.board_id')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select([
      'a.id',
      'a.school_id',
      'a.kind',
      'a.name',
      'a.description',
      'a.image_id',
      'a.board_id',
      'b.name as board_name',
      'a.grade',
      'a.subject_id',
      sql<string>`coalesce(s.names->>${language}, s.names->>'en')`.as('subject_name'),
      'a.duration_minutes',
      'a.status',
      'a.created_at',
      'a.created_by',
      sql<string>`coalesce(trim(u.first_name || ' ' || u.last_name), '')`.as('creator_name'),
      sql<number>`(select count(*) from assessment_questions q where q.assessment_id = a.id)::int`.as('question_count'),
      sql<number>`(select count(*) from assessment_attempts t where t.assessment_id = a.id)::int`.as('attempt_count'),
    ])
    .where('a.deleted_at', 'is', null);
}

/** Quizzes in scope, newest first. */
export async function listAssessments(
  db: Db,
  scope: AssessmentScope,
  filter: { status?: AssessmentStatus | undefined; kind?: AssessmentKind | undefined },
  language: Language,
): Promise<AssessmentRow[]> {
  return summaries(db, language)
    .where(
      inScope(scope, {
        schoolId: 'a.school_id',
        grade: 'a.grade',
        subjectId: 'a.subject_id',
        createdBy: 'a.created_by',
      }),
    )
    .$if(filter.status !== undefined, (q) => q.where('a.status', '=', filter.status!))
    .$if(filter.kind !== undefined, (q) => q.where('a.kind', '=', filter.kind!))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** One quiz that is not deleted. */
export async function findAssessment(db: Db, id: number, language: Language): Promise<AssessmentRow | undefined> {
  return summaries(db, language).where('a.id', '=', id).executeTakeFirst();
}

export interface QuestionRow {
  id: number;
  position: number;
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
  image_id: string | null;
}

export async function questionsOf(db: Db, assessmentId: number): Promise<QuestionRow[]> {
  return db
    .selectFrom('assessment_questions')
    .select(['id', 'position', 'type', 'text', 'options', 'answer', 'solution', 'image_id'])
    .where('assessment_id', '=', assessmentId)
    .orderBy('position')
    .execute();
}

export interface AssignmentRow {
  id: number;
  school_id: number;
  grade: number;
  section: string | null;
  opens_at: Date;
  closes_at: Date;
  attempt_count: number;
}

export async function assignmentsOf(db: Db, assessmentId: number): Promise<AssignmentRow[]> {
  return db
    .selectFrom('assessment_assignments as g')
    .select([
      'g.id',
      'g.school_id',
      'g.grade',
      'g.section',
      'g.opens_at',
      'g.closes_at',
      sql<number>`(select count(*) from assessment_attempts t where t.assignment_id = g.id)::int`.as('attempt_count'),
    ])
    .where('g.assessment_id', '=', assessmentId)
    .orderBy('g.opens_at')
    .orderBy('g.id')
    .execute();
}

/** Whether the school teaches this board in this grade (school_boards). */
export async function schoolOffers(db: Db, schoolId: number, boardId: number, grade: number): Promise<boolean> {
  const row = await db
    .selectFrom('school_boards')
    .select('school_id')
    .where('school_id', '=', schoolId)
    .where('board_id', '=', boardId)
    .where(sql<boolean>`${grade} = any(grades)`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the subject has published chapters for this board and grade. */
export async function subjectOffered(db: Db, boardId: number, grade: number, subjectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chapters')
    .select('id')
    .where('board_id', '=', boardId)
    .where('grade', '=', grade)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Of `ids`, the images a quiz may show: uploaded by `userId`, or already shown by this quiz (an
 * edit keeps its pictures).
 */
export async function usableImages(
  db: Db,
  ids: readonly string[],
  userId: number,
  assessmentId: number | null,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploaded_images as i')
    .select('i.id')
    .where('i.id', 'in', [...ids])
    .where((eb) =>
      eb.or([
        eb('i.uploaded_by', '=', userId),
        ...(assessmentId === null
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('assessments as a')
                  .select('a.id')
                  .where('a.id', '=', assessmentId)
                  .whereRef('a.image_id', '=', 'i.id'),
              ),
              eb.exists(
                eb
                  .selectFrom('assessment_questions as q')
                  .select('q.id')
                  .where('q.assessment_id', '=', assessmentId)
                  .whereRef('q.image_id', '=', 'i.id'),
              ),
            ]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Locks a quiz's row for the rest of the transaction (an edit, publish, assign or delete waits for
 * another on the same quiz) and reads its state; undefined when it does not exist or is deleted.
 */
export async function lockAssessment(
  trx: Transaction<DB>,
  id: number,
): Promise<{ status: AssessmentStatus; kind: AssessmentKind } | undefined> {
  return trx
    .selectFrom('assessments')
    .select(['status', 'kind'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function attemptCount(db: Db, assessmentId: number): Promise<number> {
  const row = await db
    .selectFrom('assessment_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assessment_id', '=', assessmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function questionCount(db: Db, assessmentId: number): Promise<number> {
  const row = await db
    .selectFrom('assessment_questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assessment_id', '=', assessmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AssessmentValues {
  kind: AssessmentKind;
  name: string;
  description: string;
  imageId: string | null;
  boardId: number;
  grade: number;
  subjectId: number;
  durationMinutes: number;
}

export async function insertAssessment(
  trx: Transaction<DB>,
  v: AssessmentValues & { schoolId: number; createdBy: number; at: Date },
): Promise<number> {
  const row = await trx
    .insertInto('assessments')
    .values({
      school_id: v.schoolId,
      created_by: v.createdBy,
      kind: v.kind,
      name: v.name,
      description: v.description,
      image_id: v.imageId,
      board_id: v.boardId,
      grade: v.grade,
      subject_id: v.subjectId,
      duration_minutes: v.durationMinutes,
      created_at: v.at,
      updated_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAssessment(
  trx: Transaction<DB>,
  id: number,
  v: AssessmentValues & { at: Date },
): Promise<void> {
  await trx
    .updateTable('assessments')
    .set({
      kind: v.kind,
      name: v.name,
      description: v.description,
      image_id: v.imageId,
      board_id: v.boardId,
      grade: v.grade,
      subject_id: v.subjectId,
      duration_minutes: v.durationMinutes,
      updated_at: v.at,
    })
    .where('id', '=', id)
    .execute();
}

export interface QuestionValues {
  type: QuestionType;
  text: string;
  options: string[];
  answer: number[];
  solution: string;
  imageId: string | null;
}

/** The quiz's questions become `questions`, positions 1, 2, ... in order. */
export async function replaceQuestions(
  trx: Transaction<DB>,
  assessmentId: number,
  questions: readonly QuestionValues[],
): Promise<void> {
  await trx.deleteFrom('assessment_questions').where('assessment_id', '=', assessmentId).execute();
  if (questions.length === 0) return;
  await trx
    .insertInto('assessment_questions')
    .values(
      questions.map((q, i) => ({
        assessment_id: assessmentId,
        position: i + 1,
        type: q.type,
        text: q.text,
        options: q.options,
        answer: q.answer,
        solution: q.solution,
        image_id: q.imageId,
      })),
    )
    .execute();
}

export async function markDeleted(trx: Transaction<DB>, id: number, at: Date): Promise<void> {
  await trx.updateTable('assessments').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

export async function markPublished(trx: Transaction<DB>, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('assessments')
    .set({ status: 'published', published_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function insertAssignment(
  trx: Transaction<DB>,
  v: {
    assessmentId: number;
    schoolId: number;
    grade: number;
    section: string | null;
    opensAt: Date;
    closesAt: Date;
    by: number;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('assessment_assignments')
    .values({
      assessment_id: v.assessmentId,
      school_id: v.schoolId,
      grade: v.grade,
      section: v.section,
      opens_at: v.opensAt,
      closes_at: v.closesAt,
      assigned_by: v.by,
      created_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks one assignment of a quiz; undefined when the quiz has no such assignment. */
export async function lockAssignment(
  trx: Transaction<DB>,
  assessmentId: number,
  assignmentId: number,
): Promise<{ id: number } | undefined> {
  return trx
    .selectFrom('assessment_assignments')
    .select('id')
    .where('id', '=', assignmentId)
    .where('assessment_id', '=', assessmentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function assignmentAttemptCount(db: Db, assignmentId: number): Promise<number> {
  const row = await db
    .selectFrom('assessment_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteAssignment(trx: Transaction<DB>, assignmentId: number): Promise<void> {
  await trx.deleteFrom('assessment_assignments').where('id', '=', assignmentId).execute();
}

// Images ---------------------------------------------------------------------------------------

export async function insertImage(
  db: Db,
  v: {
    id: string;
    schoolId: number;
    uploadedBy: number;
    contentType: ImageContentType;
    byteSize: number;
    storageKey: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('uploaded_images')
    .values({
      id: v.id,
      school_id: v.schoolId,
      uploaded_by: v.uploadedBy,
      content_type: v.contentType,
      byte_size: v.byteSize,
      storage_key: v.storageKey,
      created_at: v.at,
    })
    .execute();
}

export async function imageFile(
  db: Db,
  id: string,
): Promise<{ content_type: ImageContentType; storage_key: string; byte_size: number } | undefined> {
  return db
    .selectFrom('uploaded_images')
    .select(['content_type', 'storage_key', 'byte_size'])
    .where('id', '=', id)
    .executeTakeFirst();
}
