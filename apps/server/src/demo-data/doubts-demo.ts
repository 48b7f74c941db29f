/**
 * The demo's doubts (issue #26, "Doubts") at the first school's grade VII: Aarav's three (one
 * answered and seen, one answered a few hours ago and not seen yet, so his home says so; one open)
 * and a few of his classmates', answered by Farhan Shaikh (maths) and the class teacher (science),
 * or waiting on the teachers' /doubts.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

const HOUR = 3_600_000;

interface DemoDoubt {
  /** 0 is Aarav; 1.. his classmates in roll order. */
  student: number;
  subject: 'maths' | 'science';
  topic: string;
  hoursAgo: number;
  text: string;
  answer?: { by: 'maths' | 'science'; hoursAfter: number; text: string; seen: boolean };
}

const DOUBTS: DemoDoubt[] = [
  {
    student: 0,
    subject: 'maths',
    topic: 'adding-and-subtracting-integers',
    hoursAgo: 74,
    text: 'Why is −3 − (−5) equal to 2? I got −8.',
    answer: {
      by: 'maths',
      hoursAfter: 5,
      seen: true,
      text: 'Subtracting −5 is the same as adding 5, so −3 − (−5) = −3 + 5 = 2. On the number line, start at −3 and move 5 steps to the right.',
    },
  },
  {
    student: 0,
    subject: 'maths',
    topic: 'simple-interest',
    hoursAgo: 5,
    text: 'In simple interest, must the time always be in years? What do I write for 6 months?',
    answer: {
      by: 'maths',
      hoursAfter: 3,
      seen: false,
      text: 'Yes, T is in years when the rate is per year. 6 months is 6/12 = 1/2 year, so write T = 1/2. For ₹2000 at 10% for 6 months: SI = 2000 × 10 × 1/2 ÷ 100 = ₹100.',
    },
  },
  {
    student: 0,
    subject: 'science',
    topic: 'acid-base-indicators',
    hoursAgo: 20,
    text: 'Can turmeric paper show that something is an acid, or only that it is a base?',
  },
  {
    student: 1,
    subject: 'maths',
    topic: 'multiplying-and-dividing-fractions',
    hoursAgo: 30,
    text: 'When I divide by a fraction, which fraction do I turn upside down?',
    answer: {
      by: 'maths',
      hoursAfter: 2,
      seen: true,
      text: 'Only the one you divide by (the second). Keep the first, change ÷ to ×, and turn the second upside down: 3/4 ÷ 5/8 = 3/4 × 8/5 = 6/5.',
    },
  },
  {
    student: 2,
    subject: 'science',
    topic: 'cells-and-circuits',
    hoursAgo: 26,
    text: 'Why does the bulb not glow when the switch is open?',
    answer: {
      by: 'science',
      hoursAfter: 4,
      seen: true,
      text: 'An open switch breaks the path, so no current flows through the bulb. The circuit must be closed from one end of the cell back to the other.',
    },
  },
  {
    student: 3,
    subject: 'maths',
    topic: 'angle-sum-property',
    hoursAgo: 9,
    text: 'Does the angle sum property work for a triangle with a right angle too?',
  },
  {
    student: 4,
    subject: 'science',
    topic: 'neutralisation',
    hoursAgo: 3,
    text: 'Why do we put baking soda on an ant bite?',
  },
];

export async function addDemoDoubts(
  db: Kysely<DB>,
  o: { now: Date; schoolId: number; student: number | null; mathsTeacher: number; scienceTeacher: number },
): Promise<void> {
  // Grade VII at the school: Aarav first, then classmates (his section's first).
  const { rows: classmates } = await sql<{ student_id: number; board_id: number; section: string }>`
    select e.student_id, e.board_id, e.section
      from student_enrolments e
     where e.school_id = ${o.schoolId} and e.grade = 7 and e.board_id is not null
       and e.student_id <> ${o.student ?? -1}
     order by (e.section = 'A') desc, e.student_id
     limit 4`.execute(db);
  const aarav =
    o.student === null
      ? undefined
      : await db
          .selectFrom('student_enrolments')
          .select(['section'])
          .where('student_id', '=', o.student)
          .executeTakeFirst();
  const students = [
    ...(o.student === null ? [] : [{ id: o.student, section: aarav?.section ?? 'A' }]),
    ...classmates.map((c) => ({ id: c.student_id, section: c.section })),
  ];
  const boardId = classmates[0]?.board_id;
  if (o.student === null || boardId === undefined) return;
  const { rows: topics } = await sql<{
    topic_id: number;
    topic_slug: string;
    chapter_id: number;
    subject_id: number;
    subject_slug: string;
  }>`
    select t.id as topic_id, t.slug as topic_slug, c.id as chapter_id, s.id as subject_id, s.slug as subject_slug
      from topics t join chapters c on c.id = t.chapter_id join subjects s on s.id = c.subject_id
     where c.board_id = ${boardId} and c.grade = 7 and s.slug in ('maths', 'science')
       and t.status = 'published' and c.status = 'published'`.execute(db);
  for (const d of DOUBTS) {
    const student = students[d.student];
    const topic = topics.find((t) => t.subject_slug === d.subject && t.topic_slug === d.topic);
    if (student === undefined || !topic) continue;
    const askedAt = new Date(o.now.getTime() - d.hoursAgo * HOUR);
    const answeredAt = d.answer
      ? new Date(Math.min(askedAt.getTime() + d.answer.hoursAfter * HOUR, o.now.getTime() - HOUR / 2))
      : null;
    const { id } = await db
      .insertInto('doubts')
      .values({
        student_id: student.id,
        school_id: o.schoolId,
        grade: 7,
        section: student.section,
        subject_id: topic.subject_id,
        chapter_id: topic.chapter_id,
        topic_id: topic.topic_id,
        body: d.text,
        status: d.answer ? 'answered' : 'open',
        asked_at: askedAt,
        answered_at: answeredAt,
        answer_seen: d.answer ? d.answer.seen : true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (d.answer && answeredAt) {
      await db
        .insertInto('doubt_answers')
        .values({
          doubt_id: id,
          author_id: d.answer.by === 'maths' ? o.mathsTeacher : o.scienceTeacher,
          body: d.answer.text,
          created_at: answeredAt,
        })
        .execute();
    }
  }
}
