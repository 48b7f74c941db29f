/**
 * The demo's school notices (issue #26, "Broadcasts") at the first school: the principal's to the
 * whole school or a few grades, the grade VII teacher's to grade VII, over the last fortnight; most
 * students of those grades opened the older ones, fewer the newest. Aarav has the newest two unread,
 * and his parent has read one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

const DAY = 86_400_000;
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

const NOTICES: {
  daysAgo: number;
  hour: number;
  by: 'principal' | 'teacher';
  grades: number[];
  title: string;
  body: string;
  link?: string;
  readPercent: number;
}[] = [
  {
    daysAgo: 12,
    hour: 15,
    by: 'principal',
    grades: ALL,
    title: 'Thank you for Children’s Day',
    body: 'Thank you, children and parents, for a joyful Children’s Day assembly. The photographs are on the school notice board.',
    readPercent: 82,
  },
  {
    daysAgo: 9,
    hour: 17,
    by: 'teacher',
    grades: [7],
    title: 'Fractions quiz on Friday',
    body: 'Play the Fractions island on Knowledge Islands before Friday’s class quiz. Revise the treasure questions you got wrong.',
    readPercent: 74,
  },
  {
    daysAgo: 6,
    hour: 11,
    by: 'principal',
    grades: [9, 10],
    title: 'Board examination registration',
    body: 'Class IX and X registration forms are due at the school office by the end of next week. Bring a copy of the Aadhaar card.',
    readPercent: 68,
  },
  {
    daysAgo: 4,
    hour: 16,
    by: 'principal',
    grades: [6, 7, 8],
    title: 'Parent-teacher meeting on Saturday',
    body: 'Meet your child’s class teacher this Saturday between 9:00 and 12:00 in the classroom. Please bring the term report card.',
    readPercent: 55,
  },
  {
    daysAgo: 2,
    hour: 18,
    by: 'teacher',
    grades: [7],
    title: 'Science project: bring a plastic bottle',
    body: 'For the water-cycle experiment, every student brings one clean one-litre plastic bottle and a marker pen.',
    readPercent: 38,
  },
  {
    daysAgo: 1,
    hour: 9,
    by: 'principal',
    grades: ALL,
    title: 'Winter uniform from next week',
    body: 'From Monday students may wear the school sweater over the uniform. Navy socks only, please.',
    link: 'https://www.india.gov.in/',
    readPercent: 21,
  },
];

export async function addDemoBroadcasts(
  db: Kysely<DB>,
  o: { now: Date; schoolId: number; principal: number; teacher: number; student: number | null; parent: number | null },
): Promise<void> {
  const startOfDay = Date.UTC(o.now.getUTCFullYear(), o.now.getUTCMonth(), o.now.getUTCDate());
  for (const n of NOTICES) {
    // Hours are the school's (IST, UTC+5:30); nothing is dated after `now`.
    const at = new Date(
      Math.min(startOfDay - n.daysAgo * DAY + (n.hour - 5.5) * 3_600_000, o.now.getTime() - 3_600_000),
    );
    const { id } = await db
      .insertInto('broadcasts')
      .values({
        school_id: o.schoolId,
        author_id: n.by === 'principal' ? o.principal : o.teacher,
        grades: n.grades,
        title: n.title,
        body: n.body,
        link_url: n.link ?? null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A stable share of the grades' students opened it, within two days of its posting.
    await sql`
      insert into broadcast_reads (broadcast_id, user_id, read_at)
      select ${id}, e.student_id, least(${at}::timestamptz + (abs(hashtext(e.student_id::text || ':' || ${id}::text)) % 2880) * interval '1 minute', ${o.now}::timestamptz)
      from student_enrolments e
      where e.school_id = ${o.schoolId} and e.grade = any(${n.grades}::smallint[])
        and abs(hashtext(${id}::text || ':' || e.student_id::text)) % 100 < ${n.readPercent}
        and e.student_id is distinct from ${o.student}`.execute(db);
    // Aarav read all but the newest two; his parent the parent-teacher meeting.
    if (o.student !== null && n.daysAgo > 2)
      await db
        .insertInto('broadcast_reads')
        .values({ broadcast_id: id, user_id: o.student, read_at: new Date(at.getTime() + 5 * 3_600_000) })
        .execute();
    if (o.parent !== null && n.title.startsWith('Parent-teacher')) {
      await db
        .insertInto('broadcast_reads')
        .values({ broadcast_id: id, user_id: o.parent, read_at: new Date(at.getTime() + 2 * 3_600_000) })
        .execute();
    }
  }
}
