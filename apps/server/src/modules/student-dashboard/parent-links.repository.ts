/**
 * SQL of parent links (migrations/0017_parent_link_audit.sql): links, teachers' requests and the
 * audit of links and unlinks. Typed rows, no rules, no access checks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, ParentLinkRequestStatus } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A staff member's name as "First Last", or null when not recorded. */
const staffName = (alias: string) =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

export interface LinkRow {
  id: number;
  parent_id: number;
  first_name: string;
  last_name: string;
  mobile: string | null;
  linked_by: string | null;
  created_at: Date;
}

/** A student's linked parents, oldest link first, with who linked them. */
export async function linkedParents(db: Db, studentId: number, linkId?: number): Promise<LinkRow[]> {
  const { rows } = await sql<LinkRow>`
    select l.id, l.parent_id,
           case when l.first_name = '' then u.first_name else l.first_name end as first_name,
           case when l.first_name = '' then u.last_name else l.last_name end as last_name,
           u.mobile, ${staffName('b')} as linked_by, l.created_at
    from parent_links l
    join users u on u.id = l.parent_id
    left join users b on b.id = l.linked_by
    where l.student_id = ${studentId} ${linkId === undefined ? sql`` : sql`and l.id = ${linkId}`}
    order by l.created_at, l.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), parent_id: Number(r.parent_id) }));
}

export async function userByMobile(db: Db, mobile: string) {
  return db.selectFrom('users').select(['id', 'role']).where('mobile', '=', mobile).executeTakeFirst();
}

export async function createParent(
  db: Db,
  p: { mobile: string; firstName: string; lastName: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ role: 'parent', first_name: p.firstName, last_name: p.lastName, mobile: p.mobile })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Links a parent to a student; the new link's id, or undefined when the link existed. */
export async function insertLink(
  trx: Transaction<DB>,
  l: { parentId: number; studentId: number; by: number; at: Date; firstName: string; lastName: string },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('parent_links')
    .values({
      parent_id: l.parentId,
      student_id: l.studentId,
      created_at: l.at,
      linked_by: l.by,
      first_name: l.firstName,
      last_name: l.lastName,
    })
    .onConflict((oc) => oc.columns(['parent_id', 'student_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function linkIdOf(db: Db, parentId: number, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('parent_links')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Removes one link of a student; the parent it linked, or undefined when there is no such link. */
export async function deleteLink(trx: Transaction<DB>, studentId: number, linkId: number): Promise<number | undefined> {
  const row = await trx
    .deleteFrom('parent_links')
    .where('id', '=', linkId)
    .where('student_id', '=', studentId)
    .returning('parent_id')
    .executeTakeFirst();
  return row ? Number(row.parent_id) : undefined;
}

export async function logEvent(
  trx: Transaction<DB>,
  e: {
    studentId: number;
    parentId: number;
    action: 'linked' | 'unlinked';
    by: number;
    at: Date;
    requestId: number | null;
  },
): Promise<void> {
  await trx
    .insertInto('parent_link_events')
    .values({
      student_id: e.studentId,
      parent_id: e.parentId,
      action: e.action,
      actor_id: e.by,
      at: e.at,
      request_id: e.requestId,
    })
    .execute();
}

/** Mobiles of the student's linked parents other than `exceptParentId`, to tell them of a new link. */
export async function otherParentMobiles(db: Db, studentId: number, exceptParentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('parent_links as l')
    .innerJoin('users as u', 'u.id', 'l.parent_id')
    .select('u.mobile')
    .where('l.student_id', '=', studentId)
    .where('l.parent_id', '<>', exceptParentId)
    .where('u.mobile', 'is not', null)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => r.mobile!);
}

/** The student's first name and school, for the notice to their parents. */
export async function studentNotice(db: Db, studentId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('student_enrolments as e', 'e.student_id', 'u.id')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .select(['u.first_name', 's.name as school_name'])
    .where('u.id', '=', studentId)
    .executeTakeFirst();
}

// Attempts (rate_limit_events: shared across server processes) -----------------------------------

export { countEventsSince as attemptsSince, recordEvent as recordAttempt } from '../../db/rate-limit-events';

// Requests ----------------------------------------------------------------------------------------

export interface RequestRow {
  id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  mobile: string;
  status: ParentLinkRequestStatus;
  requested_by: string | null;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
}

const requestColumns = sql`r.id, r.student_id, r.first_name, r.last_name, r.mobile, r.status,
  ${staffName('q')} as requested_by, r.requested_at, ${staffName('d')} as decided_by, r.decided_at`;
const requestJoins = sql`left join users q on q.id = r.requested_by left join users d on d.id = r.decided_by`;
const numbered = (r: RequestRow): RequestRow => ({ ...r, id: Number(r.id), student_id: Number(r.student_id) });

/** A student's requests: pending ones first, then decided ones, newest first; at most `limit`. */
export async function requestsOf(db: Db, studentId: number, limit: number): Promise<RequestRow[]> {
  const { rows } = await sql<RequestRow>`
    select ${requestColumns} from parent_link_requests r ${requestJoins}
    where r.student_id = ${studentId}
    order by (r.status = 'pending') desc, r.requested_at desc, r.id desc
    limit ${limit}`.execute(db);
  return rows.map(numbered);
}

export async function requestById(db: Db, studentId: number, requestId: number): Promise<RequestRow | undefined> {
  const { rows } = await sql<RequestRow>`
    select ${requestColumns} from parent_link_requests r ${requestJoins}
    where r.id = ${requestId} and r.student_id = ${studentId}`.execute(db);
  return rows.map(numbered)[0];
}

/** Locks one request of a student until the transaction ends; its status, or undefined when there is none. */
export async function lockRequest(trx: Transaction<DB>, studentId: number, requestId: number) {
  return trx
    .selectFrom('parent_link_requests')
    .select(['id', 'status', 'mobile', 'first_name', 'last_name'])
    .where('id', '=', requestId)
    .where('student_id', '=', studentId)
    .forUpdate()
    .executeTakeFirst();
}

/** A teacher's request; the pending one for the same number is kept rather than doubled. */
export async function insertRequest(
  trx: Transaction<DB>,
  r: { studentId: number; mobile: string; firstName: string; lastName: string; by: number; at: Date },
): Promise<number> {
  const pending = await trx
    .selectFrom('parent_link_requests')
    .select('id')
    .where('student_id', '=', r.studentId)
    .where('mobile', '=', r.mobile)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) return Number(pending.id);
  const row = await trx
    .insertInto('parent_link_requests')
    .values({
      student_id: r.studentId,
      mobile: r.mobile,
      first_name: r.firstName,
      last_name: r.lastName,
      requested_by: r.by,
      requested_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function decideRequest(
  trx: Transaction<DB>,
  requestId: number,
  d: { status: 'approved' | 'rejected'; by: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('parent_link_requests')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at })
    .where('id', '=', requestId)
    .execute();
}

export async function schoolOf(db: Db, schoolId: number) {
  return db.selectFrom('schools').select(['id', 'chain_id']).where('id', '=', schoolId).executeTakeFirst();
}

/** A school's pending requests, oldest first, with the student's name and grade. */
export async function schoolPendingRequests(db: Db, schoolId: number, limit: number) {
  const { rows } = await sql<
    RequestRow & { student_first_name: string; student_last_name: string; grade: number | null }
  >`
    select ${requestColumns}, s.first_name as student_first_name, s.last_name as student_last_name, e.grade
    from parent_link_requests r
    join student_enrolments e on e.student_id = r.student_id
    join users s on s.id = r.student_id
    ${requestJoins}
    where e.school_id = ${schoolId} and r.status = 'pending'
    order by r.requested_at, r.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    ...numbered(r),
    student_first_name: r.student_first_name,
    student_last_name: r.student_last_name,
    grade: r.grade,
  }));
}
