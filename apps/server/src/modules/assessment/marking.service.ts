/**
 * Marking open-ended answers (issue #23: "Open-ended answers wait in a marking queue (0-200 with a
 * comment); the student sees the mark and comment once given"; scoring-and-metrics.md "Test:
 * open-ended questions carry 200 and are marked later by a teacher").
 */
import { personName } from '@ki/domain';
import type { MarkingQueue } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import { authorizeMark, loadAttemptAssignmentFacts, markingScope } from '../../policy/assessment-authoring';
import type { Principal } from '../../policy/policy';
import * as repo from './marking.repository';

/** /assessments: the answers of the caller's classes waiting for marks, oldest first. */
export async function markingQueue(deps: AppDeps, principal: Principal | null): Promise<MarkingQueue> {
  const scope = markingScope(principal);
  const rows = await repo.markingQueue(deps.database.db, scope);
  return {
    items: rows.map((r) => ({
      attemptId: r.attempt_id,
      position: r.position,
      assessmentId: r.assessment_id,
      assessmentName: r.assessment_name,
      studentId: r.student_id,
      studentName: personName(r.first_name, r.last_name),
      grade: r.grade,
      section: r.section,
      questionText: r.text,
      solution: r.solution,
      textAnswer: r.text_answer,
      answeredAt: new Date(r.answered_at).toISOString(),
    })),
  };
}

/**
 * Marks one open-ended answer 0-200 with a comment. The answer and its attempt are locked, so two
 * markers at once end with one mark counted once; marking again replaces the mark, and the
 * attempt's total moves by the difference.
 */
export async function markAnswer(
  deps: AppDeps,
  principal: Principal | null,
  params: { attemptId: string; position: number },
  body: { marks: number; comment: string },
): Promise<void> {
  const p = authorizeMark(principal, await loadAttemptAssignmentFacts(deps.database.db, params.attemptId));
  await deps.database.db.transaction().execute(async (trx) => {
    const attempt = await repo.lockAttempt(trx, params.attemptId);
    if (!attempt) throw notFound('Answer');
    const answer = await repo.lockAnswer(trx, params.attemptId, params.position);
    if (!answer) throw notFound('Answer');
    if (!attempt.finished) throw new AppError('CONFLICT', 'The student has not submitted this attempt yet');
    if (answer.type !== 'open_ended') throw new AppError('CONFLICT', 'Only open-ended answers are marked by hand');
    if (!answer.answered) throw new AppError('CONFLICT', 'There is no answer to mark');
    await repo.setMarks(trx, {
      ...params,
      marks: body.marks,
      change: body.marks - (answer.marks ?? 0),
      comment: body.comment === '' ? null : body.comment,
      by: p.userId,
      at: deps.clock(),
    });
  });
}
