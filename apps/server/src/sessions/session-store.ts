import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Principal } from '../policy/principal';
import {
  findLiveSessionPrincipal,
  findUserPrincipal,
  insertSession,
  markSessionRevoked,
  sessionExpiresAt,
  type SessionPrincipalRow,
} from './sessions.repository';

export const SESSION_COOKIE = 'ki_session';
/** Remember-me expiry (access-and-app-shell.md 9: 14 days). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session: the random token goes into the cookie, only its hash into the database. */
export async function createSession(
  db: Kysely<DB>,
  userId: number,
  now: Date,
  userAgent = '',
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt,
    userAgent: userAgent.slice(0, 300),
  });
  return { token, expiresAt };
}

export async function revokeSession(db: Kysely<DB>, sessionId: string, now: Date): Promise<void> {
  await markSessionRevoked(db, sessionId, now);
}

/** The principal behind a session token, or null when the token is unknown, revoked or expired. */
export async function principalFromToken(db: Kysely<DB>, token: string, now: Date): Promise<Principal | null> {
  const sessionId = hashToken(token);
  const u = await findLiveSessionPrincipal(db, sessionId, now);
  return u ? toPrincipal(u, sessionId) : null;
}

/**
 * One user as a principal without a session (sessionId ''): what a private calendar link reads as
 * its owner. Null when there is no such user.
 */
export async function principalOfUser(db: Kysely<DB>, userId: number, now: Date): Promise<Principal | null> {
  const u = await findUserPrincipal(db, userId, now);
  return u ? toPrincipal(u, '') : null;
}

function toPrincipal(u: SessionPrincipalRow, sessionId: string): Principal {
  const isStudent = u.role === 'student';
  const assignments =
    typeof u.assignments === 'string' ? (JSON.parse(u.assignments) as Principal['teacherAssignments']) : u.assignments;
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
        ? {
            schoolId: u.e_school,
            boardId: u.e_board,
            grade: u.e_grade,
            section: u.e_section ?? 'A',
            enrolledAt: new Date(u.e_enrolled!),
          }
        : null,
    // A plan is needed only at a school that lets families pay: a student with no school yet is not asked for one.
    ...(isStudent
      ? { plan: { schoolPays: u.e_school_pays ?? true, until: u.plan_until === null ? null : new Date(u.plan_until) } }
      : {}),
  };
}

/** When a session ends by itself, for the realtime connections it opened; undefined when there is no such session. */
export function sessionExpiry(db: Kysely<DB>, sessionId: string): Promise<Date | undefined> {
  return sessionExpiresAt(db, sessionId);
}
