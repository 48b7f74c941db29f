/** SQL of the privacy module: erasing one student's rows everywhere. No rules, no access checks. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Every table holding a student's rows and the column naming the student, in an order that respects
 * foreign keys. privacy.int.test.ts fails when a table referencing users is missing here.
 */
export const STUDENT_TABLES = [
  ['student_daily_stats', 'student_id'],
  ['student_topic_stats', 'student_id'],
  ['student_chapter_stats', 'student_id'],
  ['student_subject_practice_stats', 'student_id'],
  ['student_subject_stats', 'student_id'],
  ['student_stats', 'student_id'],
  ['learning_records', 'student_id'],
  // The live games the student hosted (the other players' records keep theirs, unlinked).
  ['challenge_games', 'host_user_id'],
  // After the records that point at them; their answers go with them (on delete cascade).
  ['assessment_attempts', 'student_id'],
  ['concept_bookmarks', 'student_id'],
  ['question_bookmarks', 'student_id'],
  ['topic_ratings', 'student_id'],
  // The audit of links and unlinks goes with the student (the erasure log keeps that it happened).
  ['parent_link_events', 'student_id'],
  ['parent_link_requests', 'student_id'],
  ['parent_links', 'student_id'],
  // The student's private calendar link (the school's events stay: they are the school's).
  ['calendar_feeds', 'user_id'],
  // The plans the family bought and their orders (the payment provider keeps its own records).
  ['student_plans', 'student_id'],
  ['payment_orders', 'student_id'],
  // The notices the student opened (the notices themselves are the school's).
  ['broadcast_reads', 'user_id'],
  // The student's doubts (their answers go with them: on delete cascade); pictures stay in the
  // content-addressed file store, unreachable without the row.
  ['doubts', 'student_id'],
  // The student's joins of live classes (the register).
  ['live_class_attendance', 'user_id'],
  ['otp_challenges', 'user_id'],
  ['sessions', 'user_id'],
  ['student_enrolments', 'student_id'],
] as const;

