/**
 * The facts the policy decides on that the session does not carry: where a student is enrolled,
 * whether the caller is their linked parent, which schools a chain holds. SQL only, no rules: the
 * rules are in policy.ts. Modules never load these themselves, so no module can decide access on
 * facts of its own.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Principal } from './principal';

export type PolicyDb = Kysely<DB>;

/** The facts about a student that decide who may read their data. */
export interface StudentFacts {
  studentId: number;
  schoolId: number;
  boardId: number | null;
  grade: number | null;
  /** The chain of the student's school. */
  chainId: number | null;
  /** Whether the caller is a parent linked to this student. */
  callerIsLinkedParent: boolean;
}

/** A student's enrolment and the caller's parent link, or undefined when no such student is enrolled. */
export async function loadStudentFacts(
  db: PolicyDb,
  principal: Principal | null,
  studentId: number,
): Promise<StudentFacts | undefined> {
  const enrolment = await db
    .selectFrom('student_enrolments as e')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .select(['e.school_id', 'e.board_id', 'e.grade', 's.chain_id'])
    .where('e.student_id', '=', studentId)
    .executeTakeFirst();
  if (!enrolment) return undefined;
  const callerIsLinkedParent =
    principal?.role === 'parent' &&
    (await db
      .selectFrom('parent_links')
      .select('student_id')
      .where('parent_id', '=', principal.userId)
      .where('student_id', '=', studentId)
      .executeTakeFirst()) !== undefined;
  return {
    studentId,
    schoolId: enrolment.school_id,
    boardId: enrolment.board_id,
    grade: enrolment.grade,
    chainId: enrolment.chain_id,
    callerIsLinkedParent,
  };
}

/** A school's chain, or undefined when there is no such school. */
export async function loadSchoolFacts(
  db: PolicyDb,
  schoolId: number,
): Promise<{ schoolId: number; chainId: number | null } | undefined> {
  const row = await db.selectFrom('schools').select(['id', 'chain_id']).where('id', '=', schoolId).executeTakeFirst();
  return row && { schoolId: row.id, chainId: row.chain_id };
}

/** The schools of a chain (what its super-admin may see). */
export async function loadChainSchoolIds(db: PolicyDb, chainId: number): Promise<number[]> {
  return (await db.selectFrom('schools').select('id').where('chain_id', '=', chainId).orderBy('id').execute()).map(
    (r) => r.id,
  );
}

/**
 * The chains a member of staff works in: a super-admin's chain, and the chains of the schools a
 * principal or teacher works at (staff_schools). Colleagues share one (staff chat, issue #25).
 */
export async function loadStaffChainIds(db: PolicyDb, principal: Principal): Promise<number[]> {
  const ids = new Set<number>();
  if (principal.chainId !== null) ids.add(principal.chainId);
  if (principal.schoolIds.length > 0) {
    const rows = await db
      .selectFrom('schools')
      .select('chain_id')
      .where('id', 'in', [...principal.schoolIds])
      .where('chain_id', 'is not', null)
      .execute();
    for (const r of rows) ids.add(r.chain_id!);
  }
  return [...ids].sort((a, b) => a - b);
}

/** What chat's rules decide on about a room: its chain, kind and creator, and the caller's membership. */
export interface ChatRoomFacts {
  roomId: number;
  chainId: number;
  kind: 'direct' | 'group';
  createdBy: number | null;
  /** The caller's membership: null when they never were a member. */
  membership: { leftAt: Date | null } | null;
}

export async function loadChatRoomFacts(
  db: PolicyDb,
  principal: Principal,
  roomId: number,
): Promise<ChatRoomFacts | undefined> {
  const row = await db
    .selectFrom('chat_rooms as r')
    .leftJoin('chat_members as m', (join) =>
      join.onRef('m.room_id', '=', 'r.id').on('m.user_id', '=', principal.userId),
    )
    .select(['r.id', 'r.chain_id', 'r.kind', 'r.created_by', 'm.user_id as member', 'm.left_at'])
    .where('r.id', '=', roomId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    roomId: Number(row.id),
    chainId: row.chain_id,
    kind: row.kind,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    membership: row.member === null ? null : { leftAt: row.left_at },
  };
}

