/**
 * Who may chat with whom (issue #25; access-and-app-shell.md 2.8, 6). The chat service calls these
 * first, and the socket's delivery only ever reaches a room's current members.
 *
 * - Teachers, principals and super-admins chat; students, parents and content roles are refused (403).
 * - Colleagues are staff who work in one school chain: a room belongs to one chain, and only
 *   colleagues of that chain can be put in it.
 * - A room is read and written by its current members. To anyone else it does not exist (404), so
 *   room ids tell nothing; a member who left (or was removed) is told so (403) and posts nothing.
 * - A group's creator renames it and adds or removes people; any member may leave it.
 * - A call is started in a one-to-one room by one of its two people, answered by the other, and
 *   signalled and ended by those two only; to anyone else (and once ended) it does not exist.
 * - A meeting is scheduled for colleagues of the organiser's chain (requireColleagues), seen and
 *   joined by the people invited only (to anyone else, and once cancelled, it does not exist), from
 *   MEETING_OPEN_BEFORE_MINUTES before its start to its end, and cancelled by its organiser.
 */
import { MEETING_OPEN_BEFORE_MINUTES } from '@ki/contracts';
import { AppError, forbidden, notFound } from '../errors';
import type { CallFacts, ChatRoomFacts, MeetingFacts } from './facts';
import { isChatStaff, requireUser, type Principal } from './policy';

export type ChatStaff = Principal & { role: 'teacher' | 'principal' | 'superadmin' };

/** A member of staff who may chat, or 403. */
export function authorizeChat(principal: Principal | null): ChatStaff {
  const p = requireUser(principal);
  if (!isChatStaff(p)) throw forbidden('Chat is for school staff');
  return p;
}

/** Reading a room (its messages, people, favorite, read mark): a current member; anyone else 404. */
export function authorizeReadRoom(principal: Principal | null, room: ChatRoomFacts | undefined): ChatStaff {
  const p = authorizeChat(principal);
  if (!room || !room.membership || room.membership.leftAt !== null) throw notFound('Room');
  return p;
}

/** Posting to a room: a current member; one who left is told so, anyone else sees no room. */
export function authorizePostToRoom(principal: Principal | null, room: ChatRoomFacts | undefined): ChatStaff {
  const p = authorizeChat(principal);
  if (!room || !room.membership) throw notFound('Room');
  if (room.membership.leftAt !== null) throw new AppError('CHAT_ROOM_LEFT', 'You are no longer in this group');
  return p;
}

/** Renaming a group and adding or removing its people: its creator. */
export function authorizeManageGroup(principal: Principal | null, room: ChatRoomFacts | undefined): ChatStaff {
  const p = authorizeReadRoom(principal, room);
  if (room!.kind !== 'group') throw notFound('Group');
  if (room!.createdBy !== p.userId) throw forbidden('Only the group’s creator can change it');
  return p;
}

/** Taking someone out of a group: its creator takes anyone out; any member takes themselves out (leaves). */
export function authorizeRemoveMember(
  principal: Principal | null,
  room: ChatRoomFacts | undefined,
  userId: number,
): ChatStaff {
  const p = authorizeReadRoom(principal, room);
  if (room!.kind !== 'group') throw notFound('Group');
  if (userId !== p.userId && room!.createdBy !== p.userId) throw forbidden('Only the group’s creator can change it');
  return p;
}

/**
 * The people to put in a room with the caller: each a member of staff who works in `chainId`, and
 * not the caller. Anyone else is answered as no such colleague (404), whoever they are, so ids tell
 * nothing about accounts outside the chain.
 */
export function requireColleagues(
  p: ChatStaff,
  chainId: number,
  userIds: readonly number[],
  people: ReadonlyMap<number, { role: string; chainIds: readonly number[] }>,
): void {
  for (const id of userIds) {
    const person = people.get(id);
    const staff = person && (person.role === 'teacher' || person.role === 'principal' || person.role === 'superadmin');
    if (id === p.userId || !staff || !person.chainIds.includes(chainId)) throw notFound('Colleague');
  }
}

/** The chain a new room of the caller's belongs to: their one chain (staff of no chain cannot chat yet). */
export function chatChainOf(chainIds: readonly number[]): number {
  const chain = chainIds[0];
  if (chain === undefined) throw forbidden('Chat needs a school chain');
  return chain;
}

/** Starting a call: a current member of a one-to-one room (a group meets in a meeting). */
export function authorizeStartCall(principal: Principal | null, room: ChatRoomFacts | undefined): ChatStaff {
  const p = authorizePostToRoom(principal, room);
  if (room!.kind !== 'direct')
    throw new AppError('CALL_GROUP_ROOM', 'Calls are between two people; a group meets in a meeting');
  return p;
}

const callEnded = () => new AppError('CALL_NOT_FOUND', 'This call has ended');

/** Hanging up a call: one of its two sides, while it is on. */
export function authorizeCallParty(principal: Principal | null, call: CallFacts | undefined): ChatStaff {
  const p = authorizeChat(principal);
  if (!call || call.ended || (p.userId !== call.callerId && p.userId !== call.calleeId)) throw callEnded();
  return p;
}

/** Answering a call: the person called, while it rings (answered on another tab: no more). */
export function authorizeAnswerCall(principal: Principal | null, call: CallFacts | undefined): ChatStaff {
  const p = authorizeCallParty(principal, call);
  if (p.userId !== call!.calleeId || call!.answered) throw callEnded();
  return p;
}

/** Seeing a meeting: a person invited to it, while it is not cancelled; to anyone else it does not exist. */
export function authorizeReadMeeting(principal: Principal | null, meeting: MeetingFacts | undefined): ChatStaff {
  const p = authorizeChat(principal);
  if (!meeting || !meeting.invited || meeting.cancelled) throw notFound('Meeting');
  return p;
}

/** Cancelling a meeting: its organiser. */
export function authorizeCancelMeeting(principal: Principal | null, meeting: MeetingFacts | undefined): ChatStaff {
  const p = authorizeReadMeeting(principal, meeting);
  if (meeting!.organiserId !== p.userId) throw forbidden('Only the meeting’s organiser can cancel it');
  return p;
}

/** Joining a meeting: a person invited, from MEETING_OPEN_BEFORE_MINUTES before its start to its end. */
export function authorizeJoinMeeting(
  principal: Principal | null,
  meeting: MeetingFacts | undefined,
  now: Date,
): ChatStaff {
  const p = authorizeReadMeeting(principal, meeting);
  if (now.getTime() < meeting!.startsAt.getTime() - MEETING_OPEN_BEFORE_MINUTES * 60_000) {
    throw new AppError(
      'MEETING_NOT_OPEN',
      `This meeting opens ${MEETING_OPEN_BEFORE_MINUTES} minutes before it starts`,
    );
  }
  if (now.getTime() >= meeting!.endsAt.getTime()) throw new AppError('MEETING_NOT_OPEN', 'This meeting has ended');
  return p;
}
