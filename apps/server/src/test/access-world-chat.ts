/**
 * Staff chat in the access world (issue #25): a group of chain A's teacher (its creator) with the
 * principal and the chain's super-admin, spare people to take out of it, and a one-to-one room of
 * chain B. test/access-matrix-chat.ts calls the chat routes against them.
 */
import { randomUUID } from 'node:crypto';
import { multipart, PNG_1X1 } from './assessment-authoring-fixtures';
import type { TestApp } from './build-test-app';
import { createStaff } from './factories';

export interface ChatWork {
  /** Chain A's "Staffroom": teacher (creator), principal, super-admin. */
  groupId: number;
  /** A picture posted in the staffroom. */
  fileId: string;
  /** Chain B's one-to-one room of its super-admin and a teacher of B1. */
  otherChainRoomId: number;
  principalId: number;
  multiSchoolPrincipalId: number;
  /** A member of the staffroom to take out, a new one each call. */
  spareMember(): number;
  /** A meeting of chain A's teacher (its organiser) with the principal and the chain's super-admin, in an hour. */
  meetingId: string;
  /** When a meeting scheduled by a row starts (an hour after the world's clock). */
  meetingStartsAt: string;
  /** Another such meeting, to cancel, a new one each call. */
  spareMeeting(): string;
}

export async function buildChatWorld(
  t: TestApp,
  o: {
    cookies: { teacher: string; otherChainSuperadmin: string };
    ids: { principal: number; superadmin: number; multiSchoolPrincipal: number };
    schoolA1: number;
    schoolB1: number;
    spares: number;
  },
): Promise<ChatWork> {
  const db = t.database.db;
  const spares: number[] = [];
  for (let i = 0; i < o.spares; i++) spares.push(await createStaff(db, 'teacher', { schoolIds: [o.schoolA1] }));
  const group = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/groups',
    headers: { cookie: o.cookies.teacher },
    payload: { name: 'Staffroom', memberIds: [o.ids.principal, o.ids.superadmin, ...spares] },
  });
  if (group.statusCode !== 201) throw new Error(`world: chat group answered ${group.statusCode} ${group.body}`);
  const body = multipart([
    { name: 'clientId', data: randomUUID() },
    { name: 'file', filename: 'timetable.png', contentType: 'image/png', data: PNG_1X1 },
  ]);
  const groupId = (group.json() as { id: number }).id;
  const posted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chat/rooms/${groupId}/files`,
    headers: { cookie: o.cookies.teacher, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (posted.statusCode !== 201) throw new Error(`world: chat file answered ${posted.statusCode} ${posted.body}`);
  const bTeacher = await createStaff(db, 'teacher', { schoolIds: [o.schoolB1] });
  const direct = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/rooms/direct',
    headers: { cookie: o.cookies.otherChainSuperadmin },
    payload: { userId: bTeacher },
  });
  if (direct.statusCode !== 201)
    throw new Error(`world: chain B chat room answered ${direct.statusCode} ${direct.body}`);
  const meetingStartsAt = new Date(t.now().getTime() + 3_600_000).toISOString();
  const meetings: string[] = [];
  for (let i = 0; i <= o.spares; i++) {
    const meeting = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/meetings',
      headers: { cookie: o.cookies.teacher },
      payload: {
        title: 'Staff meeting',
        startsAt: meetingStartsAt,
        durationMinutes: 45,
        userIds: [o.ids.principal, o.ids.superadmin],
      },
    });
    if (meeting.statusCode !== 201) throw new Error(`world: meeting answered ${meeting.statusCode} ${meeting.body}`);
    meetings.push((meeting.json() as { id: string }).id);
  }
  return {
    groupId,
    fileId: (posted.json() as { file: { id: string } }).file.id,
    otherChainRoomId: (direct.json() as { id: number }).id,
    principalId: o.ids.principal,
    multiSchoolPrincipalId: o.ids.multiSchoolPrincipal,
    spareMember: () => {
      const id = spares.shift();
      if (id === undefined) throw new Error('world: no spare chat member left');
      return id;
    },
    meetingId: meetings.shift()!,
    meetingStartsAt,
    spareMeeting: () => {
      const id = meetings.shift();
      if (id === undefined) throw new Error('world: no spare meeting left');
      return id;
    },
  };
}
