import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../../db/prepared';
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

/**
 * The principal behind a session token, or null when the token is unknown, revoked or expired.
 * One query on every authenticated request: session, user, enrolment, schools and assignments.
 */
export async function principalFromToken(db: Kysely<DB>, token: string, now: Date): Promise<Principal | null> {
  const sessionId = hashToken(token);
  const query = sql<{
    id: number;
    role: Principal['role'];
    is_qa: boolean;
    first_name: string;
    last_name: string;
    chain_id: number | null;
    e_school: number | null;
    e_board: number | null;
    e_grade: number | null;
    e_section: string | null;
    e_enrolled: Date | null;
    school_ids: number[];
    assignments: { schoolId: number; grade: number; subjectId: number | null }[];
  }>`
    select u.id, u.role, u.is_qa, u.first_name, u.last_name, u.chain_id,
           e.school_id as e_school, e.board_id as e_board, e.grade as e_grade, e.section as e_section, e.enrolled_at as e_enrolled,
           coalesce((select array_agg(ss.school_id order by ss.school_id) from staff_schools ss where ss.user_id = u.id), '{}') as school_ids,
           coalesce((select json_agg(json_build_object('schoolId', ta.school_id, 'grade', ta.grade, 'subjectId', ta.subject_id) order by ta.school_id, ta.grade)
                     from teacher_assignments ta where ta.teacher_id = u.id), '[]') as assignments
    from sessions s
    join users u on u.id = s.user_id
    left join student_enrolments e on e.student_id = u.id
    where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > ${now}`;
  // Every request runs it: planned once per connection.
  const { rows } = await executePrepared(db, query);
  const u = rows[0];
  if (!u) return null;
  const isStudent = u.role === 'student';
  const assignments = typeof u.assignments === 'string' ? (JSON.parse(u.assignments) as typeof u.assignments) : u.assignments;
  return {
    userId: u.id,
    role: u.role,
    isQa: u.is_qa,
    firstName: u.first_name,
    lastName: u.last_name,
    chainId: u.chain_id,
    sessionId,
    schoolIds: isStudent ? (u.e_school === null ? [] : [u.e_school]) : u.school_ids.map(Number),
    teacherAssignments: u.role === 'teacher' ? assignments : [],
    enrolment:
      isStudent && u.e_school !== null
        ? { schoolId: u.e_school, boardId: u.e_board, grade: u.e_grade, section: u.e_section ?? 'A', enrolledAt: new Date(u.e_enrolled!) }
        : null,
  };
}
