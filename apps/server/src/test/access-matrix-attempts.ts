/**
 * The authorization matrix rows of a student's attempts (issue #23), spread into MATRIX by
 * test/access-matrix.ts. Only an enrolled student plays, and only her own attempts and her class's
 * assignments: what is not hers is answered 404, as an id that does not exist; everyone else 403.
 * Rows run in this order, on Asha's open attempt of her class's test (test/access-world-attempts.ts),
 * which the last row submits.
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  expect: Cells;
}

/** The student alone gets `student`; anonymous 401; every other caller 403. */
const studentOnly = (student: Status = 200): Cells =>
  Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === 'student' ? student : 403])) as Cells;

const attempt = (w: AccessWorld) => `/api/v1/assessment/attempts/${w.attempts.attemptId}`;
const othersAttempt = (w: AccessWorld) => `/api/v1/assessment/attempts/${w.attempts.otherStudentAttemptId}`;

/** A row on Asha's attempt and one on Gopal's (another student's: 404 to her). */
function ownAndOthers(path: string, payload?: () => unknown): Call[] {
  return [
    {
      target: 'own attempt',
      url: (w) => `${attempt(w)}${path}`,
      ...(payload ? { payload } : {}),
      expect: studentOnly(),
    },
    {
      target: 'another student’s attempt',
      url: (w) => `${othersAttempt(w)}${path}`,
      ...(payload ? { payload } : {}),
      expect: studentOnly(404),
    },
  ];
}

export const ATTEMPT_ROWS: Record<string, Call[]> = {
  'GET /api/v1/assessment/home': [{ target: 'own home', url: () => '/api/v1/assessment/home', expect: studentOnly() }],
  'POST /api/v1/assessment/practice': [
    // Asha has an attempt open (her class's test): she is asked to resume or abort it first.
    {
      target: 'own subject, an attempt open',
      url: () => '/api/v1/assessment/practice',
      payload: (w) => ({ kind: 'quiz', subjectId: w.subjectA.id }),
      expect: studentOnly(409),
    },
    {
      target: 'another board’s subject',
      url: () => '/api/v1/assessment/practice',
      payload: (w) => ({ kind: 'quiz', subjectId: w.subjectB.id }),
      expect: studentOnly(404),
    },
  ],
  'GET /api/v1/assessment/join/{assessmentId}': [
    {
      target: 'own class’s test',
      url: (w) => `/api/v1/assessment/join/${w.attempts.ownAssessmentId}`,
      expect: studentOnly(),
    },
    {
      target: 'another school’s test',
      url: (w) => `/api/v1/assessment/join/${w.attempts.otherAssessmentId}`,
      expect: studentOnly(404),
    },
  ],
  'POST /api/v1/assessment/assignments/{id}/attempt': [
    // Her attempt of it is open: the answer is that attempt (resume).
    {
      target: 'own class’s assignment',
      url: (w) => `/api/v1/assessment/assignments/${w.attempts.ownAssignmentId}/attempt`,
      expect: studentOnly(),
    },
    {
      target: 'another school’s assignment',
      url: (w) => `/api/v1/assessment/assignments/${w.attempts.otherAssignmentId}/attempt`,
      expect: studentOnly(404),
    },
  ],
  'GET /api/v1/assessment/attempts/{id}': ownAndOthers(''),
  'POST /api/v1/assessment/attempts/{id}/questions/{position}/view': ownAndOthers('/questions/1/view'),
  'PUT /api/v1/assessment/attempts/{id}/questions/{position}/answer': ownAndOthers('/questions/1/answer', () => ({
    chosen: [1],
  })),
  'PATCH /api/v1/assessment/attempts/{id}/questions/{position}': ownAndOthers('/questions/2', () => ({
    review: true,
    bookmarked: true,
  })),
  'POST /api/v1/assessment/attempts/{id}/power-ups': ownAndOthers('/power-ups', () => ({
    powerUp: 'fifty_fifty',
    position: 3,
  })),
  'POST /api/v1/assessment/attempts/{id}/finish': ownAndOthers('/finish', () => ({ reason: 'submitted' })),
};
