/**
 * The authorization matrix rows of the live challenge (issue #24), spread into MATRIX by
 * test/access-matrix.ts. A student hosts from their own board and grade's bank; a teacher hosts a
 * published quiz of a class they teach in its subject; a game's code opens it to its class's
 * students and its host only. Any other caller who may play or host learns nothing from a code: a
 * game of another class answers exactly as a wrong code (404).
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  expect: Cells;
}

/** `allowed` get their status, anonymous 401, the rest 403 unless `otherwise` says. */
function cells(allowed: Partial<Record<Actor, Status>>, otherwise: Status = 403): Cells {
  return Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : (allowed[a] ?? otherwise)])) as Cells;
}

/** A code no running game holds: never drawn, because codes are drawn from 000000-999999 at random and this test's games are few. */
const NO_SUCH_CODE = '000000';

export const CHALLENGE_ROWS: Record<string, Call[]> = {
  'POST /api/v1/challenge/games': [
    {
      target: 'a challenge from the student’s own subject',
      url: () => '/api/v1/challenge/games',
      payload: (w) => ({ source: 'bank', subjectId: w.subjectA.id, questions: 3 }),
      expect: cells({ student: 201 }),
    },
    {
      target: 'a challenge from another board’s subject',
      url: () => '/api/v1/challenge/games',
      payload: (w) => ({ source: 'bank', subjectId: w.subjectB.id, questions: 3 }),
      expect: cells({ student: 404 }),
    },
    {
      // The teacher's science quiz of A1 grade 7: its teacher and A1 grade 7's science teacher; the
      // teacher of A1 grade 8 and A2 grade 7 cannot read it (404).
      target: 'the published quiz of A1 grade 7',
      url: () => '/api/v1/challenge/games',
      payload: (w) => ({ source: 'quiz', assessmentId: w.assessment.quizId }),
      expect: cells({ teacher: 201, teacherTwoSubjects: 201, teacherTwoSchools: 404 }),
    },
    {
      target: 'another chain’s quiz',
      url: () => '/api/v1/challenge/games',
      payload: (w) => ({ source: 'quiz', assessmentId: w.assessment.otherChainQuizId }),
      expect: cells({ teacher: 404, teacherTwoSubjects: 404, teacherTwoSchools: 404 }),
    },
  ],
  'GET /api/v1/challenge/games/{code}': [
    {
      target: 'a classmate’s game for A1 grade 7',
      url: (w) => `/api/v1/challenge/games/${w.challengeCode}`,
      // Asha is of its class; teachers may host but join no other host's game (as a wrong code).
      expect: cells({ student: 200, teacher: 404, teacherTwoSubjects: 404, teacherTwoSchools: 404 }),
    },
    {
      target: 'a code no game has',
      url: () => `/api/v1/challenge/games/${NO_SUCH_CODE}`,
      expect: cells({ student: 404, teacher: 404, teacherTwoSubjects: 404, teacherTwoSchools: 404 }),
    },
  ],
};
