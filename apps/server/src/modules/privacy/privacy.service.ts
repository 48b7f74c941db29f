import { personName } from '@ki/domain';
import type { EraseStudentBody, EraseStudentResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { authorizeStudent, authorizeStudentErasure, type Principal } from '../../policy/policy';
import * as repo from './privacy.repository';

/**
 * Erases a student's data on request: learning records, rollups, parent links (with their requests
 * and audit), sessions, sign-in codes, enrolment and the account itself, in one transaction. School
 * figures no longer count the student from then on; the erasure log keeps who did it, when and why, and no personal data.
 */
export async function eraseStudent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  body: EraseStudentBody,
): Promise<EraseStudentResponse> {
  const { principal: p, facts } = await authorizeStudent(deps.database.db, principal, studentId, authorizeStudentErasure);
  const erasedAt = deps.clock();
  const records = await deps.database.db.transaction().execute(async (trx) => {
    const student = await repo.studentName(trx, studentId);
    if (!student || student.role !== 'student') throw new AppError('NOT_FOUND', 'Student not found');
    const name = personName(student.first_name, student.last_name);
    if (body.confirmName.toLocaleLowerCase('en-IN') !== name.toLocaleLowerCase('en-IN')) {
      throw new AppError('VALIDATION_FAILED', 'Type the student’s full name to confirm', { field: 'confirmName' });
    }
    const erased = await repo.eraseStudentRows(trx, studentId);
    await repo.logErasure(trx, {
      student_id: studentId,
      school_id: facts.schoolId,
      erased_by: p.userId,
      erased_at: erasedAt,
      reason: body.reason,
      records: erased,
    });
    return erased;
  });
  return { studentId, erasedAt: erasedAt.toISOString(), records };
}
