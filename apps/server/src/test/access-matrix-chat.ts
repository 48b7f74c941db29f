/**
 * The authorization matrix rows of staff chat (issue #25), spread into MATRIX by
 * test/access-matrix.ts. Teachers, principals and super-admins chat with colleagues of their own
 * chain; students, parents and content roles are refused (403). A room is its current members':
 * to every other member of staff it does not exist (404), in their chain or another. Only a
 * group's creator changes it.
 */
import { ACTORS, type AccessWorld, type Actor } from './access-world';
import { multipart, PNG_1X1 } from './assessment-authoring-fixtures';

type Status = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409;
type Cells = Record<Actor, Status>;
interface Call {
  target: string;
  url: (w: AccessWorld) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  headers?: () => Record<string, string>;
  expect: Cells;
}

/**
 * A picture as a multipart body. Each member sends it once; its client id makes any repeat by the
 * same person answer the message stored the first time (201 again), so one body serves every call.
 */
const ATTACHMENT = multipart([
  { name: 'clientId', data: crypto.randomUUID() },
  { name: 'file', filename: 'matrix.png', contentType: 'image/png', data: PNG_1X1 },
]);

/** A group picture as a multipart body (the same bytes each time: setting it again is harmless). */
const PICTURE = multipart([{ name: 'file', filename: 'staffroom.png', contentType: 'image/png', data: PNG_1X1 }]);

const STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
];
/** The Staffroom's members: its creator (the teacher), the principal and the chain's super-admin. */
const MEMBERS: Actor[] = ['teacher', 'principal', 'superadmin'];

/** Staff get `staff[actor]` (else `staffOtherwise`), anonymous 401, everyone else 403. */
function cells(staff: Partial<Record<Actor, Status>>, staffOtherwise: Status = 404): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : STAFF.includes(a) ? (staff[a] ?? staffOtherwise) : 403]),
  ) as Cells;
}
const each = (actors: readonly Actor[], status: Status) =>
  Object.fromEntries(actors.map((a) => [a, status])) as Partial<Record<Actor, Status>>;

const group = (w: AccessWorld) => `/api/v1/chat/groups/${w.chat.groupId}`;
const room = (w: AccessWorld) => `/api/v1/chat/rooms/${w.chat.groupId}`;
const otherRoom = (w: AccessWorld) => `/api/v1/chat/rooms/${w.chat.otherChainRoomId}`;

