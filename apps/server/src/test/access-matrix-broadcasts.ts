/**
 * The authorization matrix rows of school notices (issue #26, policy/broadcasts.ts), spread into
 * MATRIX by test/access-matrix.ts. A1's staff list and post (a teacher only to a grade they teach);
 * chain B's super-admin B1's. Students and parents read the notices for them; a notice the caller may
 * not see does not exist (404).
 */
import { multipart, PNG_1X1 } from './assessment-authoring-fixtures';
import { ACTORS, type AccessWorld, type Actor } from './access-world';

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

const A1_STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
];
/** Who may post to A1's grade 7: its authority and the two teachers of grade 7 there. */
const A7_POSTERS: Actor[] = ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'];
const A1_AUTHORITY: Actor[] = ['principal', 'multiSchoolPrincipal', 'superadmin'];
const PICTURE = multipart([{ name: 'file', filename: 'notice.png', contentType: 'image/png', data: PNG_1X1 }]);
const notice = () => ({ title: 'Matrix notice', body: 'Bring a notebook', grades: [7] });

export const BROADCASTS_ROWS: Record<string, Call[]> = {
  'GET /api/v1/schools/{id}/broadcasts': [
    { target: 'own school', url: (w) => `/api/v1/schools/${w.schoolA1}/broadcasts`, expect: cells(A1_STAFF, 200) },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/broadcasts`,
      expect: cells(['otherChainSuperadmin'], 200),
    },
  ],
  'POST /api/v1/schools/{id}/broadcasts': [
    {
      target: 'own school, grade 7',
      url: (w) => `/api/v1/schools/${w.schoolA1}/broadcasts`,
      payload: notice,
      expect: cells(A7_POSTERS, 201),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/broadcasts`,
      payload: notice,
      expect: cells(['otherChainSuperadmin'], 201),
    },
  ],
  'DELETE /api/v1/broadcasts/{id}': [
    {
      target: 'own school’s notice to grade 7',
      url: (w, actor) =>
        `/api/v1/broadcasts/${A1_AUTHORITY.includes(actor) ? w.broadcasts.freshA7() : w.broadcasts.standingA7}`,
      // Its grade 7 teachers see it but may not delete what they did not write; to everyone else it does not exist.
      expect: cells(A1_AUTHORITY, 204, {
        ...each(
          ['student', 'parent', 'teacherTwoSchools', 'otherChainSuperadmin', 'contentEditor', 'contentApprover'],
          404,
        ),
      }),
    },
  ],
  'GET /api/v1/me/broadcasts': [
    { target: 'own notices', url: () => '/api/v1/me/broadcasts', expect: cells(['student', 'parent'], 200) },
  ],
  'PUT /api/v1/broadcasts/{id}/picture': [
    {
      target: 'A1 grade 7’s standing notice',
      url: (w) => `/api/v1/broadcasts/${w.broadcasts.standingA7}/picture`,
      payload: () => PICTURE.payload,
      headers: () => ({ 'content-type': PICTURE.contentType }),
      // Its grade 7 teachers see it but did not write it; to everyone else it does not exist.
      expect: cells(A1_AUTHORITY, 200, {
        ...each(['teacher', 'teacherTwoSubjects'], 403),
        ...each(
          ['student', 'parent', 'teacherTwoSchools', 'otherChainSuperadmin', 'contentEditor', 'contentApprover'],
          404,
        ),
      }),
    },
  ],
  'GET /api/v1/broadcasts/{id}/picture': [
    {
      target: 'A1 grade 7’s standing notice',
      url: (w) => `/api/v1/broadcasts/${w.broadcasts.standingA7}/picture`,
      expect: cells(
        ['student', 'parent', ...A7_POSTERS],
        200,
        each(['teacherTwoSchools', 'otherChainSuperadmin', 'contentEditor', 'contentApprover'], 404),
      ),
    },
  ],
  'POST /api/v1/broadcasts/{id}/read': [
    {
      target: 'a notice to Asha’s grade',
      url: (w) => `/api/v1/broadcasts/${w.broadcasts.standingA7}/read`,
      expect: cells(['student', 'parent'], 204),
    },
    {
      target: 'another chain’s notice',
      url: (w) => `/api/v1/broadcasts/${w.broadcasts.b7}/read`,
      expect: cells([], 403, each(['student', 'parent'], 404)),
    },
  ],
};
