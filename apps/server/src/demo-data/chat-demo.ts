/**
 * Staff chat in the demo (issue #25), so a school's first look at Chat is a staffroom, not an empty
 * page. At the first school: the grade 6-8 teachers' group (the demo teacher created it, with Farhan,
 * the science teacher and the principal), the science department's group, the principal's one-to-one
 * room with the demo teacher, and the chain's super-admin's with the principal. Each member has read
 * up to their own last message (the demo teacher not the last day of their group), so the demo
 * teacher signs in to 5 unread messages in 2 rooms. The rows are what the app writes: each room's
 * last message and activity, each member's unread count. The messages are timed back from the last
 * school afternoon (lastSchoolAfternoon), so they fall in school hours whenever the demo is loaded,
 * not at 2 am in India for a demo started in Europe's evening. Deterministic for a "now".
 *
 * Two meetings: the demo teacher's "Grade 7 results review" with Farhan and the principal, running
 * whenever the demo is opened (it started on the last quarter hour and lasts an hour), and the
 * principal's weekly staff meeting with the grade 6-8 teachers, the next school day at 16:00 in India.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { schoolDayAt, schoolDayBefore } from './school-time';
import { stableUuid } from './rng';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The last 15:30 in India at or before `now` that is not a Sunday: when the staffroom's newest message was sent. */
export const lastSchoolAfternoon = (now: Date): Date => schoolDayBefore(now, 0, 15, 30);

/** A message `minutesAgo` before the last school afternoon, by one of the room's people (an index into its members). */
type Line = [minutesAgo: number, by: number, text: string];

interface DemoRoom {
  kind: 'direct' | 'group';
  name: string | null;
  /** People: the first created the room. */
  members: number[];
  createdMinutesAgo: number;
  lines: Line[];
  /** A member (by index) who has read only what came before this many minutes ago. */
  readUntil?: { member: number; minutesAgo: number };
}

export interface DemoChatPeople {
  superadmin: number;
  principal: number;
  /** The demo teacher of grades 6-8. */
  teacher: number;
  farhan: number;
  scienceTeacher: number;
  /** The teachers of grades 9-10 and 11-12. */
  seniorTeachers: [number, number];
}

function rooms(p: DemoChatPeople): DemoRoom[] {
  return [
    {
      kind: 'group',
      name: 'Grade 6-8 teachers',
      members: [p.teacher, p.farhan, p.scienceTeacher, p.principal],
      createdMinutesAgo: 30 * 24 * 60,
      readUntil: { member: 0, minutesAgo: 24 * 60 },
      lines: [
        [26 * 60, 0, 'Good morning everyone. Unit Test 2 marks for grades 6 to 8 need to be entered by Friday.'],
        [25 * 60 + 30, 1, 'Maths marks for 7A and 7B are done. I will finish 8A science today.'],
        [25 * 60, 2, 'Science practical files are still being checked; I need two more days for grade 8.'],
        [3 * 60, 3, 'PTM is on Saturday from 9:30 to 12:30. Please keep the progress reports ready.'],
        [2 * 60 + 30, 1, 'Noted, ma’am. Shall we show parents the Learn app progress as well?'],
        [2 * 60, 3, 'Yes, please show each parent their child’s dashboard on the classroom tablet.'],
        [40, 2, 'I have booked the science lab for the grade 7 demonstration at 11 tomorrow.'],
      ],
    },
    {
      kind: 'direct',
      name: null,
      members: [p.principal, p.teacher],
      createdMinutesAgo: 12 * 24 * 60,
      lines: [
        [5 * 60, 0, 'Please send me the list of grade 7 students who have not opened the app this month.'],
        [4 * 60 + 30, 1, 'Sure, ma’am. I will take it from the dashboard’s inactive students and share it by noon.'],
        [60, 0, 'Thank you. Let us discuss it after the assembly tomorrow.'],
      ],
    },
    {
      kind: 'group',
      name: 'Science department',
      members: [p.scienceTeacher, p.farhan, ...p.seniorTeachers],
      createdMinutesAgo: 20 * 24 * 60,
      lines: [
        [50 * 60, 0, 'Science exhibition on 12 December: each grade sends two working models.'],
        [49 * 60, 2, 'Grade 9 will make a water purifier and a solar cooker.'],
        [30 * 60, 1, 'Grade 8: a model of the lungs, and one on the ozone layer.'],
        [29 * 60, 3, 'Grade 11 can help with the wiring for the solar cooker.'],
      ],
    },
    {
      kind: 'direct',
      name: null,
      members: [p.superadmin, p.principal],
      createdMinutesAgo: 40 * 24 * 60,
      lines: [
        [28 * 60, 0, 'Your school’s active students went up this month. Well done to the whole team.'],
        [27 * 60, 1, 'Thank you, sir. The grade 7 teachers have been encouraging daily practice.'],
      ],
    },
  ];
}

