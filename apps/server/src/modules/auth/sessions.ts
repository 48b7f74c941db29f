import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Principal } from '../../policy/principal';

export const SESSION_COOKIE = 'ki_session';
/** Remember-me expiry (access-and-app-shell.md 9: 14 days). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session: the random token goes into the cookie, only its hash into the database. */
export async function createSession(db: Kysely<DB>, userId: number, now: Date, userAgent = ''): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({ id: hashToken(token), user_id: userId, created_at: now, expires_at: expiresAt, user_agent: userAgent.slice(0, 300) })
    .execute();
  return { token, expiresAt };
}

export async function revokeSession(db: Kysely<DB>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** The principal behind a session token, or null when the token is unknown, revoked or expired. */
export async function principalFromToken(db: Kysely<DB>, token: string, now: Date): Promise<Principal | null> {
  const sessionId = hashToken(token);
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.role', 'users.is_qa', 'users.first_name', 'users.last_name', 'users.chain_id'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!user) return null;

  const base = {
    userId: user.id,
    role: user.role,
    isQa: user.is_qa,
    firstName: user.first_name,
    lastName: user.last_name,
    chainId: user.chain_id,
    sessionId,
  };
  if (user.role === 'student') {
    const e = await db.selectFrom('student_enrolments').selectAll().where('student_id', '=', user.id).executeTakeFirst();
    return {
      ...base,
      schoolIds: e ? [e.school_id] : [],
      teacherAssignments: [],
      enrolment: e ? { schoolId: e.school_id, boardId: e.board_id, grade: e.grade, section: e.section, enrolledAt: e.enrolled_at } : null,
    };
  }
  const [schools, assignments] = await Promise.all([
    db.selectFrom('staff_schools').select('school_id').where('user_id', '=', user.id).orderBy('school_id').execute(),
    user.role === 'teacher'
      ? db.selectFrom('teacher_assignments').select(['school_id', 'grade', 'subject_id']).where('teacher_id', '=', user.id).execute()
      : Promise.resolve([]),
  ]);
  return {
    ...base,
    schoolIds: schools.map((s) => s.school_id),
    teacherAssignments: assignments.map((a) => ({ schoolId: a.school_id, grade: a.grade, subjectId: a.subject_id })),
    enrolment: null,
  };
}
