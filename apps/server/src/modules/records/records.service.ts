import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  RecordInputSchema,
  SERVER_WRITTEN_RECORD_KINDS,
  type PostRecordsResponse,
  type RecordInput,
  type ReindexResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorizeReindexStudent, authorizeStudent, authorizeWriteRecords, type Principal } from '../../policy/policy';
import { attemptRecord, type AttemptRecordInput } from './attempt-record';
import { applyBatchRules, HOUR_MS, outlierReason, type History } from './batch-rules';
import { FIXED_GAMES, markRecord, type MarkedRecord } from './marking';
import * as repo from './records.repository';
import { factsFromMarked } from './rollup-rules';
import { rebuildStudentRollups, refreshStudentRollups } from './rollups';

type Rejection = PostRecordsResponse['rejected'][number];

/**
 * Stores a batch of a student's learning records: each is checked and marked on its own, the valid
 * ones pass the batch rules (batch-rules.ts) and are inserted idempotently by the student's UUID
 * (another student's id is a conflict), and the rollups updated in the same transaction.
 */
export async function ingestRecords(
  deps: AppDeps,
  principal: Principal | null,
  records: readonly unknown[],
  playedBy?: number,
): Promise<PostRecordsResponse> {
  const student = authorizeWriteRecords(principal, playedBy);
  const rejected: Rejection[] = [];
  const parsed: { index: number; input: RecordInput }[] = [];
  const seen = new Set<string>();
  records.forEach((raw, index) => {
    const result = RecordInputSchema.safeParse(raw);
    const rawId =
      typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
        ? (raw as { id: string }).id
        : null;
    if (!result.success) {
      const issue = result.error.issues[0];
      rejected.push({
        index,
        id: rawId,
        code: 'INVALID_RECORD',
        message: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    const id = result.data.id.toLowerCase();
    if (SERVER_WRITTEN_RECORD_KINDS.includes(result.data.kind)) {
      rejected.push({
        index,
        id,
        code: 'SERVER_WRITTEN_KIND',
        message: `A ${result.data.kind} record is written by the server when the attempt finishes; devices upload games only`,
      });
      return;
    }
    if (seen.has(id)) {
      rejected.push({
        index,
        id,
        code: 'DUPLICATE_IN_BATCH',
        message: 'The same record id appears earlier in this batch',
      });
      return;
    }
    seen.add(id);
    parsed.push({ index, input: { ...result.data, id } });
  });

  // The batch rules read the student's stored games before the insert takes the student's lock; an
  // upload of the same student that lands in between is seen under the lock, and this one is then
  // checked again from the start against what is stored (at most STORE_ROUNDS times).
  for (let round = 1; ; round++) {
    try {
      return await storeBatch(deps, student, parsed, [...rejected]);
    } catch (error) {
      if (!(error instanceof ConcurrentGames)) throw error;
      if (round === STORE_ROUNDS)
        throw new AppError('SERVICE_UNAVAILABLE', 'Another upload of your games is being saved. Please try again.');
    }
  }
}

/**
 * Rounds of checking an upload again when another upload of the same student stored games meanwhile.
 * A round fails only because another upload committed, so with n uploads of one student at once each
 * succeeds within n rounds: 8 covers a student's phones and their retries (six at once failed CI
 * with 3); beyond it the device's sync tries again later (503).
 */
const STORE_ROUNDS = 8;
class ConcurrentGames extends Error {}

async function storeBatch(
  deps: AppDeps,
  student: ReturnType<typeof authorizeWriteRecords>,
  parsed: readonly { index: number; input: RecordInput }[],
  rejected: Rejection[],
): Promise<PostRecordsResponse> {
  const { db } = deps.database;
  const games = gameRange(parsed.map((p) => p.input));
  const {
    existing,
    taken,
    curriculum,
    stored: progress,
    history,
  } = await repo.loadBatchContext(db, student.userId, {
    recordIds: parsed.map((p) => p.input.id),
    chapterIds: [...new Set(parsed.map((p) => p.input.chapterId))],
    topicIds: [...new Set(parsed.flatMap((p) => (p.input.topicId ? [p.input.topicId] : [])))],
    questionIds: [...new Set(parsed.flatMap((p) => p.input.answers.map((a) => a.questionId)))],
    lockedChapterIds: [...new Set(parsed.filter((p) => p.input.kind === 'treasure').map((p) => p.input.chapterId))],
    games,
  });
  const conflict = (index: number, id: string): Rejection => ({
    index,
    id,
    code: 'ID_CONFLICT',
    message: 'This record id is already used by another student’s record',
  });
  for (const p of parsed) if (taken.has(p.input.id)) rejected.push(conflict(p.index, p.input.id));
  const fresh = parsed.filter((p) => !existing.has(p.input.id) && !taken.has(p.input.id));
  const ctx = { studentId: student.userId, enrolment: student.enrolment, now: deps.clock(), ...curriculum };
  const indexOf = new Map<MarkedRecord, number>();
  for (const { index, input } of fresh) {
    const result = markRecord(input, ctx);
    if (result.ok) indexOf.set(result.record, index);
    else rejected.push({ index, id: input.id, code: result.code, message: result.message });
  }
  const { accepted: marked, refused } = applyBatchRules([...indexOf.keys()], progress);
  for (const r of refused)
    rejected.push({ index: indexOf.get(r.record)!, id: r.record.id, code: r.code, message: r.message });

  const timeZone = marked.length ? await repo.schoolTimeZone(db, student.enrolment.schoolId) : null;
  const inserted = marked.length
    ? await db.transaction().execute(async (trx) => {
        const ids = await repo.insertRecordsLocked(trx, student.userId, marked);
        // Under the lock: the games stored now are those the rules counted and these, or another
        // upload of the student stored some meanwhile and the rules must count them too.
        const gamesInserted = marked.filter((r) => FIXED_GAMES.has(r.kind) && ids.includes(r.id)).length;
        if (
          games &&
          gamesInserted > 0 &&
          (await repo.countGames(trx, student.userId, games)) !== progress.gameFinishes.length + gamesInserted
        ) {
          throw new ConcurrentGames();
        }
        if (ids.length) {
          const insertedSet = new Set(ids);
          const rows = marked.filter((r) => insertedSet.has(r.id));
          await refreshStudentRollups(
            trx,
            {
              studentId: student.userId,
              schoolId: student.enrolment.schoolId,
              boardId: student.enrolment.boardId,
              grade: student.enrolment.grade,
              timeZone: timeZone!,
            },
            rows.map(factsFromMarked),
          );
          await repo.insertRecordFlags(trx, outlierFlags(rows, history, ctx.now));
        }
        return ids;
      })
    : [];
  const insertedSet = new Set(inserted);
  // Not inserted: stored meanwhile by a concurrent upload, of this student (a duplicate) or of another
  // (a conflict). The stored marking of this student's is read back, which tells the two apart.
  const lost = marked.filter((r) => !insertedSet.has(r.id));
  const known = [...parsed.filter((p) => existing.has(p.input.id)).map((p) => p.input.id), ...lost.map((r) => r.id)];
  const readBack = await repo.findMarkedResults(db, student.userId, known);
  const readIds = new Set(readBack.map((r) => r.id));
  for (const r of lost) if (!readIds.has(r.id)) rejected.push(conflict(indexOf.get(r)!, r.id));
  const duplicates = known.filter((id) => readIds.has(id));
  // Marks of the records stored now are known; those of duplicates are read back.
  const stored = [...marked.filter((r) => insertedSet.has(r.id)), ...readBack];
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

export type { AttemptRecordAnswer, AttemptRecordInput } from './attempt-record';

/**
 * Stores the learning record of a finished quiz or test attempt (docs/DECISIONS.md "Assessment"),
 * in the caller's transaction: takes the student's rollup lock, inserts the record (kind quiz or
 * test, no chapter, attempt_id = the attempt) and brings the student's rollups up to date, as
 * ingest does. The record adds to the student's and the subject's answers, accuracy and time
 * spent, never to topic, chapter, efficiency or currency figures (attempt-record.ts has the rule).
 * Idempotent per attempt: a retried finish gets the record stored the first time, counted once.
 * No access check: the assessment engine has authorized the attempt.
 *
 * @returns the id of the attempt's learning record
 */
export async function storeAttemptRecord(trx: Transaction<DB>, input: AttemptRecordInput): Promise<string> {
  await repo.lockStudent(trx, input.studentId);
  const row = attemptRecord(randomUUID(), input);
  const { id, inserted } = await repo.insertAttemptRecord(trx, row);
  if (!inserted) return id;
  // The rollup rows carry the student's enrolment, as ingest's and Reindex's do.
  const enrolment = await repo.findEnrolment(trx, input.studentId);
  if (enrolment && enrolment.board_id !== null && enrolment.grade !== null) {
    const timeZone = await repo.schoolTimeZone(trx, enrolment.school_id);
    await refreshStudentRollups(
      trx,
      {
        studentId: input.studentId,
        schoolId: enrolment.school_id,
        boardId: enrolment.board_id,
        grade: enrolment.grade,
        timeZone,
      },
      [factsFromMarked(row)],
    );
  }
  return id;
}

/** The flags to store for records just inserted: each judged against the history before the batch. */
function outlierFlags(rows: readonly MarkedRecord[], history: History, now: Date) {
  return rows.flatMap((r) => {
    const facts = outlierReason(r, history);
    return facts === null
      ? []
      : [
          {
            record_id: r.id,
            accuracy: facts.accuracy,
            seconds_per_question: facts.secondsPerQuestion,
            usual_accuracy: facts.usualAccuracy,
            history_answers: facts.historyAnswers,
            flagged_at: now,
          },
        ];
  });
}

/**
 * The span within which stored games matter to the batch's density rule: an hour either side of
 * its games' finishes (null when it has none). Unparsable times are left to marking to refuse.
 */
function gameRange(inputs: readonly RecordInput[]): { from: Date; to: Date } | null {
  const finishes = inputs
    .filter((i) => FIXED_GAMES.has(i.kind))
    .map((i) => new Date(i.finishedAt).getTime())
    .filter((ms) => Number.isFinite(ms));
  if (finishes.length === 0) return null;
  return { from: new Date(Math.min(...finishes) - HOUR_MS), to: new Date(Math.max(...finishes) + HOUR_MS) };
}

/** Rebuilds one student's rollups from their records (the Reindex button). */
export async function reindexStudent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
): Promise<ReindexResponse> {
  const { facts } = await authorizeStudent(deps.database.db, principal, studentId, authorizeReindexStudent);
  const records = await rebuildStudent(deps, studentId, {
    school_id: facts.schoolId,
    board_id: facts.boardId,
    grade: facts.grade,
  });
  return { studentId, records, rebuiltAt: deps.clock().toISOString() };
}

/** A student's outlier flags, newest first, without an access check: the caller has authorized staff. */
export async function unsafeRecordFlags(deps: Pick<AppDeps, 'database'>, studentId: number) {
  return repo.findRecordFlags(deps.database.db, studentId);
}

/** The ids of a school's students, without an access check: for the admin command. */
export async function unsafeSchoolStudentIds(deps: Pick<AppDeps, 'database'>, schoolId: number): Promise<number[]> {
  return repo.findSchoolStudentIds(deps.database.db, schoolId);
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
      const timeZone = await repo.schoolTimeZone(trx, enrolment.school_id);
      await rebuildStudentRollups(trx, {
        studentId,
        schoolId: enrolment.school_id,
        boardId: enrolment.board_id,
        grade: enrolment.grade,
        timeZone,
      });
    }
    return repo.countStudentRecords(trx, studentId);
  });
}