/** Who people are for chat: their role and the chains they work in (users that are not staff come back without chains). */
export async function loadChatPeopleFacts(
  db: PolicyDb,
  userIds: readonly number[],
): Promise<Map<number, { role: string; chainIds: number[] }>> {
  const facts = new Map<number, { role: string; chainIds: number[] }>();
  if (userIds.length === 0) return facts;
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('staff_schools as ss', 'ss.user_id', 'u.id')
    .leftJoin('schools as s', 's.id', 'ss.school_id')
    .select(['u.id', 'u.role', 'u.chain_id as own_chain', 's.chain_id as school_chain'])
    .where('u.id', 'in', [...userIds])
    .execute();
  for (const r of rows) {
    const id = Number(r.id);
    const entry = facts.get(id) ?? { role: r.role, chainIds: [] };
    for (const chain of [r.own_chain, r.school_chain])
      if (chain !== null && !entry.chainIds.includes(chain)) entry.chainIds.push(chain);
    facts.set(id, entry);
  }
  return facts;
}

/** What call rules decide on: the two sides and whether the call is still on. */
export interface CallFacts {
  callerId: number | null;
  calleeId: number | null;
  answered: boolean;
  ended: boolean;
}

export async function loadCallFacts(db: PolicyDb, callId: string): Promise<CallFacts | undefined> {
  const row = await db
    .selectFrom('chat_calls')
    .select(['caller_id', 'callee_id', 'answered_at', 'ended_at'])
    .where('id', '=', callId)
    .executeTakeFirst();
  return (
    row && {
      callerId: row.caller_id === null ? null : Number(row.caller_id),
      calleeId: row.callee_id === null ? null : Number(row.callee_id),
      answered: row.answered_at !== null,
      ended: row.ended_at !== null,
    }
  );
}

/** A meeting as the policy sees it for one caller: whether they are invited, by whom, when. */
export interface MeetingFacts {
  organiserId: number | null;
  invited: boolean;
  cancelled: boolean;
  startsAt: Date;
  endsAt: Date;
}

export async function loadMeetingFacts(
  db: PolicyDb,
  principal: Principal,
  meetingId: string,
): Promise<MeetingFacts | undefined> {
  const row = await db
    .selectFrom('chat_meetings as m')
    .leftJoin('chat_meeting_people as p', (join) =>
      join.onRef('p.meeting_id', '=', 'm.id').on('p.user_id', '=', principal.userId),
    )
    .select(['m.organiser_id', 'm.cancelled_at', 'm.starts_at', 'm.ends_at', 'p.user_id as invited'])
    .where('m.id', '=', meetingId)
    .executeTakeFirst();
  return (
    row && {
      organiserId: row.organiser_id === null ? null : Number(row.organiser_id),
      invited: row.invited !== null,
      cancelled: row.cancelled_at !== null,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
    }
  );
}

/** Where a calendar event sits, for who may change it: its school and chain, class and subject, author. */
export interface CalendarEventFacts {
  schoolId: number;
  chainId: number | null;
  boardId: number | null;
  grade: number | null;
  subjectId: number | null;
  createdBy: number | null;
}

export async function loadCalendarEventFacts(db: PolicyDb, eventId: number): Promise<CalendarEventFacts | undefined> {
  const row = await db
    .selectFrom('calendar_events as e')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .select(['e.school_id', 's.chain_id', 'e.board_id', 'e.grade', 'e.subject_id', 'e.created_by'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    schoolId: row.school_id,
    chainId: row.chain_id,
    boardId: row.board_id,
    grade: row.grade,
    subjectId: row.subject_id,
    createdBy: row.created_by === null ? null : Number(row.created_by),
  };
}

/** The enrolments (school, board, grade) of a parent's linked children who have picked a grade. */
export async function loadChildrenClasses(
  db: PolicyDb,
  parentId: number,
): Promise<{ schoolId: number; boardId: number; grade: number }[]> {
  const rows = await db
    .selectFrom('parent_links as l')
    .innerJoin('student_enrolments as e', 'e.student_id', 'l.student_id')
    .select(['e.school_id', 'e.board_id', 'e.grade'])
    .where('l.parent_id', '=', parentId)
    .where('e.board_id', 'is not', null)
    .where('e.grade', 'is not', null)
    .execute();
  return rows.map((r) => ({ schoolId: r.school_id, boardId: r.board_id!, grade: r.grade! }));
}
