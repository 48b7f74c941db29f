/**
 * The facts the policy decides on that the session does not carry: where a student is enrolled,
 * whether the caller is their linked parent, which schools a chain holds. SQL only, no rules: the
 * rules are in policy.ts. Modules never load these themselves, so no module can decide access on
 * facts of its own.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Principal } from './principal';

export type PolicyDb = Kysely<DB>;

/** The facts about a student that decide who may read their data. */
export interface StudentFacts {
  studentId: number;
  schoolId: number;
  boardId: number | null;
  grade: number | null;
  /** The chain of the student's school. */
  chainId: number | null;
  /** Whether the caller is a parent linked to this student. */
  callerIsLinkedParent: boolean;
}

/** A student's enrolment and the caller's parent link, or undefined when no such student is enrolled. */
export async function loadStudentFacts(db: PolicyDb, principal: Principal | null, studentId: number): Promise<StudentFacts | undefined> {
  const enrolment = await db
    .selectFrom('student_enrolments as e')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .select(['e.school_id', 'e.board_id', 'e.grade', 's.chain_id'])
    .where('e.student_id', '=', studentId)
    .executeTakeFirst();
  if (!enrolment) return undefined;
  const callerIsLinkedParent =
    principal?.role === 'parent' &&
    (await db.selectFrom('parent_links').select('student_id').where('parent_id', '=', principal.userId).where('student_id', '=', studentId).executeTakeFirst()) !== undefined;
  return {
    studentId,
    schoolId: enrolment.school_id,
    boardId: enrolment.board_id,
    grade: enrolment.grade,
    chainId: enrolment.chain_id,
    callerIsLinkedParent,
  };
}

/** A school's chain, or undefined when there is no such school. */
export async function loadSchoolFacts(db: PolicyDb, schoolId: number): Promise<{ schoolId: number; chainId: number | null } | undefined> {
  const row = await db.selectFrom('schools').select(['id', 'chain_id']).where('id', '=', schoolId).executeTakeFirst();
  return row && { schoolId: row.id, chainId: row.chain_id };
}

/** The schools of a chain (what its super-admin may see). */
export async function loadChainSchoolIds(db: PolicyDb, chainId: number): Promise<number[]> {
  return (await db.selectFrom('schools').select('id').where('chain_id', '=', chainId).orderBy('id').execute()).map((r) => r.id);
}
