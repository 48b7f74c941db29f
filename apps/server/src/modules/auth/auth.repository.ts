/** SQL of sign-in: users by credential, OTP challenges, rate-limit events, backoff counts. */
import type { Language } from '@ki/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, UserRole } from '../../db/schema';
export { countEventsSince, recordEvent } from '../../db/rate-limit-events';

export async function findUserByMobile(db: Kysely<DB>, mobile: string, roles: readonly UserRole[]) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'first_name', 'password_hash'])
    .where('mobile', '=', mobile)
    .where('role', 'in', roles)
    .executeTakeFirst();
}

export async function findUserByLoginCode(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'first_name', 'password_hash'])
    .where('login_code', '=', code)
    .executeTakeFirst();
}

/** When the oldest event counted since `since` was recorded (for "try again in ..."). */
export async function oldestEventSince(db: Kysely<DB>, bucket: string, key: string, since: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.min('at').as('oldest'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return row.oldest ? new Date(row.oldest) : null;
}

export interface BackoffKey {
  kind: 'otp' | 'password';
  account: string;
  clientIp: string;
}
const backoffRow = (key: BackoffKey) => ({ kind: key.kind, account: key.account, client_ip: key.clientIp });

/**
 * The backoff row of a key, created empty when missing and locked until the transaction ends, so
 * concurrent tries of one key are counted one after another.
 */
export async function lockBackoff(trx: Transaction<DB>, key: BackoffKey, now: Date) {
  await trx
    .insertInto('sign_in_backoffs')
    .values({ ...backoffRow(key), failures: 0, blocked_until: null, last_failure_at: now })
    .onConflict((oc) => oc.columns(['kind', 'account', 'client_ip']).doNothing())
    .execute();
  return trx
    .selectFrom('sign_in_backoffs')
    .select(['failures', 'blocked_until', 'last_failure_at'])
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('client_ip', '=', key.clientIp)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveBackoff(
  trx: Transaction<DB>,
  key: BackoffKey,
  state: { failures: number; blockedUntil: Date | null; lastFailureAt: Date },
) {
  await trx
    .updateTable('sign_in_backoffs')
    .set({ failures: state.failures, blocked_until: state.blockedUntil, last_failure_at: state.lastFailureAt })
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('client_ip', '=', key.clientIp)
    .execute();
}

export async function findBackoff(db: Kysely<DB>, key: BackoffKey) {
  return db
    .selectFrom('sign_in_backoffs')
    .select(['failures', 'blocked_until', 'last_failure_at'])
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('client_ip', '=', key.clientIp)
    .executeTakeFirst();
}

export async function deleteBackoff(db: Kysely<DB>, key: BackoffKey): Promise<void> {
  await db
    .deleteFrom('sign_in_backoffs')
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('client_ip', '=', key.clientIp)
    .execute();
}

/**
 * Takes `tries` back off a count, and lifts the block `ownBlock` if it is still the one in place
 * (a block another request set since stays).
 */
export async function forgiveBackoff(
  db: Kysely<DB>,
  key: BackoffKey,
  tries: number,
  ownBlock: Date | null,
): Promise<void> {
  await db
    .updateTable('sign_in_backoffs')
    .set((eb) => ({
      failures: sql<number>`greatest(${eb.ref('failures')} - ${tries}, 0)`,
      blocked_until: ownBlock
        ? sql<Date | null>`case when ${eb.ref('blocked_until')} = ${ownBlock} then null else ${eb.ref('blocked_until')} end`
        : eb.ref('blocked_until'),
    }))
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .where('client_ip', '=', key.clientIp)
    .execute();
}

/** Number of codes sent to a number since a time, and when the oldest and the newest were sent. */
export async function otpSendsSince(db: Kysely<DB>, mobile: string, since: Date) {
  const row = await db
    .selectFrom('otp_challenges')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('latest'),
    ])
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    oldest: row.oldest ? new Date(row.oldest) : null,
    latest: row.latest ? new Date(row.latest) : null,
  };
}

export async function insertChallenge(
  db: Kysely<DB>,
  c: {
    id: string;
    mobile: string;
    userId: number;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
    clientIp: string;
  },
): Promise<void> {
  await db
    .insertInto('otp_challenges')
    .values({
      id: c.id,
      mobile: c.mobile,
      user_id: c.userId,
      code_hash: c.codeHash,
      created_at: c.createdAt,
      expires_at: c.expiresAt,
      client_ip: c.clientIp,
    })
    .execute();
}

export async function deleteChallenge(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('otp_challenges').where('id', '=', id).execute();
}

