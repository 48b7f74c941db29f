/**
 * The authorization matrix rows of live classes (issue #26, policy/live-classes.ts), spread into
 * MATRIX by test/access-matrix.ts. Students (A1 has the product) and staff have the lists; parents
 * and content roles do not. Whoever writes A1 grade 7 science's calendar schedules there. A1's
 * grade-7 class, its teachers (every subject, or science), A1's principals and the chain's
 * super-admin open and join its class; staff read its register; to anyone else it does not exist.
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';

type Status = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  expect: Cells;
}

const STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
];
/** Who sees A1 grade 7 science's class besides its students. */
const A7_STAFF: Actor[] = ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'];
const NOT_THEIRS = { teacherTwoSchools: 404, otherChainSuperadmin: 404 } as Partial<Record<Actor, Status>>;

function cells(allowed: readonly Actor[], status: Status, otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? status : (otherwise[a] ?? 403)]),
  ) as Cells;
}
const everyone = (status: Status): Cells => Object.fromEntries(ACTORS.map((a) => [a, status])) as Cells;

export const LIVE_CLASSES_ROWS: Record<string, Call[]> = {
  'GET /api/v1/live-classes': [
    { target: 'own live classes', url: () => '/api/v1/live-classes', expect: cells(['student', ...STAFF], 200) },
  ],
  'POST /api/v1/live-classes': [
    {
      target: 'A1 grade 7 science',
      url: () => '/api/v1/live-classes',
      payload: (w) => ({
        name: 'Matrix scheduled class',
        start: new Date(w.t.now().getTime() + 86_400_000).toISOString(),
        end: new Date(w.t.now().getTime() + 86_400_000 + 3_600_000).toISOString(),
        schoolId: w.schoolA1,
        boardId: w.boardA,
        grade: 7,
        subjectId: w.subjectA.id,
        provider: 'jitsi',
      }),
      expect: cells(A7_STAFF, 201),
    },
  ],
  'GET /api/v1/live-classes/rooms/{schoolId}/{room}': [
    {
      target: 'A1 grade 7’s class',
      url: (w) => `/api/v1/live-classes/rooms/${w.schoolA1}/${w.live.a7.room}`,
      expect: cells(['student', ...A7_STAFF], 200, NOT_THEIRS),
    },
    {
      target: 'chain B’s class',
      url: (w) => `/api/v1/live-classes/rooms/${w.schoolB1}/${w.live.b1.room}`,
      expect: cells(['otherChainSuperadmin'], 200, {
        student: 404,
        ...Object.fromEntries(A7_STAFF.map((a) => [a, 404])),
        teacherTwoSchools: 404,
      }),
    },
  ],
  'POST /api/v1/live-classes/{id}/join': [
    {
      target: 'A1 grade 7’s class',
      url: (w) => `/api/v1/live-classes/${w.live.a7.id}/join`,
      payload: () => ({ name: 'Matrix joiner' }),
      expect: cells(['student', ...A7_STAFF], 200, NOT_THEIRS),
    },
  ],
  'GET /api/v1/live-classes/{id}/attendance': [
    {
      target: 'A1 grade 7’s class',
      url: (w) => `/api/v1/live-classes/${w.live.a7.id}/attendance`,
      expect: cells(A7_STAFF, 200, NOT_THEIRS),
    },
    {
      target: 'chain B’s class',
      url: (w) => `/api/v1/live-classes/${w.live.b1.id}/attendance`,
      expect: cells(['otherChainSuperadmin'], 200, {
        ...Object.fromEntries(A7_STAFF.map((a) => [a, 404])),
        teacherTwoSchools: 404,
      }),
    },
  ],
  // The providers' stand-ins (development and tests) know no session: the same answer for everyone.
  'GET /api/v1/dev/live/jitsi/external_api.js': [
    { target: 'the stand-in script', url: () => '/api/v1/dev/live/jitsi/external_api.js', expect: everyone(200) },
  ],
  'GET /api/v1/dev/live/jitsi/room': [
    { target: 'a room', url: () => '/api/v1/dev/live/jitsi/room?room=r&name=n', expect: everyone(200) },
  ],
  'GET /api/v1/dev/live/bbb/api/join': [
    {
      target: 'a link that does not verify',
      url: () => '/api/v1/dev/live/bbb/api/join?meetingID=x&checksum=0',
      expect: everyone(401),
    },
  ],
};