/** Deletes the student's rows from every table and then the account; returns the records deleted. */
export async function eraseStudentRows(trx: Transaction<DB>, studentId: number): Promise<number> {
  let records = 0;
  for (const [table, column] of STUDENT_TABLES) {
    const result = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${studentId}`.execute(trx);
    if (table === 'learning_records') records = Number(result.numAffectedRows ?? 0);
  }
  // Throttling rows keyed by the student's mobile number or sign-in code are personal data too.
  const user = await trx
    .selectFrom('users')
    .select(['mobile', 'login_code'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  const keys = [user?.mobile, user?.login_code].filter((k): k is string => !!k);
  // Sign-in counts name the account as 'mobile:…' or 'code:…' (auth.service.ts).
  const accounts = [
    user?.mobile ? `mobile:${user.mobile}` : null,
    user?.login_code ? `code:${user.login_code}` : null,
  ].filter((k): k is string => !!k);
  if (keys.length)
    await trx
      .deleteFrom('rate_limit_events')
      .where('key', 'in', [...keys, ...accounts])
      .execute();
  if (accounts.length) await trx.deleteFrom('sign_in_backoffs').where('account', 'in', accounts).execute();
  await trx.deleteFrom('users').where('id', '=', studentId).execute();
  return records;
}

export async function logErasure(
  trx: Transaction<DB>,
  row: { student_id: number; school_id: number; erased_by: number; erased_at: Date; reason: string; records: number },
): Promise<void> {
  await trx.insertInto('student_erasures').values(row).execute();
}

export async function studentName(trx: Transaction<DB>, studentId: number) {
  return trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'role'])
    .where('id', '=', studentId)
    .executeTakeFirst();
}

const requestColumns = [
  'erasure_requests.id',
  'erasure_requests.status',
  'erasure_requests.requested_at',
  'erasure_requests.reason',
  'erasure_requests.decided_at',
  'erasure_requests.note',
  'erasure_requests.requested_by',
  'parent.first_name',
  'parent.last_name',
] as const;

/** The student's erasure requests, newest first. */
export async function erasureRequests(db: Kysely<DB>, studentId: number, limit: number) {
  return db
    .selectFrom('erasure_requests')
    .leftJoin('users as parent', 'parent.id', 'erasure_requests.requested_by')
    .select([...requestColumns])
    .where('erasure_requests.student_id', '=', studentId)
    .orderBy('erasure_requests.requested_at', 'desc')
    .orderBy('erasure_requests.id', 'desc')
    .limit(limit)
    .execute();
}

export async function erasureRequest(db: Kysely<DB>, studentId: number, requestId: number) {
  return db
    .selectFrom('erasure_requests')
    .leftJoin('users as parent', 'parent.id', 'erasure_requests.requested_by')
    .select([...requestColumns, 'parent.mobile'])
    .where('erasure_requests.student_id', '=', studentId)
    .where('erasure_requests.id', '=', requestId)
    .executeTakeFirst();
}

/** A new pending request; undefined when one is already waiting (the unique index). */
export async function insertErasureRequest(
  db: Kysely<DB>,
  row: { studentId: number; schoolId: number; requestedBy: number; at: Date; reason: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('erasure_requests')
    .values({
      student_id: row.studentId,
      school_id: row.schoolId,
      requested_by: row.requestedBy,
      requested_at: row.at,
      reason: row.reason,
      status: 'pending',
    })
    .onConflict((oc) =>
      oc
        .column('student_id')
        .where(sql<boolean>`status = 'pending'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Declines a waiting request; false when it was no longer waiting. */
export async function declineErasureRequest(
  db: Kysely<DB>,
  requestId: number,
  decision: { by: number; at: Date; note: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('erasure_requests')
    .set({ status: 'declined', decided_by: decision.by, decided_at: decision.at, note: decision.note })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Before the erasure: waiting requests become 'erased', every request's reason is cleared (it may
 * name the child), and the parents who asked are returned to be told. The account's deletion then
 * sets student_id null.
 */
export async function settleErasureRequests(
  trx: Transaction<DB>,
  studentId: number,
  decision: { by: number; at: Date },
): Promise<string[]> {
  const waiting = await trx
    .updateTable('erasure_requests')
    .set({ status: 'erased', decided_by: decision.by, decided_at: decision.at })
    .where('student_id', '=', studentId)
    .where('status', '=', 'pending')
    .returning('requested_by')
    .execute();
  await trx.updateTable('erasure_requests').set({ reason: '' }).where('student_id', '=', studentId).execute();
  const parents = waiting.map((w) => w.requested_by).filter((id): id is number => id !== null);
  if (parents.length === 0) return [];
  const rows = await trx.selectFrom('users').select('mobile').where('id', 'in', parents).execute();
  return rows.map((r) => r.mobile).filter((m): m is string => !!m);
}

export async function schoolChain(db: Kysely<DB>, schoolId: number) {
  return db.selectFrom('schools').select('chain_id').where('id', '=', schoolId).executeTakeFirst();
}

/** A school's waiting requests with their students, oldest first. */
export async function schoolPendingErasures(db: Kysely<DB>, schoolId: number, limit: number) {
  return db
    .selectFrom('erasure_requests')
    .innerJoin('users as student', 'student.id', 'erasure_requests.student_id')
    .leftJoin('student_enrolments', 'student_enrolments.student_id', 'erasure_requests.student_id')
    .leftJoin('users as parent', 'parent.id', 'erasure_requests.requested_by')
    .select([
      ...requestColumns,
      'erasure_requests.student_id',
      'student.first_name as student_first_name',
      'student.last_name as student_last_name',
      'student_enrolments.grade',
    ])
    .where('erasure_requests.school_id', '=', schoolId)
    .where('erasure_requests.status', '=', 'pending')
    .orderBy('erasure_requests.requested_at')
    .limit(limit)
    .execute();
}

/** The child's latest consent (in force, or the last withdrawn) with the parent who gave it; undefined for a school's account. */
export async function latestConsent(db: Kysely<DB>, studentId: number) {
  return db
    .selectFrom('parental_consents as c')
    .leftJoin('users as u', 'u.id', 'c.parent_id')
    .select(['c.id', 'c.mobile', 'c.text_version', 'c.given_at', 'c.withdrawn_at', 'u.first_name', 'u.last_name'])
    .where('c.student_id', '=', studentId)
    .orderBy('c.given_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Withdraws the consent in force; false when none is. */
export async function withdrawConsent(trx: Transaction<DB>, studentId: number, by: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('parental_consents')
    .set({ withdrawn_at: at, withdrawn_by: by })
    .where('student_id', '=', studentId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCalendarFeedOf(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** Ends every live session of a user; returns their ids (their live connections end too). */
export async function revokeSessionsOf(trx: Transaction<DB>, userId: number, at: Date): Promise<string[]> {
  const rows = await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A new consent in force, given by a signed-in parent; false when one is in force already. */
export async function insertConsent(
  trx: Transaction<DB>,
  c: { studentId: number; parentId: number; mobile: string; textVersion: string; at: Date },
): Promise<boolean> {
  const rows = await trx
    .insertInto('parental_consents')
    .values({
      student_id: c.studentId,
      parent_id: c.parentId,
      mobile: c.mobile,
      text_version: c.textVersion,
      method: 'signed-in-parent',
      given_at: c.at,
    })
    .onConflict((oc) => oc.column('student_id').where('withdrawn_at', 'is', null).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function mobileOf(db: Kysely<DB>, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirst())?.mobile ?? null;
}
