/**
 * Live classes in the demo (issue #26; the first school has the liveclasses product): a grade VII
 * maths class that is live whenever the demo is opened (it started a quarter of an hour before
 * "now"), with a third of the class already in it, and the register of last week's science review
 * (calendar-demo.ts schedules the other classes and the TV programmes). Aarav is not in the live
 * class yet, so he can join it himself.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { demoRoom } from './calendar-demo';

const MINUTE = 60_000;
export const DEMO_LIVE_NOW = 'Live maths class: ratio and proportion';

export async function addDemoLiveClasses(
  db: Kysely<DB>,
  o: {
    now: Date;
    schoolId: number;
    boardId: number;
    teacher: number | null;
    maths: number | null;
    student: number | null;
  },
): Promise<void> {
  const start = new Date(Math.floor(o.now.getTime() / (15 * MINUTE)) * 15 * MINUTE - 15 * MINUTE);
  const live = await db
    .insertInto('calendar_events')
    .values({
      school_id: o.schoolId,
      board_id: o.boardId,
      grade: 7,
      subject_id: o.maths,
      name: DEMO_LIVE_NOW,
      description:
        'Comparing quantities with ratios, and solving proportion problems from the textbook’s exercise 8.1.',
      starts_at: start,
      ends_at: new Date(start.getTime() + 60 * MINUTE),
      default_duration_minutes: 60,
      type: 'class',
      join_url: null,
      service_name: 'jitsi',
      live_room: demoRoom(o.schoolId, DEMO_LIVE_NOW),
      live_provider: 'jitsi',
      created_by: o.teacher,
      created_at: new Date(start.getTime() - 2 * 24 * 60 * MINUTE),
      updated_at: new Date(start.getTime() - 2 * 24 * 60 * MINUTE),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const classmates = await db
    .selectFrom('student_enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.student_id')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('e.school_id', '=', o.schoolId)
    .where('e.board_id', '=', o.boardId)
    .where('e.grade', '=', 7)
    .where('u.id', '!=', o.student ?? -1)
    .orderBy('u.id')
    .execute();
  const past = await db
    .selectFrom('calendar_events')
    .select(['id', 'starts_at'])
    .where('school_id', '=', o.schoolId)
    .where('live_room', 'is not', null)
    .where('ends_at', '<=', o.now)
    .execute();
  const rows = [
    // A third of the class joined the live class in its first ten minutes.
    ...classmates
      .filter((_, i) => i % 3 === 0)
      .map((s, i) => ({
        event: Number(live.id),
        s,
        at: new Date(start.getTime() + (i % 10) * MINUTE),
        student: o.student,
      })),
    // Most of the class came to last week's classes (and Aarav too).
    ...past.flatMap((p) =>
      classmates
        .filter((_, i) => i % 5 !== 4)
        .map((s, i) => ({
          event: Number(p.id),
          s,
          at: new Date(p.starts_at.getTime() + (i % 8) * MINUTE),
          student: o.student,
        })),
    ),
  ].map((r) => ({
    event_id: r.event,
    user_id: Number(r.s.id),
    display_name: `${r.s.first_name} ${r.s.last_name}`.trim().slice(0, 60) || 'Student',
    first_joined_at: r.at,
    last_joined_at: r.at,
  }));
  if (o.student !== null) {
    const aarav = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', o.student)
      .executeTakeFirst();
    for (const p of past) {
      if (aarav)
        rows.push({
          event_id: Number(p.id),
          user_id: o.student,
          display_name: `${aarav.first_name} ${aarav.last_name}`.trim(),
          first_joined_at: p.starts_at,
          last_joined_at: p.starts_at,
        });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('live_class_attendance')
      .values(rows.slice(i, i + 500))
      .execute();
}
