/**
 * The school calendar in the demo (issue #26), so the calendar a school first opens has its week in
 * it: at the first school, whole-school days the principal put there (a parent-teacher meeting, a
 * sports day, a holiday), and the grade 6-8 teacher's class events for grades 7 and 8 (a science
 * unit test, a live maths class with a Jitsi link, a field trip, one from last week). Days are
 * counted from today in India and Sundays are moved to Monday, so the events fall on school days
 * whenever the demo is loaded. Deterministic for a "now".
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CalendarEventType, CalendarProvider } from '@ki/contracts';
import type { DB } from '../db/schema';
import { schoolDayAt } from './school-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface DemoEvent {
  name: string;
  description: string;
  type: CalendarEventType;
  /** Days from today, start time in India, minutes long. */
  day: number;
  at: [number, number];
  minutes: number;
  by: 'principal' | 'teacher';
  /** Null: the whole school. */
  grade: number | null;
  subject?: 'maths' | 'science';
  join?: { url: string; provider?: CalendarProvider };
  /** A live class held in the app (issue #26), with this provider. */
  live?: CalendarProvider;
  /** A programme's broadcaster. */
  host?: string;
}

/** A demo live class's room: fixed for a school and class name, 12 hex characters. */
export const demoRoom = (schoolId: number, name: string) =>
  createHash('sha256').update(`${schoolId}:${name}`).digest('hex').slice(0, 12);

const EVENTS: DemoEvent[] = [
  {
    name: 'Science quiz review',
    description: 'Going over last week’s quiz on light, question by question.',
    type: 'class',
    day: -6,
    at: [11, 0],
    minutes: 45,
    by: 'teacher',
    grade: 7,
    subject: 'science',
    live: 'bigbluebutton',
  },
  {
    name: 'Live maths class: fractions',
    description: 'Adding and subtracting unlike fractions. Keep a notebook ready.',
    type: 'class',
    day: 1,
    at: [16, 0],
    minutes: 45,
    by: 'teacher',
    grade: 7,
    subject: 'maths',
    live: 'jitsi',
  },
  {
    name: 'Science on TV: the story of light',
    description: 'A half-hour programme on how light travels, with experiments to try at home.',
    type: 'programme',
    day: 1,
    at: [17, 30],
    minutes: 30,
    by: 'teacher',
    grade: 7,
    host: 'DD Sahyadri',
    join: { url: 'https://www.youtube.com/@DDSahyadriOfficial' },
  },
  {
    name: 'Doubt-clearing class: light and shadows',
    description: 'Bring your questions on chapters 1 and 2 before the unit test.',
    type: 'class',
    day: 2,
    at: [15, 0],
    minutes: 45,
    by: 'teacher',
    grade: 7,
    subject: 'science',
    live: 'bigbluebutton',
  },
  {
    name: 'Maths on Swayam Prabha: integers',
    description: 'The national education channel’s class VII programme on adding and subtracting integers.',
    type: 'programme',
    day: 4,
    at: [10, 0],
    minutes: 30,
    by: 'principal',
    grade: 7,
    host: 'Swayam Prabha, channel 23',
  },
  {
    name: 'Science unit test: Light',
    description: 'Chapters 1 and 2. 20 questions, 40 minutes. Bring a pencil and an eraser.',
    type: 'test',
    day: 3,
    at: [10, 0],
    minutes: 40,
    by: 'teacher',
    grade: 7,
    subject: 'science',
  },
  {
    name: 'Parent-teacher meeting',
    description: 'Meet your child’s class teacher. Slots from 9:30 to 12:30; the report cards are shared.',
    type: 'meeting',
    day: 5,
    at: [9, 30],
    minutes: 180,
    by: 'principal',
    grade: null,
  },
  {
    name: 'Grade 8 maths test: Algebra',
    description: 'Linear equations in one variable. 30 marks.',
    type: 'test',
    day: 6,
    at: [9, 0],
    minutes: 60,
    by: 'teacher',
    grade: 8,
    subject: 'maths',
  },
  {
    name: 'Field trip: Science Centre',
    description: 'Buses leave at 8:30 and are back by 14:00. Carry a water bottle and a packed lunch.',
    type: 'event',
    day: 9,
    at: [8, 30],
    minutes: 330,
    by: 'teacher',
    grade: 7,
  },
  {
    name: 'Annual sports day',
    description: 'Races, relays and the march past on the main ground. Parents are welcome.',
    type: 'event',
    day: 12,
    at: [8, 0],
    minutes: 300,
    by: 'principal',
    grade: null,
  },
  {
    name: 'School holiday',
    description: 'The school is closed.',
    type: 'holiday',
    day: 16,
    at: [0, 0],
    minutes: 24 * 60,
    by: 'principal',
    grade: null,
  },
];

export async function addDemoCalendar(
  db: Kysely<DB>,
  o: {
    now: Date;
    schoolId: number;
    boardId: number;
    people: { principal: number | null; teacher: number | null };
    subjects: { maths: number | null; science: number | null };
  },
): Promise<void> {
  // A subject the curriculum lacks (a small test curriculum) leaves its events for the whole class.
  const rows = EVENTS.map((e) => {
    const start = schoolDayAt(o.now, e.day, ...e.at);
    const created = new Date(Math.min(o.now.getTime(), start.getTime()) - 2 * DAY);
    return {
      school_id: o.schoolId,
      board_id: e.grade === null ? null : o.boardId,
      grade: e.grade,
      subject_id: e.subject ? o.subjects[e.subject] : null,
      name: e.name,
      description: e.description,
      starts_at: start,
      ends_at: new Date(start.getTime() + e.minutes * MINUTE),
      default_duration_minutes: e.minutes,
      type: e.type,
      join_url: e.join?.url ?? null,
      service_name: e.live ?? e.join?.provider ?? null,
      live_room: e.live ? demoRoom(o.schoolId, e.name) : null,
      live_provider: e.live ?? null,
      host_name: e.host ?? null,
      created_by: o.people[e.by],
      created_at: created,
      updated_at: created,
    };
  });
  await db.insertInto('calendar_events').values(rows).execute();
}
