import { RecordInputSchema, type PostRecordsResponse, type RecordInput, type ReindexResponse } from '@ki/contracts';
import type { AppDeps } from '../../app';
import { notFound } from '../../errors';
import { authorizeReindexStudent, authorizeStudent, authorizeWriteRecords, type Principal } from '../../policy/policy';
import { markRecord, type MarkedRecord } from './marking';
import * as repo from './records.repository';
import { factsFromMarked } from './rollup-rules';
import { rebuildStudentRollups, refreshStudentRollups } from './rollups';

type Rejection = PostRecordsResponse['rejected'][number];

/**
 * Stores a batch of a student's learning records: each is checked and marked on its own, the valid
 * ones are inserted idempotently by UUID and the rollups updated in the same transaction.
 */
export async function ingestRecords(deps: AppDeps, principal: Principal | null, records: readonly unknown[], playedBy?: number): Promise<PostRecordsResponse> {
  const student = authorizeWriteRecords(principal, playedBy);
  const rejected: Rejection[] = [];
  const parsed: { index: number; input: RecordInput }[] = [];
  const seen = new Set<string>();
  records.forEach((raw, index) => {
    const result = RecordInputSchema.safeParse(raw);
    const rawId = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : null;
    if (!result.success) {
      const issue = result.error.issues[0];
      rejected.push({ index, id: rawId, code: 'INVALID_RECORD', message: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}` });
      return;
    }
    const id = result.data.id.toLowerCase();
    if (seen.has(id)) {
      rejected.push({ index, id, code: 'DUPLICATE_IN_BATCH', message: 'The same record id appears earlier in this batch' });
      return;
    }
    seen.add(id);
    parsed.push({ index, input: { ...result.data, id } });
  });

  const { db } = deps.database;
  const { existing, curriculum } = await repo.loadBatchContext(db, {
    recordIds: parsed.map((p) => p.input.id),
    chapterIds: [...new Set(parsed.map((p) => p.input.chapterId))],
    topicIds: [...new Set(parsed.flatMap((p) => (p.input.topicId ? [p.input.topicId] : [])))],
    questionIds: [...new Set(parsed.flatMap((p) => p.input.answers.map((a) => a.questionId)))],
  });
  const fresh = parsed.filter((p) => !existing.has(p.input.id));
  const ctx = { studentId: student.userId, enrolment: student.enrolment, now: deps.clock(), ...curriculum };
  const marked: MarkedRecord[] = [];
  for (const { index, input } of fresh) {
    const result = markRecord(input, ctx);
    if (result.ok) marked.push(result.record);
    else rejected.push({ index, id: input.id, code: result.code, message: result.message });
  }

  const inserted = marked.length
    ? await db.transaction().execute(async (trx) => {
        const ids = await repo.insertRecordsLocked(trx, student.userId, marked);
        if (ids.length) {
          const insertedSet = new Set(ids);
          const rows = marked.filter((r) => insertedSet.has(r.id));
          await refreshStudentRollups(
            trx,
            { studentId: student.userId, schoolId: student.enrolment.schoolId, boardId: student.enrolment.boardId, grade: student.enrolment.grade },
            rows.map(factsFromMarked),
          );
        }
        return ids;
      })
    : [];
  const insertedSet = new Set(inserted);
  // Known before, or inserted by a concurrent upload of the same record meanwhile.
  const duplicates = [...parsed.filter((p) => existing.has(p.input.id)).map((p) => p.input.id), ...marked.filter((r) => !insertedSet.has(r.id)).map((r) => r.id)];
  // Marks of the records stored now are known; those of duplicates are read back.
  const stored = [...marked.filter((r) => insertedSet.has(r.id)), ...(await repo.findMarkedResults(db, student.userId, duplicates))];
  return {
    stored: inserted,
    duplicates,
    rejected: rejected.sort((a, b) => a.index - b.index),
    marked: stored.map((r) => ({
      id: r.id,
      kind: r.kind,
      answered: r.answered_count,
      correct: r.correct_count,
      learningCurrency: r.learning_currency,
      learningEfficiency: r.learning_efficiency,
      percent: r.percent,
    })),
  };
}

/** Rebuilds one student's rollups from their records (the Reindex button). */
export async function reindexStudent(deps: AppDeps, principal: Principal | null, studentId: number): Promise<ReindexResponse> {
  const { facts } = await authorizeStudent(deps.database.db, principal, studentId, authorizeReindexStudent);
  const records = await rebuildStudent(deps, studentId, { school_id: facts.schoolId, board_id: facts.boardId, grade: facts.grade });
  return { studentId, records, rebuiltAt: deps.clock().toISOString() };
}

/** Rebuild without an access check: for the admin command and tests. */
export async function unsafeRebuildStudent(deps: Pick<AppDeps, 'database'>, studentId: number): Promise<number> {
  const enrolment = await repo.findEnrolment(deps.database.db, studentId);
  if (!enrolment) throw notFound('Student');
  return rebuildStudent(deps, studentId, enrolment);
}

async function rebuildStudent(
  deps: Pick<AppDeps, 'database'>,
  studentId: number,
  enrolment: { school_id: number; board_id: number | null; grade: number | null },
): Promise<number> {
  return deps.database.db.transaction().execute(async (trx) => {
    await repo.lockStudent(trx, studentId);
    if (enrolment.board_id === null || enrolment.grade === null) {
      // Not placed in a board and grade yet: no records can exist, so no rollups either.
      await repo.deleteStudentRollups(trx, studentId);
    } else {
      await rebuildStudentRollups(trx, { studentId, schoolId: enrolment.school_id, boardId: enrolment.board_id, grade: enrolment.grade });
    }
    const row = await trx.selectFrom('learning_records').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', studentId).executeTakeFirstOrThrow();
    return Number(row.n);
  });
}
