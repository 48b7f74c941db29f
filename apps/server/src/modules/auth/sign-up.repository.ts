/** SQL of families' sign-up: schools by sign-up code, pending sign-ups, and the accounts they make. */
import type { Language } from '@ki/domain';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, FamilySignUpsTable } from '../../db/schema';

export async function schoolBySignUpCode(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'name', 'city', 'paid_by', 'activated_languages'])
    .where('sign_up_code', '=', code)
    .executeTakeFirst();
}

/** Sign-ups started for a parent's number since `since` (the same send limits as sign-in codes). */
export async function signUpsSince(db: Kysely<DB>, mobile: string, since: Date) {
  const row = await db
    .selectFrom('family_sign_ups')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('latest'),
    ])
    .where('parent_mobile', '=', mobile)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    oldest: row.oldest ? new Date(row.oldest) : null,
    latest: row.latest ? new Date(row.latest) : null,
  };
}

export async function insertSignUp(db: Kysely<DB>, row: Insertable<FamilySignUpsTable>): Promise<void> {
  await db.insertInto('family_sign_ups').values(row).execute();
}

export async function deleteSignUp(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('family_sign_ups').where('id', '=', id).execute();
}

/** A sign-up waiting for its code (a used one is gone: consumed_at is always null here). */
export async function findSignUp(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('family_sign_ups').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, consumed_at: null };
}

/** Counts one try against a waiting sign-up; undefined when it is used (gone) or out of tries. */
export async function takeSignUpTry(db: Kysely<DB>, id: string, maxTries: number) {
  return db
    .updateTable('family_sign_ups')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .returning(['id', 'code_hash', 'attempts'])
    .executeTakeFirst();
}

/**
 * Uses a sign-up up: deletes it (the accounts it makes and the consent record carry what it held);
 * false when another request used it first.
 */
export async function consumeSignUp(trx: Transaction<DB>, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('family_sign_ups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function userByMobile(db: Kysely<DB> | Transaction<DB>, mobile: string) {
  return db.selectFrom('users').select(['id', 'role']).where('mobile', '=', mobile).executeTakeFirst();
}

export async function loginCodeTaken(trx: Transaction<DB>, code: string): Promise<boolean> {
  return (await trx.selectFrom('users').select('id').where('login_code', '=', code).executeTakeFirst()) !== undefined;
}

/**
 * The parent's account for a number no one held when the sign-up looked; when another sign-up with
 * the same number made it meanwhile (two children signed up at once), that account: the unique index
 * makes this one wait and then do nothing. Undefined only when the number is now someone else's.
 */
export async function insertParent(
  trx: Transaction<DB>,
  p: { firstName: string; mobile: string; language: Language; at: Date },
): Promise<{ id: number; role: string } | undefined> {
  const row = await trx
    .insertInto('users')
    .values({ role: 'parent', first_name: p.firstName, mobile: p.mobile, language: p.language, created_at: p.at })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning(['id', 'role'])
    .executeTakeFirst();
  return row ?? (await userByMobile(trx, p.mobile));
}

/** The child's account, placed at the school, and linked to the parent who consented. */
export async function insertFamilyStudent(
  trx: Transaction<DB>,
  s: {
    firstName: string;
    lastName: string;
    loginCode: string;
    passwordHash: string;
    language: Language;
    schoolId: number;
    boardId: number;
    grade: number;
    parentId: number;
    parentFirstName: string;
    parentMobile: string;
    textVersion: string;
    at: Date;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      role: 'student',
      first_name: s.firstName,
      last_name: s.lastName,
      login_code: s.loginCode,
      password_hash: s.passwordHash,
      language: s.language,
      created_at: s.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('student_enrolments')
    .values({
      student_id: id,
      school_id: s.schoolId,
      board_id: s.boardId,
      grade: s.grade,
      section: 'A',
      enrolled_at: s.at,
    })
    .execute();
  await trx
    .insertInto('parent_links')
    .values({
      parent_id: s.parentId,
      student_id: id,
      created_at: s.at,
      linked_by: s.parentId,
      first_name: s.parentFirstName,
      last_name: '',
    })
    .execute();
  await trx
    .insertInto('parent_link_events')
    .values({ student_id: id, parent_id: s.parentId, action: 'linked', actor_id: s.parentId, at: s.at })
    .execute();
  await trx
    .insertInto('parental_consents')
    .values({
      student_id: id,
      parent_id: s.parentId,
      mobile: s.parentMobile,
      text_version: s.textVersion,
      method: 'otp',
      given_at: s.at,
    })
    .execute();
  return id;
}
