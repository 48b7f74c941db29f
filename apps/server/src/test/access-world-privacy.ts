/**
 * Parents' erasure requests in the access world (issue #27): spare students of A1 and B1, each with a
 * request waiting for their school, for the decline row to decide one per call.
 */
import type { TestApp } from './build-test-app';
import { createStudent } from './factories';

export interface PrivacyWork {
  /** A student with a pending erasure request, a new one each call (for those who decide it). */
  pendingErasure(school: 'A1' | 'B1'): { studentId: number; requestId: number };
  /** A request that stays waiting: those who may not decide it try it. */
  standing: Record<'A1' | 'B1', { studentId: number; requestId: number }>;
}

export async function buildPrivacyWorld(t: TestApp, o: { schoolA1: number; schoolB1: number; boardA: number; boardB: number; spares: number }): Promise<PrivacyWork> {
  const db = t.database.db;
  const spares: Record<'A1' | 'B1', { studentId: number; requestId: number }[]> = { A1: [], B1: [] };
  for (const [school, schoolId, boardId] of [['A1', o.schoolA1, o.boardA], ['B1', o.schoolB1, o.boardB]] as const) {
    for (let i = 0; i < o.spares + 1; i++) {
      const studentId = await createStudent(db, { schoolId, boardId, grade: 7, firstName: 'Askedtoerase' });
      const { id } = await db
        .insertInto('erasure_requests')
        .values({ student_id: studentId, school_id: schoolId, requested_by: null, requested_at: t.now(), status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      spares[school].push({ studentId, requestId: id });
    }
  }
  const standing = { A1: spares.A1.pop()!, B1: spares.B1.pop()! };
  return {
    standing,
    pendingErasure(school) {
      const next = spares[school].shift();
      if (!next) throw new Error('world: no pending erasure request left');
      return next;
    },
  };
}
