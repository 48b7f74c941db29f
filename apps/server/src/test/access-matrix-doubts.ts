/**
 * The authorization matrix rows of doubts (issue #26, policy/doubts.ts), spread into MATRIX by
 * test/access-matrix.ts. Asha asks and reads her own; A1's grade-7 teachers (every subject, or
 * science) and A1's principals read and answer her science doubt; the chain's super-admin reads
 * it; staff of other classes and chains find no such doubt (404).
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';
import { multipart, PNG_1X1 } from './assessment-authoring-fixtures';

type Status = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld, actor: Actor) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  headers?: () => Record<string, string>;
  expect: Cells;
}

/** `status` for each of `actors`, anonymous 401, everyone else `otherwise` (403 unless said). */
function cells(allowed: readonly Actor[], status: Status, otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? status : (otherwise[a] ?? 403)]),
  ) as Cells;
}
const each = (actors: readonly Actor[], status: Status) =>
  Object.fromEntries(actors.map((a) => [a, status])) as Partial<Record<Actor, Status>>;

const STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
];
/** Who answers Asha's grade-7 science doubt: A1's grade-7 teachers of every subject or science, and A1's principals. */
const ANSWER_A7_SCIENCE: Actor[] = ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal'];
/** Staff to whom it does not exist: another class's teacher, another chain's super-admin. */
const NOT_THEIRS = each(['teacherTwoSchools', 'otherChainSuperadmin'], 404);
const UPLOAD = multipart([{ name: 'file', filename: 'doubt.png', contentType: 'image/png', data: PNG_1X1 }]);

export const DOUBTS_ROWS: Record<string, Call[]> = {
  'POST /api/v1/doubts': [
    {
      target: 'a topic of own grade',
      url: () => '/api/v1/doubts',
      payload: (w) => ({ topicId: w.subjectA.chapter.topics[0]!.id, text: 'Matrix doubt about acids' }),
      expect: cells(['student'], 201),
    },
    {
      target: 'another board’s topic',
      url: () => '/api/v1/doubts',
      payload: (w) => ({ topicId: w.subjectB.chapter.topics[0]!.id, text: 'Matrix doubt, another board' }),
      expect: cells([], 403, each(['student'], 404)),
    },
  ],
  'PUT /api/v1/doubts/{id}/picture': [
    {
      target: 'own open doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.pictured}/picture`,
      payload: () => UPLOAD.payload,
      headers: () => ({ 'content-type': UPLOAD.contentType }),
      expect: cells(['student'], 200),
    },
    {
      target: 'another chain’s doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.otherChain}/picture`,
      payload: () => UPLOAD.payload,
      headers: () => ({ 'content-type': UPLOAD.contentType }),
      expect: cells([], 403, each(['student'], 404)),
    },
  ],
  'GET /api/v1/doubts/{id}/picture': [
    {
      target: 'Asha’s grade-7 science doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.pictured}/picture`,
      expect: cells(['student', ...ANSWER_A7_SCIENCE, 'superadmin'], 200, NOT_THEIRS),
    },
    {
      target: 'another chain’s doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.otherChain}/picture`,
      expect: cells(
        ['otherChainSuperadmin'],
        200,
        each(['student', ...STAFF.filter((a) => a !== 'otherChainSuperadmin')], 404),
      ),
    },
  ],
  'GET /api/v1/me/doubts': [{ target: 'own doubts', url: () => '/api/v1/me/doubts', expect: cells(['student'], 200) }],
  'POST /api/v1/me/doubts/seen': [
    { target: 'own answers', url: () => '/api/v1/me/doubts/seen', expect: cells(['student'], 204) },
  ],
  'GET /api/v1/doubts': [{ target: 'own classes’ doubts', url: () => '/api/v1/doubts', expect: cells(STAFF, 200) }],
  'POST /api/v1/doubts/{id}/answers': [
    {
      target: 'Asha’s grade-7 science doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.answerable}/answers`,
      payload: () => ({ text: 'Matrix answer' }),
      expect: cells(ANSWER_A7_SCIENCE, 201, NOT_THEIRS),
    },
    // Chain B's super-admin reads Bharat's doubt but does not answer it (403); to other staff it does not exist.
    {
      target: 'another chain’s doubt',
      url: (w) => `/api/v1/doubts/${w.doubts.otherChain}/answers`,
      payload: () => ({ text: 'Matrix answer' }),
      expect: cells(
        [],
        403,
        each(
          STAFF.filter((a) => a !== 'otherChainSuperadmin'),
          404,
        ),
      ),
    },
  ],
};
