/**
 * The authorization matrix rows of the school calendar (issue #26, policy/calendar.ts), spread into
 * MATRIX by test/access-matrix.ts. Every student, parent and member of staff reads a calendar (their
 * own audience's events); content roles have none (403). Principals and super-admins write for
 * their schools or chain; a teacher for a class an assignment covers. An event out of the caller's
 * sight is 404 to staff, as an unknown id; students and parents never write (403).
 */
import { calendarEvent } from './access-world-calendar';
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
const READERS: Actor[] = ['student', 'parent', ...STAFF];

/** `status` for each of `actors`, anonymous 401, everyone else `otherwise` (403 unless said). */
function cells(allowed: readonly Actor[], status: Status, otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? status : (otherwise[a] ?? 403)]),
  ) as Cells;
}
const each = (actors: readonly Actor[], status: Status) =>
  Object.fromEntries(actors.map((a) => [a, status])) as Partial<Record<Actor, Status>>;

/** Who may change A1's grade-7 science event: its author (the teacher), A1's principals, chain A's super-admin. */
const OVER_A7_SCIENCE: Actor[] = ['teacher', 'principal', 'multiSchoolPrincipal', 'superadmin'];
/** Staff who see it but did not write it (403), and staff to whom it does not exist (404). */
const A7_SCIENCE_OTHERS = {
  teacherTwoSubjects: 403,
  ...each(['teacherTwoSchools', 'otherChainSuperadmin'], 404),
} as Partial<Record<Actor, Status>>;
const B1_OTHERS = each(
  ['teacher', 'teacherTwoSchools', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'],
  404,
);

const a7Science = (w: AccessWorld) =>
  calendarEvent({ schoolId: w.schoolA1, boardId: w.boardA, grade: 7, subjectId: w.subjectA.id });
const WINDOW = '?from=2026-11-30T00:00:00Z&to=2026-12-07T00:00:00Z';

export const CALENDAR_ROWS: Record<string, Call[]> = {
  'GET /api/v1/calendar/events': [
    { target: 'own calendar', url: () => `/api/v1/calendar/events${WINDOW}`, expect: cells(READERS, 200) },
  ],
  'POST /api/v1/calendar/events': [
    {
      target: 'A1, whole school',
      url: () => '/api/v1/calendar/events',
      payload: (w) => calendarEvent({ schoolId: w.schoolA1 }),
      expect: cells(['principal', 'multiSchoolPrincipal', 'superadmin'], 201),
    },
    {
      target: 'A1 grade 7 science',
      url: () => '/api/v1/calendar/events',
      payload: a7Science,
      expect: cells(['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'], 201),
    },
    {
      target: 'B1, whole school',
      url: () => '/api/v1/calendar/events',
      payload: (w) => calendarEvent({ schoolId: w.schoolB1 }),
      expect: cells(['otherChainSuperadmin'], 201),
    },
  ],
  'PUT /api/v1/calendar/events/{eventId}': [
    {
      target: 'A1 grade 7 science',
      url: (w) => `/api/v1/calendar/events/${w.calendar.scienceEventId}`,
      payload: a7Science,
      expect: cells(OVER_A7_SCIENCE, 200, A7_SCIENCE_OTHERS),
    },
    {
      target: 'B1’s event',
      url: (w) => `/api/v1/calendar/events/${w.calendar.otherChainEventId}`,
      payload: (w) => calendarEvent({ schoolId: w.schoolB1 }),
      expect: cells(['otherChainSuperadmin'], 200, B1_OTHERS),
    },
  ],
  'DELETE /api/v1/calendar/events/{eventId}': [
    {
      target: 'A1 grade 7 science',
      url: (w) => `/api/v1/calendar/events/${w.calendar.spareEvent('A1')}`,
      expect: cells(OVER_A7_SCIENCE, 204, A7_SCIENCE_OTHERS),
    },
    {
      target: 'B1’s event',
      url: (w) => `/api/v1/calendar/events/${w.calendar.spareEvent('B1')}`,
      expect: cells(['otherChainSuperadmin'], 204, B1_OTHERS),
    },
  ],
  'GET /api/v1/calendar/feed': [
    { target: 'own link', url: () => '/api/v1/calendar/feed', expect: cells(READERS, 200) },
  ],
  'POST /api/v1/calendar/feed': [
    { target: 'own link', url: () => '/api/v1/calendar/feed', expect: cells(READERS, 201) },
  ],
  'DELETE /api/v1/calendar/feed': [
    { target: 'own link', url: () => '/api/v1/calendar/feed', expect: cells(READERS, 204) },
  ],
  // The secret in the path is the key: the same answer to everyone who has the link.
  'GET /api/v1/calendar/feed/{token}': [
    {
      target: 'a student’s link',
      url: (w) => w.calendar.feedPath,
      expect: Object.fromEntries(ACTORS.map((a) => [a, 200])) as Cells,
    },
  ],
};
