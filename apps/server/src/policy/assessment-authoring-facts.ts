/**
 * The facts the assessment-authoring rules decide on (assessment-authoring.ts): whose quiz it is,
 * for which school, grade and subject, and what an image is used by. SQL only, no rules, as in
 * facts.ts: modules never load these themselves.
 */
import { sql } from 'kysely';
import type { PolicyDb } from './facts';
import type { Principal } from './principal';

/** A teacher's quiz or test as the rules see it (never a deleted one: that is gone for everyone). */
export interface AssessmentFacts {
  assessmentId: number;
  schoolId: number;
  /** The chain of the quiz's school. */
  chainId: number | null;
  grade: number;
  subjectId: number;
  createdBy: number | null;
}

/** One assignment of a quiz to a class, with its quiz's facts. */
export interface AssignmentFacts extends AssessmentFacts {
  assignmentId: number;
  /** The class: the assignment's school (the quiz's) and grade. */
  section: string | null;
}

/** What an uploaded image is, and who may see it. */
export interface ImageFacts {
  uploadedBy: number | null;
  /** Every quiz (deleted ones too: their attempts keep the picture) showing it as cover or on a question. */
  usedBy: AssessmentFacts[];
  /** For a student caller: whether a question of one of their attempts, or a quiz whose join page they may open, shows it. */
  studentMaySee: boolean;
}

const assessmentColumns = ['a.id', 'a.school_id', 's.chain_id', 'a.grade', 'a.subject_id', 'a.created_by'] as const;

function toFacts(r: {
  id: number;
  school_id: number;
  chain_id: number | null;
  grade: number;
  subject_id: number;
  created_by: number | null;
}): AssessmentFacts {
  return {
    assessmentId: r.id,
    schoolId: r.school_id,
    chainId: r.chain_id,
    grade: r.grade,
    subjectId: r.subject_id,
    createdBy: r.created_by,
  };
}

/** A quiz that is not deleted, or undefined. */
export async function loadAssessmentFacts(db: PolicyDb, assessmentId: number): Promise<AssessmentFacts | undefined> {
  const row = await db
    .selectFrom('assessments as a')
    .innerJoin('schools as s', 's.id', 'a.school_id')
    .select(assessmentColumns)
    .where('a.id', '=', assessmentId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toFacts(row);
}

/**
 * An assignment and its quiz, or undefined. Reports keep the assignments of deleted quizzes
 * (docs/DECISIONS.md "Assessment": deleting keeps the rows so reports stay): `includeDeleted`.
 */
export async function loadAssignmentFacts(
  db: PolicyDb,
  assignmentId: number,
  includeDeleted: boolean,
): Promise<AssignmentFacts | undefined> {
  const row = await db
    .selectFrom('assessment_assignments as g')
    .innerJoin('assessments as a', 'a.id', 'g.assessment_id')
    .innerJoin('schools as s', 's.id', 'g.school_id')
    .select([
      ...assessmentColumns,
      'g.id as assignment_id',
      'g.school_id as class_school_id',
      'g.grade as class_grade',
      'g.section',
    ])
    .where('g.id', '=', assignmentId)
    .$if(!includeDeleted, (q) => q.where('a.deleted_at', 'is', null))
    .executeTakeFirst();
  return (
    row && {
      ...toFacts(row),
      schoolId: row.class_school_id,
      grade: row.class_grade,
      assignmentId: row.assignment_id,
      section: row.section,
    }
  );
}

/** The class and quiz an attempt of an assigned quiz belongs to (undefined for practice or no such attempt). */
export async function loadAttemptAssignmentFacts(
  db: PolicyDb,
  attemptId: string,
): Promise<AssignmentFacts | undefined> {
  const row = await db
    .selectFrom('assessment_attempts')
    .select('assignment_id')
    .where('id', '=', attemptId)
    .executeTakeFirst();
  if (!row || row.assignment_id === null) return undefined;
  return loadAssignmentFacts(db, row.assignment_id, true);
}

/** An uploaded image's uploader and users, or undefined when there is no such image. */
export async function loadImageFacts(
  db: PolicyDb,
  principal: Principal | null,
  imageId: string,
): Promise<ImageFacts | undefined> {
  const image = await db
    .selectFrom('uploaded_images')
    .select('uploaded_by')
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!image) return undefined;
  const usedBy = (
    await db
      .selectFrom('assessments as a')
      .innerJoin('schools as s', 's.id', 'a.school_id')
      .select(assessmentColumns)
      .where((eb) =>
        eb.or([
          eb('a.image_id', '=', imageId),
          eb.exists(
            eb
              .selectFrom('assessment_questions as q')
              .select('q.id')
              .whereRef('q.assessment_id', '=', 'a.id')
              .where('q.image_id', '=', imageId),
          ),
        ]),
      )
      .execute()
  ).map(toFacts);
  let studentMaySee = false;
  const e = principal?.role === 'student' ? principal.enrolment : null;
  if (principal && e && e.grade !== null) {
    // A question of the student's own attempt (its frozen copy), or the cover of a published quiz
    // set for their class (the join page shows it before any attempt).
    const { rows } = await sql<{ ok: boolean }>`
      select exists (
        select 1 from assessment_attempts t join attempt_answers x on x.attempt_id = t.id
        where t.student_id = ${principal.userId} and x.image_id = ${imageId}
      ) or exists (
        select 1 from assessments a join assessment_assignments g on g.assessment_id = a.id
        where a.image_id = ${imageId} and a.status = 'published' and a.deleted_at is null
          and g.school_id = ${e.schoolId} and g.grade = ${e.grade} and (g.section is null or g.section = ${e.section})
      ) or exists (
        select 1 from assessment_attempts t join assessments a on a.id = t.assessment_id
        where t.student_id = ${principal.userId} and a.image_id = ${imageId}
      ) as ok`.execute(db);
    studentMaySee = rows[0]?.ok === true;
  }
  return { uploadedBy: image.uploaded_by, usedBy, studentMaySee };
}
