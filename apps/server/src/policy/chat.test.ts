import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  authorizeAnswerCall,
  authorizeCallParty,
  authorizeCancelMeeting,
  authorizeChat,
  authorizeJoinMeeting,
  authorizeReadMeeting,
  authorizeManageGroup,
  authorizeStartCall,
  authorizePostToRoom,
  authorizeReadRoom,
  authorizeRemoveMember,
  chatChainOf,
  requireColleagues,
  type ChatStaff,
} from './chat';
import type { ChatRoomFacts, MeetingFacts } from './facts';

const teacher: ChatStaff = {
  userId: 1,
  role: 'teacher',
  isQa: false,
  firstName: 'T',
  lastName: 'Q',
  chainId: null,
  schoolIds: [10],
  teacherAssignments: [{ schoolId: 10, grade: 7, subjectId: null }],
  enrolment: null,
  sessionId: 's',
};
const room = (over: Partial<ChatRoomFacts> = {}): ChatRoomFacts => ({
  roomId: 5,
  chainId: 3,
  kind: 'group',
  createdBy: 1,
  membership: { leftAt: null },
  ...over,
});
const code = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
  return 'allowed';
};

describe('chat policy', () => {
  it('lets school staff chat and nobody else', () => {
    for (const role of ['teacher', 'principal', 'superadmin'] as const)
      expect(code(() => authorizeChat({ ...teacher, role }))).toBe('allowed');
    for (const role of ['student', 'parent', 'content_editor', 'content_approver'] as const)
      expect(code(() => authorizeChat({ ...teacher, role }))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeChat(null))).toBe('401 UNAUTHENTICATED');
  });

  it('shows a room to its current members only; one who left is told so when posting', () => {
    expect(code(() => authorizeReadRoom(teacher, room()))).toBe('allowed');
    expect(code(() => authorizeReadRoom(teacher, undefined))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeReadRoom(teacher, room({ membership: null })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeReadRoom(teacher, room({ membership: { leftAt: new Date() } })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizePostToRoom(teacher, room({ membership: { leftAt: new Date() } })))).toBe(
      '403 CHAT_ROOM_LEFT',
    );
    expect(code(() => authorizePostToRoom(teacher, room({ membership: null })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizePostToRoom({ ...teacher, role: 'student' }, room()))).toBe('403 FORBIDDEN');
  });

  it('lets a group’s creator change it, and any member leave it', () => {
    expect(code(() => authorizeManageGroup(teacher, room()))).toBe('allowed');
    expect(code(() => authorizeManageGroup(teacher, room({ createdBy: 2 })))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeManageGroup(teacher, room({ kind: 'direct' })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeRemoveMember(teacher, room({ createdBy: 2 }), 1))).toBe('allowed');
    expect(code(() => authorizeRemoveMember(teacher, room({ createdBy: 2 }), 3))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeRemoveMember(teacher, room(), 3))).toBe('allowed');
  });

  it('puts only staff of the room’s chain in it, never the caller, and tells nothing about anyone else', () => {
    const people = new Map([
      [2, { role: 'principal', chainIds: [3] }],
      [3, { role: 'teacher', chainIds: [4] }],
      [4, { role: 'student', chainIds: [] }],
      [1, { role: 'teacher', chainIds: [3] }],
    ]);
    expect(code(() => requireColleagues(teacher, 3, [2], people))).toBe('allowed');
    for (const id of [3, 4, 1, 99])
      expect(
        code(() => requireColleagues(teacher, 3, [2, id], people)),
        String(id),
      ).toBe('404 NOT_FOUND');
    expect(chatChainOf([3, 4])).toBe(3);
    expect(code(() => chatChainOf([]))).toBe('403 FORBIDDEN');
  });

  it('lets the two people of a one-to-one room call each other, and nobody else take part', () => {
    expect(code(() => authorizeStartCall(teacher, room({ kind: 'direct' })))).toBe('allowed');
    expect(code(() => authorizeStartCall(teacher, room()))).toBe('409 CALL_GROUP_ROOM');
    expect(code(() => authorizeStartCall(teacher, room({ kind: 'direct', membership: null })))).toBe('404 NOT_FOUND');
    const call = { callerId: 2, calleeId: 1, answered: false, ended: false };
    expect(code(() => authorizeAnswerCall(teacher, call))).toBe('allowed');
    expect(code(() => authorizeAnswerCall(teacher, { ...call, answered: true }))).toBe('404 CALL_NOT_FOUND');
    expect(code(() => authorizeAnswerCall(teacher, { ...call, callerId: 1, calleeId: 2 }))).toBe('404 CALL_NOT_FOUND');
    expect(code(() => authorizeCallParty(teacher, { ...call, callerId: 1, calleeId: 2 }))).toBe('allowed');
    expect(code(() => authorizeCallParty(teacher, { ...call, ended: true }))).toBe('404 CALL_NOT_FOUND');
    expect(code(() => authorizeCallParty(teacher, { ...call, calleeId: 3 }))).toBe('404 CALL_NOT_FOUND');
    expect(code(() => authorizeCallParty(teacher, undefined))).toBe('404 CALL_NOT_FOUND');
  });

  it('shows a meeting to the people invited while it is not cancelled; its organiser alone cancels it; it opens 10 minutes before its start and closes at its end', () => {
    const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00Z`);
    const meeting = (over: Partial<MeetingFacts> = {}): MeetingFacts => ({
      organiserId: 2,
      invited: true,
      cancelled: false,
      startsAt: at('10:00'),
      endsAt: at('10:45'),
      ...over,
    });
    expect(code(() => authorizeReadMeeting(teacher, meeting()))).toBe('allowed');
    expect(code(() => authorizeReadMeeting(teacher, meeting({ invited: false })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeReadMeeting(teacher, meeting({ cancelled: true })))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeReadMeeting(teacher, undefined))).toBe('404 NOT_FOUND');
    expect(code(() => authorizeReadMeeting({ ...teacher, role: 'student' }, meeting()))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCancelMeeting(teacher, meeting()))).toBe('403 FORBIDDEN');
    expect(code(() => authorizeCancelMeeting(teacher, meeting({ organiserId: 1 })))).toBe('allowed');
    expect(code(() => authorizeCancelMeeting(teacher, meeting({ organiserId: 1, invited: false })))).toBe(
      '404 NOT_FOUND',
    );
    expect(code(() => authorizeJoinMeeting(teacher, meeting(), new Date(at('09:50').getTime() - 1)))).toBe(
      '409 MEETING_NOT_OPEN',
    );
    expect(code(() => authorizeJoinMeeting(teacher, meeting(), at('09:50')))).toBe('allowed');
    expect(code(() => authorizeJoinMeeting(teacher, meeting(), new Date(at('10:45').getTime() - 1)))).toBe('allowed');
    expect(code(() => authorizeJoinMeeting(teacher, meeting(), at('10:45')))).toBe('409 MEETING_NOT_OPEN');
    expect(code(() => authorizeJoinMeeting(teacher, meeting({ invited: false }), at('10:00')))).toBe('404 NOT_FOUND');
  });
});