export async function addDemoChat(
  db: Kysely<DB>,
  o: { now: Date; chainId: number; people: DemoChatPeople },
): Promise<void> {
  const anchor = lastSchoolAfternoon(o.now).getTime();
  const at = (minutesAgo: number) => new Date(anchor - minutesAgo * MINUTE);
  for (const [r, room] of rooms(o.people).entries()) {
    const lines = [...room.lines].sort((a, b) => b[0] - a[0]);
    const last = lines.at(-1)!;
    const created = await db
      .insertInto('chat_rooms')
      .values({
        chain_id: o.chainId,
        kind: room.kind,
        name: room.name,
        direct_key: room.kind === 'direct' ? [...room.members].sort((a, b) => a - b).join(':') : null,
        created_by: room.members[0]!,
        created_at: at(room.createdMinutesAgo),
        last_activity_at: at(last[0]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roomId = Number(created.id);
    let lastId = 0;
    for (const [i, [minutesAgo, by, text]] of lines.entries()) {
      const message = await db
        .insertInto('chat_messages')
        .values({
          room_id: roomId,
          sender_id: room.members[by]!,
          body: text,
          client_id: stableUuid(`demo-chat:${r}:${i}`),
          created_at: at(minutesAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lastId = Number(message.id);
    }
    await db.updateTable('chat_rooms').set({ last_message_id: lastId }).where('id', '=', roomId).execute();
    await db
      .insertInto('chat_members')
      .values(
        room.members.map((userId, m) => {
          // Read up to their own last message, or to `readUntil`: the others' messages after it are unread.
          const own = lines.filter((l) => l[1] === m).map((l) => l[0]);
          const readMinutesAgo =
            room.readUntil?.member === m ? room.readUntil.minutesAgo : Math.min(...own, room.createdMinutesAgo);
          return {
            room_id: roomId,
            user_id: userId,
            joined_at: at(room.createdMinutesAgo),
            unread: lines.filter((l) => l[1] !== m && l[0] < readMinutesAgo).length,
          };
        }),
      )
      .execute();
  }
}

const QUARTER = 15 * MINUTE;

export async function addDemoMeetings(
  db: Kysely<DB>,
  o: { now: Date; chainId: number; people: DemoChatPeople },
): Promise<void> {
  const p = o.people;
  const running = new Date(Math.floor(o.now.getTime() / QUARTER) * QUARTER);
  const meetings = [
    {
      key: 'review',
      title: 'Grade 7 results review',
      startsAt: running,
      minutes: 60,
      organiser: p.teacher,
      invited: [p.farhan, p.principal],
    },
    {
      key: 'weekly',
      title: 'Weekly staff meeting',
      startsAt: schoolDayAt(o.now, 1, 16),
      minutes: 45,
      organiser: p.principal,
      invited: [p.teacher, p.farhan, p.scienceTeacher],
    },
  ];
  for (const m of meetings) {
    const id = stableUuid(`demo-meeting:${m.key}`);
    await db
      .insertInto('chat_meetings')
      .values({
        id,
        chain_id: o.chainId,
        title: m.title,
        starts_at: m.startsAt,
        ends_at: new Date(m.startsAt.getTime() + m.minutes * MINUTE),
        organiser_id: m.organiser,
        created_at: new Date(Math.min(o.now.getTime(), m.startsAt.getTime()) - DAY),
      })
      .execute();
    await db
      .insertInto('chat_meeting_people')
      .values([m.organiser, ...m.invited].map((user_id) => ({ meeting_id: id, user_id })))
      .execute();
  }
}
