import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../db/prepared';
import type { DB } from '../db/schema';
import type { Principal } from '../policy/principal';

/** A session's row joined with its user, enrolment, schools and teaching assignments. */
export interface SessionPrincipalRow {
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
  /** JSON from PostgreSQL arrives parsed; PGlite may hand it over as text. */
  assignments: { schoolId: number; grade: number; subjectId: number | null }[] | string;
  /** Whether the student's school pays for its students (migration 0030); null for a user without an enrolment. */
  e_school_pays: boolean | null;
  /** The latest end of the student's plans that have started by `now`; null when none has. */
  plan_until: Date | null;
}

export async function insertSession(
  db: Kysely<DB>,
  row: { id: string; userId: number; createdAt: Date; expiresAt: Date; userAgent: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      user_agent: row.userAgent,
    })
    .execute();
}

export async function markSessionRevoked(db: Kysely<DB>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The live session `sessionId` (not revoked, not expired at `now`) with everything a principal is
 * made of, in one query: every authenticated request runs it.
 */
/** Everything a principal is made of, for the users `where` picks (a live session's, or one user's). */
const principalSelect = (now: Date) => sql`
    select u.id, u.role, u.is_qa, u.first_name, u.last_name, u.chain_id,
           e.school_id as e_school, e.board_id as e_board, e.grade as e_grade, e.section as e_section, e.enrolled_at as e_enrolled,
           coalesce((select array_agg(ss.school_id order by ss.school_id) from staff_schools ss where ss.user_id = u.id), '{}') as school_ids,
           coalesce((select json_agg(json_build_object('schoolId', ta.school_id, 'grade', ta.grade, 'subjectId', ta.subject_id) order by ta.school_id, ta.grade)
                     from teacher_assignments ta where ta.teacher_id = u.id), '[]') as assignments,
           (select sc.paid_by = 'school' from schools sc where sc.id = e.school_id) as e_school_pays,
           case when u.role = 'student' then
             (select max(sp.ends_at) from student_plans sp where sp.student_id = u.id and sp.starts_at <= ${now}) end as plan_until`;

/**
 * The live session `sessionId` (not revoked, not expired at `now`) with everything a principal is
 * made of, in one query: every authenticated request runs it.
 */
export async function findLiveSessionPrincipal(
  db: Kysely<DB>,
  sessionId: string,
  now: Date,
): Promise<SessionPrincipalRow | undefined> {
  const query = sql<SessionPrincipalRow>`
    ${principalSelect(now)}
    from sessions s
    join users u on u.id = s.user_id
    left join student_enrolments e on e.student_id = u.id
    where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > ${now}`;
  // Every request runs it: planned once per connection.
  const { rows } = await executePrepared(db, query);
  return rows[0];
}

/** One user with everything a principal is made of, without a session (a private calendar link's owner). */
export async function findUserPrincipal(
  db: Kysely<DB>,
  userId: number,
  now: Date,
): Promise<SessionPrincipalRow | undefined> {
  const { rows } = await sql<SessionPrincipalRow>`
    ${principalSelect(now)}
    from users u
    left join student_enrolments e on e.student_id = u.id
    where u.id = ${userId}`.execute(db);
  return rows[0];
}

/** When a live session ends by itself (its connections are closed then). */
export async function sessionExpiresAt(db: Kysely<DB>, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.expires_at;
}
