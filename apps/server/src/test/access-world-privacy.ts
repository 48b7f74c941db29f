/**
 * Parents' erasure requests in the access world (issue #27): spare students of A1 and B1, each with a
 * request waiting for their school, for the decline row to decide one per call. And children of A1
 * whose accounts the world's parent made (families' sign-up), with consent in force or withdrawn, for
 * the consent rows to change one per call.
 */
import type { TestApp } from './build-test-app';
import { CONSENT_TEXT_VERSION } from '@ki/contracts';
import { createStudent, linkParent } from './factories';

export interface PrivacyWork {
  /** A student with a pending erasure request, a new one each call (for those who decide it). */
  pendingErasure(school: 'A1' | 'B1'): { studentId: number; requestId: number };
  /** A request that stays waiting: those who may not decide it try it. */
  standing: Record<'A1' | 'B1', { studentId: number; requestId: number }>;
  /** A family-made child of A1 linked to the world's parent, consent in force or withdrawn: a new one each call. */
  consentChild(state: ConsentState): number;
  /** One of each that stays as it is: those who may not change it try it. */
  standingConsent: Record<ConsentState, number>;
}
export type ConsentState = 'in force' | 'withdrawn';
/** School A1 takes families' sign-ups with this code. */
export const SIGN_UP_CODE_A1 = 'ACCA1SGN';

export async function buildPrivacyWorld(
  t: TestApp,
  o: { schoolA1: number; schoolB1: number; boardA: number; boardB: number; spares: number; parentId: number },
): Promise<PrivacyWork> {
  const db = t.database.db;
  await db.updateTable('schools').set({ sign_up_code: SIGN_UP_CODE_A1 }).where('id', '=', o.schoolA1).execute();
  const consent: Record<ConsentState, number[]> = { 'in force': [], withdrawn: [] };
  for (const state of ['in force', 'withdrawn'] as const) {
    for (let i = 0; i < o.spares + 1; i++) {
      const studentId = await createStudent(db, {
        schoolId: o.schoolA1,
        boardId: o.boardA,
        grade: 7,
        firstName: 'Familymade',
      });
      await linkParent(db, o.parentId, studentId);
      await db
        .insertInto('parental_consents')
        .values({
          student_id: studentId,
          parent_id: o.parentId,
          mobile: '+919811100001',
          text_version: CONSENT_TEXT_VERSION,
          method: 'otp',
          given_at: t.now(),
          withdrawn_at: state === 'withdrawn' ? t.now() : null,
        })
        .execute();
      consent[state].push(studentId);
    }
  }
  const standingConsent = { 'in force': consent['in force'].pop()!, withdrawn: consent.withdrawn.pop()! };
  const spares: Record<'A1' | 'B1', { studentId: number; requestId: number }[]> = { A1: [], B1: [] };
  for (const [school, schoolId, boardId] of [
    ['A1', o.schoolA1, o.boardA],
    ['B1', o.schoolB1, o.boardB],
  ] as const) {
    for (let i = 0; i < o.spares + 1; i++) {
      const studentId = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Askedtoerase' });
      const { id } = await db
        .insertInto('erasure_requests')
        .values({
          student_id: studentId,
          school_id: schoolId,
          requested_by: null,
          requested_at: t.now(),
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      spares[school].push({ studentId, requestId: id });
    }
  }
  const standing = { A1: spares.A1.pop()!, B1: spares.B1.pop()! };
  return {
    standing,
    standingConsent,
    consentChild(state) {
      const next = consent[state].shift();
      if (!next) throw new Error(`world: no family-made child with consent ${state} left`);
      return next;
    },
    pendingErasure(school) {
      const next = spares[school].shift();
      if (!next) throw new Error('world: no pending erasure request left');
      return next;
    },
  };
}