/** Counts one try against a live challenge; undefined when it is consumed or out of tries. */
export async function takeChallengeTry(db: Kysely<DB>, id: string, maxTries: number) {
  return db
    .updateTable('otp_challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxTries)
    .returning(['id', 'user_id', 'code_hash', 'expires_at', 'attempts'])
    .executeTakeFirst();
}

export async function findChallenge(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('otp_challenges')
    .select(['id', 'mobile', 'attempts', 'consumed_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a challenge used; false when another request used it first. */
export async function consumeChallenge(db: Kysely<DB>, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('otp_challenges')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function loadMe(db: Kysely<DB>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'is_qa', 'first_name', 'last_name', 'mobile', 'email', 'language', 'avatar', 'chain_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const enrolment = await db
    .selectFrom('student_enrolments')
    .leftJoin('boards', 'boards.id', 'student_enrolments.board_id')
    .select([
      'student_enrolments.school_id',
      'student_enrolments.board_id',
      'boards.name as board_name',
      'student_enrolments.grade',
      'student_enrolments.section',
    ])
    .where('student_id', '=', userId)
    .executeTakeFirst();
  const staffSchools = await db
    .selectFrom('staff_schools')
    .select('school_id')
    .where('user_id', '=', userId)
    .orderBy('school_id')
    .execute();
  const assignments = await db
    .selectFrom('teacher_assignments')
    .select(['grade', 'subject_id'])
    .where('teacher_id', '=', userId)
    .orderBy('grade')
    .execute();
  // The subjects named in those assignments, for the subject summary's switch.
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'slug', 'names'])
    .where(
      'id',
      'in',
      db
        .selectFrom('teacher_assignments')
        .select('subject_id')
        .where('teacher_id', '=', userId)
        .where('subject_id', 'is not', null)
        .$narrowType<{ subject_id: number }>(),
    )
    .orderBy('id')
    .execute();
  const schoolId = enrolment?.school_id ?? staffSchools[0]?.school_id;
  const school = schoolId
    ? await db
        .selectFrom('schools')
        .select(['id', 'name', 'chain_id', 'is_pace', 'activated_languages', 'activated_products'])
        .where('id', '=', schoolId)
        .executeTakeFirst()
    : undefined;
  return { user, enrolment, staffSchools: staffSchools.map((s) => s.school_id), assignments, subjects, school };
}

/** The boards (and their activated grades) a school teaches. */
export async function schoolBoards(db: Kysely<DB>, schoolId: number) {
  return db
    .selectFrom('school_boards')
    .innerJoin('boards', 'boards.id', 'school_boards.board_id')
    .select(['boards.id', 'boards.code', 'boards.name', 'school_boards.grades'])
    .where('school_id', '=', schoolId)
    .orderBy('boards.id')
    .execute();
}

/**
 * The languages activated by the user's school: a student's school, or the first school (by id) a
 * staff member works at, as loadMe picks it. Undefined for a user without a school (a parent, a
 * super-admin).
 */
export async function schoolLanguagesOf(db: Kysely<DB>, userId: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('schools')
    .select('activated_languages')
    .where((eb) =>
      eb(
        'id',
        '=',
        eb.fn.coalesce(
          eb.selectFrom('student_enrolments').select('school_id').where('student_id', '=', userId),
          eb
            .selectFrom('staff_schools')
            .select('school_id')
            .where('user_id', '=', userId)
            .orderBy('school_id')
            .limit(1),
        ),
      ),
    )
    .executeTakeFirst();
  return row?.activated_languages;
}

export async function updateLanguage(db: Kysely<DB>, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

export async function updatePlacement(
  db: Kysely<DB>,
  studentId: number,
  set: { board_id?: number; grade?: number | null },
): Promise<void> {
  await db.updateTable('student_enrolments').set(set).where('student_id', '=', studentId).execute();
}

/**
 * Whether the user is a child whose account a family made and whose parent's consent is not in
 * force (withdrawn). A school's accounts have no consent rows and are never refused here.
 */
export async function consentWithdrawn(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('parental_consents')
    .select((eb) => [
      eb.fn.countAll<number>().as('given'),
      eb.fn.count<number>(eb.case().when('withdrawn_at', 'is', null).then(1).end()).as('in_force'),
    ])
    .where('student_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.given) > 0 && Number(row.in_force) === 0;
}

/** The end of a student's last plan, bought ahead or running (plans follow on, nextPlanWindow). */
export async function lastPlanEnd(db: Kysely<DB>, studentId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('student_plans')
    .select((eb) => eb.fn.max('ends_at').as('last'))
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}
