/**
 * Who may host and who may join a live challenge (issue #24; access-and-app-shell.md 2.8, 4.9, 6).
 * The challenge service calls these first, over HTTP and on the socket alike: joining a game's room
 * is a policy decision like any read.
 *
 * - A student hosts a challenge for friends from the question bank of a subject of their own board
 *   and grade; they play in it too.
 * - A teacher hosts a game of a published quiz (not a test) they may read, when their assignments
 *   cover the quiz's school, grade and subject; they run it and do not play.
 * - A game is played by students of its class: the host's (or the quiz's) school, board and grade.
 *   A game of another class answers exactly as a wrong code (404), so codes tell nothing about other
 *   schools. The host may always return to their own game.
 * - Parents, principals, super-admins and content roles neither host nor play (403).
 */
import { AppError, forbidden, notFound } from '../errors';
import { requireEnrolledStudent, requireRole, teacherCovers, type Placement, type Principal } from './policy';
import { canReadAssessment, type AssessmentFacts } from './assessment-authoring';

/** A student who may host or play: enrolled, with a board and grade. */
export type ChallengeStudent = Principal & { enrolment: Placement };

/** The class a game is for. */
export interface GameClass {
  schoolId: number;
  boardId: number;
  grade: number;
}

/** Hosting a challenge from the question bank: an enrolled student (the subject is checked against their board and grade). */
export function authorizeHostBankGame(principal: Principal | null): ChallengeStudent {
  return requireEnrolledStudent(principal);
}

/** What hosting a quiz depends on. */
export interface HostQuizFacts extends AssessmentFacts {
  boardId: number;
  kind: 'quiz' | 'test';
  published: boolean;
  deleted: boolean;
}

/**
 * Hosting a teacher's quiz for its class: a teacher who may read the quiz and covers its grade and
 * subject at its school. A quiz they may not read is not found; a test, or a quiz not published, is
 * refused with a reason by the service.
 */
export function authorizeHostQuizGame(principal: Principal | null, f: HostQuizFacts | undefined): Principal {
  const p = requireRole(principal, 'teacher');
  if (!f || f.deleted || !canReadAssessment(p, f)) throw notFound('Quiz');
  if (!p.schoolIds.includes(f.schoolId) || !teacherCovers(p, f.schoolId, f.grade, f.subjectId))
    throw forbidden('You can host a game only for a class you teach in this subject');
  return p;
}

/** Who is joining: a student of the game's class, or its host. */
export type Joiner = { kind: 'host'; principal: Principal } | { kind: 'player'; principal: ChallengeStudent };

/**
 * Joining (or returning to) a game: its host, or an enrolled student of its class. Anyone else is
 * answered as if the code were wrong (404), except roles that never play (403).
 */
export function authorizeJoinGame(principal: Principal | null, game: GameClass & { hostUserId: number }): Joiner {
  if (principal && principal.userId === game.hostUserId) {
    if (principal.role === 'student') return { kind: 'host', principal: requireEnrolledStudent(principal) };
    return { kind: 'host', principal: requireRole(principal, 'teacher') };
  }
  // A teacher may host, but joins no other host's game: as a wrong code.
  if (principal?.role === 'teacher') throw noGame();
  const student = requireEnrolledStudent(principal);
  const e = student.enrolment;
  if (e.schoolId !== game.schoolId || e.boardId !== game.boardId || e.grade !== game.grade) throw noGame();
  return { kind: 'player', principal: student };
}

/** The answer to a code no game of the caller's class has (the same whether the game exists elsewhere or not). */
export function noGame(): AppError {
  return new AppError('CHALLENGE_NOT_FOUND', 'No game has this code. Check the code and try again.');
}

/** Looking a code up on the join page: a student, or a teacher (who may host). */
export function authorizeLookUpGame(principal: Principal | null): Principal {
  return requireRole(principal, 'student', 'teacher');
}