export const CHAT_ROWS: Record<string, Call[]> = {
  'GET /api/v1/chat/rooms': [{ target: 'own rooms', url: () => '/api/v1/chat/rooms', expect: cells(each(STAFF, 200)) }],
  'GET /api/v1/chat/unread': [
    { target: 'own count', url: () => '/api/v1/chat/unread', expect: cells(each(STAFF, 200)) },
  ],
  'GET /api/v1/chat/colleagues': [
    { target: 'own chain’s staff', url: () => '/api/v1/chat/colleagues', expect: cells(each(STAFF, 200)) },
  ],
  'GET /api/v1/chat/rooms/{roomId}': [
    { target: 'chain A’s staffroom', url: room, expect: cells(each(MEMBERS, 200)) },
    { target: 'chain B’s room', url: otherRoom, expect: cells({ otherChainSuperadmin: 200 }) },
  ],
  'GET /api/v1/chat/rooms/{roomId}/messages': [
    { target: 'chain A’s staffroom', url: (w) => `${room(w)}/messages`, expect: cells(each(MEMBERS, 200)) },
    { target: 'chain B’s room', url: (w) => `${otherRoom(w)}/messages`, expect: cells({ otherChainSuperadmin: 200 }) },
  ],
  'POST /api/v1/chat/rooms/{roomId}/messages': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${room(w)}/messages`,
      payload: () => ({ text: 'Matrix message', clientId: crypto.randomUUID() }),
      expect: cells(each(MEMBERS, 201)),
    },
    {
      target: 'chain B’s room',
      url: (w) => `${otherRoom(w)}/messages`,
      payload: () => ({ text: 'Matrix message', clientId: crypto.randomUUID() }),
      expect: cells({ otherChainSuperadmin: 201 }),
    },
  ],
  'POST /api/v1/chat/rooms/{roomId}/files': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${room(w)}/files`,
      payload: () => ATTACHMENT.payload,
      headers: () => ({ 'content-type': ATTACHMENT.contentType }),
      expect: cells(each(MEMBERS, 201)),
    },
  ],
  'GET /api/v1/chat/files/{fileId}': [
    {
      target: 'a picture in chain A’s staffroom',
      url: (w) => `/api/v1/chat/files/${w.chat.fileId}`,
      expect: cells(each(MEMBERS, 200)),
    },
  ],
  'POST /api/v1/chat/rooms/{roomId}/read': [
    { target: 'chain A’s staffroom', url: (w) => `${room(w)}/read`, expect: cells(each(MEMBERS, 204)) },
    { target: 'chain B’s room', url: (w) => `${otherRoom(w)}/read`, expect: cells({ otherChainSuperadmin: 204 }) },
  ],
  'PUT /api/v1/chat/rooms/{roomId}/favorite': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${room(w)}/favorite`,
      payload: () => ({ favorite: true }),
      expect: cells(each(MEMBERS, 200)),
    },
  ],
  'POST /api/v1/chat/rooms/direct': [
    // The principal is a colleague of chain A's staff (himself excepted); to chain B he is nobody.
    {
      target: 'chain A’s principal',
      url: () => '/api/v1/chat/rooms/direct',
      payload: (w) => ({ userId: w.chat.principalId }),
      expect: cells({ ...each(STAFF, 201), principal: 404, otherChainSuperadmin: 404 }),
    },
  ],
  'POST /api/v1/chat/groups': [
    {
      target: 'with chain A’s principal',
      url: () => '/api/v1/chat/groups',
      payload: (w) => ({ name: 'Matrix group', memberIds: [w.chat.principalId] }),
      expect: cells({ ...each(STAFF, 201), principal: 404, otherChainSuperadmin: 404 }),
    },
  ],
  'PUT /api/v1/chat/groups/{roomId}/name': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${group(w)}/name`,
      payload: () => ({ name: 'Staffroom' }),
      expect: cells({ teacher: 200, principal: 403, superadmin: 403 }),
    },
  ],
  'PUT /api/v1/chat/groups/{roomId}/picture': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${group(w)}/picture`,
      payload: () => PICTURE.payload,
      headers: () => ({ 'content-type': PICTURE.contentType }),
      expect: cells({ teacher: 200, principal: 403, superadmin: 403 }),
    },
  ],
  'DELETE /api/v1/chat/groups/{roomId}/picture': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${group(w)}/picture`,
      expect: cells({ teacher: 200, principal: 403, superadmin: 403 }),
    },
  ],
  // The teacher's call (the first of the row) adds the multi-school principal: a member from then
  // on, refused as one who is not the creator, here and in the next row.
  'POST /api/v1/chat/groups/{roomId}/members': [
    {
      target: 'chain A’s staffroom',
      url: (w) => `${group(w)}/members`,
      payload: (w) => ({ userIds: [w.chat.multiSchoolPrincipalId] }),
      expect: cells({ teacher: 200, principal: 403, superadmin: 403, multiSchoolPrincipal: 403 }),
    },
  ],
  'DELETE /api/v1/chat/groups/{roomId}/members/{userId}': [
    {
      target: 'a member of chain A’s staffroom',
      url: (w) => `${group(w)}/members/${w.chat.spareMember()}`,
      expect: cells({ teacher: 204, principal: 403, superadmin: 403, multiSchoolPrincipal: 403 }),
    },
  ],
  'GET /api/v1/chat/meetings': [
    { target: 'own meetings', url: () => '/api/v1/chat/meetings', expect: cells(each(STAFF, 200)) },
  ],
  'GET /api/v1/chat/meetings/{meetingId}': [
    {
      target: 'chain A’s staff meeting',
      url: (w) => `/api/v1/chat/meetings/${w.chat.meetingId}`,
      expect: cells(each(MEMBERS, 200)),
    },
  ],
  'POST /api/v1/chat/meetings': [
    {
      target: 'with chain A’s principal',
      url: () => '/api/v1/chat/meetings',
      payload: (w) => ({
        title: 'Matrix meeting',
        startsAt: w.chat.meetingStartsAt,
        durationMinutes: 30,
        userIds: [w.chat.principalId],
      }),
      expect: cells({ ...each(STAFF, 201), principal: 404, otherChainSuperadmin: 404 }),
    },
  ],
  // Each call cancels a meeting of its own: its organiser (the teacher) may, the people invited may not.
  'DELETE /api/v1/chat/meetings/{meetingId}': [
    {
      target: 'chain A’s staff meeting',
      url: (w) => `/api/v1/chat/meetings/${w.chat.spareMeeting()}`,
      expect: cells({ teacher: 204, principal: 403, superadmin: 403 }),
    },
  ],
};
