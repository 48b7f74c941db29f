import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { sessionCookie } from '../test/factories';
import { unsafeRebuildStudent } from '../modules/records/records.service';
import { fileTypeFromBuffer } from 'file-type';
import { loadDriveDemo, simplePdf } from './drive-demo';
import { ANSWER_NETWORK_ALLOWANCE_SECONDS } from '@ki/contracts';
import { quizQuestionMarks } from '@ki/domain';
import {
  DEMO_ACCOUNTS,
  DEMO_LANGUAGE_STUDENTS,
  DEMO_PLAN_STUDENTS,
  DEMO_STUDENT_CODE,
  DEMO_FAMILY_PARENT,
  DEMO_SIGN_UP_CODE,
  FAMILY_PAID_SCHOOL,
  DEMO_STUDENT_UNREACHED_CHAPTERS,
  DEMO_TRANSLATED_GRADE,
  generateDemoChain,
  type DemoSummary,
} from './generate';

const NOW = new Date('2026-11-20T10:00:00Z');
let t: TestApp;
let summary: DemoSummary;

beforeAll(async () => {
  t = await buildTestApp();
  summary = await generateDemoChain(t.database, { schools: 2, studentsPerSchool: 48, seed: 7, now: NOW });
}, 180_000);
afterAll(() => t.close());

const userIdByMobile = async (mobile: string) =>
  (await t.database.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
const count = async (table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.database.db))
      .rows[0]!.n,
  );

describe('demo chain generator', () => {
  it('makes a chain of schools on two boards with every role', async () => {
    expect(summary.schoolIds).toHaveLength(2);
    // Aarav, Isha and Rohan (the transfer student) on top, the grade III students of the two schools'
    // languages, and the plans journeys' Kabir and Diya.
    expect(summary.students).toBe(
      2 * 48 + 3 + DEMO_LANGUAGE_STUDENTS.filter((d) => d.school < 2).length + Object.keys(DEMO_PLAN_STUDENTS).length,
    );
    const boards = await t.database.db
      .selectFrom('school_boards')
      .innerJoin('boards', 'boards.id', 'school_boards.board_id')
      .select('boards.code')
      .where('school_id', 'in', summary.schoolIds)
      .execute();
    expect(boards.map((b) => b.code).sort()).toEqual(['CBSE', 'GSEB']);
    const roles = await t.database.db.selectFrom('users').select('role').distinct().execute();
    expect(roles.map((r) => r.role).sort()).toEqual([
      'content_approver',
      'content_editor',
      'parent',
      'principal',
      'student',
      'superadmin',
      'teacher',
    ]);
    for (const mobile of Object.values(DEMO_ACCOUNTS)) {
      expect(await count('users', sql`mobile = ${mobile}`), mobile).toBe(1);
    }
    // Every topic of grades 6-10 can be played: at least 10 questions each.
    const short = await sql<{ n: number }>`
      select count(*) as n from topics t join chapters c on c.id = t.chapter_id
      where c.grade between 6 and 10 and (select count(*) from questions q where q.topic_id = t.id) < 10`.execute(
      t.database.db,
    );
    expect(Number(short.rows[0]!.n)).toBe(0);
  });

  it('gives every student and staff member a language their school activates (issue #30)', async () => {
    const outside = await sql<{ n: number }>`
      select count(*) as n from users u
      join schools s on s.id = coalesce(
        (select e.school_id from student_enrolments e where e.student_id = u.id),
        (select ss.school_id from staff_schools ss where ss.user_id = u.id order by ss.school_id limit 1))
      where u.language is not null and not (u.language = any(s.activated_languages))`.execute(t.database.db);
    expect(Number(outside.rows[0]!.n)).toBe(0);
    // Several languages are in use, not English alone.
    const used = await t.database.db
      .selectFrom('users')
      .select('language')
      .distinct()
      .where('role', '=', 'student')
      .execute();
    expect(used.length).toBeGreaterThan(2);
  });

  it('has a named grade III student per language of its schools, who reads grade 3 in that language (issue #30)', async () => {
    const db = t.database.db;
    const curriculum = join(dirname(fileURLToPath(import.meta.url)), 'curriculum');
    const inChain = DEMO_LANGUAGE_STUDENTS.filter((d) => d.school < summary.schoolIds.length);
    expect(inChain.map((d) => d.language)).toEqual(['hi', 'mr', 'gu']);
    for (const d of inChain) {
      const student = await db
        .selectFrom('users')
        .innerJoin('student_enrolments', 'student_enrolments.student_id', 'users.id')
        .innerJoin('schools', 'schools.id', 'student_enrolments.school_id')
        .select([
          'users.id',
          'users.language',
          'users.first_name',
          'student_enrolments.grade',
          'schools.id as school_id',
          'schools.activated_languages',
        ])
        .where('users.mobile', '=', d.mobile)
        .executeTakeFirstOrThrow();
      expect(student).toMatchObject({
        language: d.language,
        first_name: d.first,
        grade: DEMO_TRANSLATED_GRADE,
        school_id: summary.schoolIds[d.school],
      });
      expect(student.activated_languages).toContain(d.language);
      const cookie = await sessionCookie(db, student.id, t.now());
      for (const subject of ['maths', 'english', 'evs']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/learn/subjects/${subject}/bundle`,
          headers: { cookie },
        });
        expect(res.statusCode, `${d.language} ${subject}`).toBe(200);
        const bundle = res.json() as {
          language: string;
          subject: { nameLanguage: string };
          chapters: {
            nameLanguage: string;
            topics: { nameLanguage: string; concept: { language: string }; questions: { language: string }[] }[];
          }[];
        };
        expect(bundle.language).toBe(d.language);
        // In the student's language where the translation is written (the Gujarati, Tamil and Telugu
        // English and EVS come from another change), and in English, said as such, where it is not.
        const expected = existsSync(join(curriculum, subject, `grade-03.${d.language}.json`)) ? d.language : 'en';
        const languages = new Set(
          bundle.chapters.flatMap((c) => [
            c.nameLanguage,
            ...c.topics.flatMap((x) => [x.nameLanguage, x.concept.language, ...x.questions.map((q) => q.language)]),
          ]),
        );
        expect([...languages], `${d.language} ${subject}`).toEqual([expected]);
        expect(bundle.subject.nameLanguage).toBe(d.language);
      }
    }
  });

  it('has one school where families pay, with plans running, run out and never bought, and the journeys’ students (issue #27)', async () => {
    const db = t.database.db;
    const schools = await db
      .selectFrom('schools')
      .select(['id', 'paid_by'])
      .where('id', 'in', summary.schoolIds)
      .orderBy('id')
      .execute();
    expect(schools.map((s) => s.paid_by)).toEqual(
      summary.schoolIds.map((_, i) => (i === FAMILY_PAID_SCHOOL ? 'family' : 'school')),
    );
    const planOf = async (mobile: string) => {
      const cookie = await sessionCookie(db, await userIdByMobile(mobile), NOW);
      return (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).json().plan;
    };
    expect(await planOf(DEMO_ACCOUNTS.student)).toEqual({ status: 'school', endsAt: null });
    expect(await planOf(DEMO_PLAN_STUDENTS.neverPaid.mobile)).toEqual({ status: 'none', endsAt: null });
    const lapsed = await planOf(DEMO_PLAN_STUDENTS.lapsed.mobile);
    expect(lapsed.status).toBe('none');
    expect(new Date(lapsed.endsAt).getTime()).toBe(NOW.getTime() - 14 * 86_400_000);
    const hetvi = DEMO_LANGUAGE_STUDENTS.find((d) => d.school === FAMILY_PAID_SCHOOL)!;
    expect((await planOf(hetvi.mobile)).status).toBe('active');

    const family = summary.schoolIds[FAMILY_PAID_SCHOOL]!;
    const states = await sql<{ state: string; n: number }>`
      select case when exists (select 1 from student_plans p where p.student_id = e.student_id and p.starts_at <= ${NOW} and p.ends_at > ${NOW}) then 'running'
                  when exists (select 1 from student_plans p where p.student_id = e.student_id) then 'ran out'
                  else 'never' end as state, count(*) as n
        from student_enrolments e where e.school_id = ${family} group by 1`.execute(db);
    const byState = Object.fromEntries(states.rows.map((r) => [r.state, Number(r.n)]));
    expect(byState.running).toBeGreaterThan(byState['ran out']!);
    expect(byState['ran out']).toBeGreaterThan(0);
    expect(byState.never).toBeGreaterThan(0);
    // Every paid order has exactly one plan; nothing was paid in the future; failed checkouts left no plan.
    expect(
      await count(
        'payment_orders',
        sql`status = 'paid' and not exists (select 1 from student_plans p where p.order_id = payment_orders.id)`,
      ),
    ).toBe(0);
    expect(await count('payment_orders', sql`created_at > ${NOW}`)).toBe(0);
    expect(await count('student_plans', sql`order_id in (select id from payment_orders where status <> 'paid')`)).toBe(
      0,
    );
    expect(await count('payment_orders', sql`status in ('failed', 'abandoned')`)).toBeGreaterThan(0);
  });

  it('has the first school’s notices: Aarav’s grade sees five, the newest two unread; their readers counted (issue #26)', async () => {
    const db = t.database.db;
    const cookie = await sessionCookie(db, await userIdByMobile(DEMO_ACCOUNTS.student), NOW);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/me/broadcasts', headers: { cookie } })).json();
    expect(mine.broadcasts).toHaveLength(5);
    expect(mine.unread).toBe(2);
    expect(mine.broadcasts.every((b: { createdAt: string }) => Date.parse(b.createdAt) < NOW.getTime())).toBe(true);
    const principal = await sessionCookie(db, await userIdByMobile(DEMO_ACCOUNTS.principal), NOW);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/schools/${summary.schoolIds[0]}/broadcasts`,
        headers: { cookie: principal },
      })
    ).json();
    expect(list.broadcasts).toHaveLength(6);
    // Older notices were read by more of their students than the newest.
    const share = (b: { studentsRead: number; students: number }) => b.studentsRead / b.students;
    expect(share(list.broadcasts[list.broadcasts.length - 1])).toBeGreaterThan(share(list.broadcasts[0]));
    expect(
      list.broadcasts.every(
        (b: { studentsRead: number; students: number }) => b.studentsRead <= b.students && b.students > 0,
      ),
    ).toBe(true);
  });

  it('has grade VII’s doubts: Aarav’s three, one answer not seen yet; the maths teacher’s open ones (issue #26)', async () => {
    const db = t.database.db;
    const cookie = await sessionCookie(db, await userIdByMobile(DEMO_ACCOUNTS.student), NOW);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/me/doubts', headers: { cookie } })).json();
    expect(mine.doubts).toHaveLength(3);
    expect(mine.unseenAnswers).toBe(1);
    expect(
      mine.doubts.every(
        (d: { askedAt: string; answers: { at: string }[] }) =>
          Date.parse(d.askedAt) < NOW.getTime() && d.answers.every((a) => Date.parse(a.at) < NOW.getTime()),
      ),
    ).toBe(true);
    const farhan = await sessionCookie(db, await userIdByMobile(DEMO_ACCOUNTS.mathsScienceTeacher), NOW);
    const open = (
      await t.app.inject({ method: 'GET', url: '/api/v1/doubts?status=open', headers: { cookie: farhan } })
    ).json();
    const answered = (
      await t.app.inject({ method: 'GET', url: '/api/v1/doubts?status=answered', headers: { cookie: farhan } })
    ).json();
    // Farhan teaches maths in grade VII: its open doubt is his to answer; science's are not his.
    expect(open.doubts.length).toBeGreaterThanOrEqual(1);
    expect(
      [...open.doubts, ...answered.doubts].every(
        (d: { subject: { slug: string }; canAnswer: boolean }) => d.subject.slug === 'maths' && d.canAnswer,
      ),
    ).toBe(true);
    expect(answered.doubts.length).toBeGreaterThanOrEqual(2);
  });

  it('lets families sign up at the family-paid school with its code; Kabir’s mother made his account and her consent is in force', async () => {
    const db = t.database.db;
    const school = await t.app.inject({ method: 'GET', url: `/api/v1/sign-up/schools/${DEMO_SIGN_UP_CODE}` });
    expect(school.statusCode, school.body).toBe(200);
    expect(school.json()).toMatchObject({ familiesPay: true });
    const kabir = await userIdByMobile(DEMO_PLAN_STUDENTS.neverPaid.mobile);
    const cookie = await sessionCookie(db, await userIdByMobile(DEMO_FAMILY_PARENT.mobile), NOW);
    const privacy = await t.app.inject({
      method: 'GET',
      url: `/api/v1/students/${kabir}/privacy`,
      headers: { cookie },
    });
    expect(privacy.json().consent).toMatchObject({ givenBy: 'Sunita Mehta', withdrawnAt: null, canWithdraw: true });
    expect(new Date(privacy.json().consent.givenAt).getTime()).toBeLessThan(NOW.getTime());
    // Only Kabir's account is a family's: every other child's consent is the school's.
    expect(await count('parental_consents')).toBe(1);
  });

  it('simulates believable activity: some never play, most records are recent enough to count', async () => {
    const played = await count('student_stats');
    const students = await count('student_enrolments');
    expect(played).toBeGreaterThan(students * 0.6);
    expect(played).toBeLessThan(students);
    const active = await count('student_stats', sql`last_activity_at >= ${new Date(NOW.getTime() - 30 * 86_400_000)}`);
    expect(active).toBeGreaterThan(0);
    expect(active).toBeLessThan(played);
    expect(await count('learning_records', sql`finished_at > ${NOW}`)).toBe(0);
    const kinds = await t.database.db.selectFrom('learning_records').select('kind').distinct().execute();
    // Games, and the records of finished quiz and test attempts (assessment-demo.ts).
    expect(kinds.map((k) => k.kind).sort()).toEqual(['quiz', 'revise', 'test', 'topic', 'treasure']);
  });

  it('is deterministic for a seed', async () => {
    const other = await buildTestApp();
    try {
      await generateDemoChain(other.database, { schools: 2, studentsPerSchool: 48, seed: 7, now: NOW });
      const fingerprint = (db: typeof t.database.db) =>
        sql<{
          n: number;
          lc: number;
          s: number;
        }>`select count(*) as n, sum(learning_currency) as lc, sum(total_score) as s from student_stats`.execute(db);
      expect((await fingerprint(other.database.db)).rows).toEqual((await fingerprint(t.database.db)).rows);
    } finally {
      await other.close();
    }
  }, 180_000);

  it('writes rollups identical to a rebuild through the ingest code', async () => {
    const tables = [
      'student_topic_stats',
      'student_chapter_stats',
      'student_subject_practice_stats',
      'student_subject_stats',
      'student_stats',
      'student_daily_stats',
    ] as const;
    const snapshot = async () => {
      const out: unknown[] = [];
      for (const table of tables)
        out.push(
          await t.database.db
            .selectFrom(table)
            .selectAll()
            .orderBy('student_id')
            .orderBy(sql`2`)
            .execute(),
        );
      return out;
    };
    const before = await snapshot();
    const students = await t.database.db.selectFrom('student_enrolments').select('student_id').execute();
    for (const s of students) await unsafeRebuildStudent({ database: t.database }, s.student_id);
    expect(await snapshot()).toEqual(before);
  });

  it('has teachers’ quizzes and tests: published, assigned, a draft, one opening later, finished attempts with their records', async () => {
    const db = t.database.db;
    const farhan = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.mathsScienceTeacher)
      .executeTakeFirstOrThrow();
    const quizzes = await db.selectFrom('assessments').select(['id', 'status', 'kind', 'created_by']).execute();
    expect(
      quizzes
        .filter((q) => q.created_by === farhan.id)
        .map((q) => q.status)
        .sort(),
    ).toEqual(['draft', 'published', 'published', 'published', 'published']);
    expect(new Set(quizzes.map((q) => q.kind))).toEqual(new Set(['quiz', 'test']));
    expect(await count('assessment_assignments', sql`opens_at > ${NOW}`)).toBe(1);
    expect(await count('assessment_assignments', sql`opens_at <= ${NOW} and closes_at > ${NOW}`)).toBe(1);
    const finished = await count('assessment_attempts', sql`finished_at is not null`);
    expect(finished).toBeGreaterThan(10);
    expect(await count('assessment_attempts', sql`finished_at > ${NOW} or started_at > ${NOW}`)).toBe(0);
    // In a school's day in India: open from 08:00, closing at 20:00; attempts started and answers marked between 07:00 and 21:00.
    expect(
      await count(
        'assessment_assignments',
        sql`extract(hour from opens_at at time zone 'Asia/Kolkata') <> 8 or extract(hour from closes_at at time zone 'Asia/Kolkata') <> 20`,
      ),
    ).toBe(0);
    expect(
      await count(
        'assessment_attempts',
        sql`extract(hour from started_at at time zone 'Asia/Kolkata') not between 7 and 20`,
      ),
    ).toBe(0);
    expect(
      await count(
        'attempt_answers',
        sql`marked_at is not null and extract(hour from marked_at at time zone 'Asia/Kolkata') not between 7 and 20`,
      ),
    ).toBe(0);
    // Every finished attempt has its record, and only those.
    expect(await count('learning_records', sql`attempt_id is not null`)).toBe(finished);
    expect(
      await count(
        'assessment_attempts',
        sql`finished_at is not null and not exists (select 1 from learning_records r where r.id = assessment_attempts.record_id and r.attempt_id = assessment_attempts.id)`,
      ),
    ).toBe(0);
    // Marks and counts as the engine and migration 0021 would keep them.
    const sums = await sql<{ n: number }>`
      select count(*)::int as n from assessment_attempts t
      where t.finished_at is not null and (
        t.marks <> (select coalesce(sum(x.marks), 0) from attempt_answers x where x.attempt_id = t.id)
        or t.answered_count <> (select count(*) from attempt_answers x where x.attempt_id = t.id and x.type <> 'open_ended' and x.answered_at is not null)
        or t.correct_count <> (select count(*) from attempt_answers x where x.attempt_id = t.id and x.correct))`.execute(
      db,
    );
    expect(sums.rows[0]!.n).toBe(0);
    // A quiz answer's marks follow quizQuestionMarks on the server's time less the network allowance.
    const answers = await sql<{ correct: boolean; marks: number; seconds: number }>`
      select x.correct, x.marks, extract(epoch from x.answered_at - x.served_at)::float8 as seconds
      from attempt_answers x join assessment_attempts t on t.id = x.attempt_id
      where t.kind = 'quiz' and t.finished_at is not null and x.answered_at is not null`.execute(db);
    expect(answers.rows.length).toBeGreaterThan(10);
    for (const a of answers.rows)
      expect(a.marks).toBe(
        quizQuestionMarks({
          answered: true,
          correct: a.correct,
          seconds: a.seconds - ANSWER_NETWORK_ALLOWANCE_SECONDS,
        }),
      );
    // Written answers: some marked, some waiting in Farhan's queue; his report has participants.
    expect(await count('attempt_answers', sql`type = 'open_ended' and marked_at is not null`)).toBeGreaterThan(0);
    const cookie = await sessionCookie(db, farhan.id, NOW);
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/assessment/marking', headers: { cookie } });
    expect(queue.json().items.length).toBeGreaterThan(0);
    const reports = await t.app.inject({
      method: 'GET',
      url: '/api/v1/assessment/reports?from=2026-10-01&to=2026-11-20',
      headers: { cookie },
    });
    const rows = reports.json().rows as { participants: number; accuracy: number | null }[];
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.participants > 0 && r.accuracy !== null)).toBe(true);
    // Aarav finished the closed quiz and left the open test for the visitor.
    const aarav = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.student)
      .executeTakeFirstOrThrow();
    const his = await sql<{ open: boolean; finished: boolean }>`
      select g.closes_at > ${NOW} as open, t.finished_at is not null as finished
      from assessment_attempts t join assessment_assignments g on g.id = t.assignment_id where t.student_id = ${aarav.id}`.execute(
      db,
    );
    expect(his.rows).toEqual([{ open: false, finished: true }]);
  });

  it('has a staffroom chat: the demo teacher signs in to 5 unread messages in 2 rooms, as the app counts them (issue #25)', async () => {
    const db = t.database.db;
    const teacher = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.teacher)
      .executeTakeFirstOrThrow();
    const cookie = await sessionCookie(db, teacher.id, NOW);
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } })).json();
    expect(await get('/chat/unread')).toEqual({ total: 5, rooms: 2 });
    const { rooms } = (await get('/chat/rooms')) as {
      rooms: { id: number; name: string; kind: string; unread: number; lastMessage: { sentAt: string } }[];
    };
    expect(rooms.map((r) => [r.kind, r.unread])).toEqual([
      ['group', 4],
      ['direct', 1],
    ]);
    expect(rooms[0]!.name).toBe('Grade 6-8 teachers');
    expect(rooms[0]!.lastMessage.sentAt).toBe(new Date(NOW.getTime() - 40 * 60_000).toISOString());
    const history = (await get(`/chat/rooms/${rooms[0]!.id}/messages`)) as { messages: { text: string }[] };
    expect(history.messages).toHaveLength(7);
    expect(history.messages[0]!.text).toMatch(/^Good morning everyone/);
    // Two meetings: the teacher's review, running since the last quarter hour, and the principal's weekly one.
    const { meetings } = (await get('/chat/meetings')) as {
      meetings: { title: string; startsAt: string; endsAt: string; isOrganiser: boolean; people: unknown[] }[];
    };
    expect(meetings.map((m) => [m.title, m.startsAt, m.endsAt, m.isOrganiser, m.people.length])).toEqual([
      ['Grade 7 results review', '2026-11-20T10:00:00.000Z', '2026-11-20T11:00:00.000Z', true, 3],
      ['Weekly staff meeting', '2026-11-21T10:30:00.000Z', '2026-11-21T11:15:00.000Z', false, 4],
    ]);
  });

  it('has a school calendar around today: the demo student sees their class’s and the school’s events, on school days (issue #26)', async () => {
    const db = t.database.db;
    const student = await db
      .selectFrom('users')
      .select('id')
      .where('login_code', '=', DEMO_STUDENT_CODE)
      .executeTakeFirstOrThrow();
    const cookie = await sessionCookie(db, student.id, NOW);
    // NOW is Friday 20 November, 15:30 in India: the two weeks from Monday the 16th.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/events?from=2026-11-16T00:00:00%2B05:30&to=2026-11-30T00:00:00%2B05:30',
      headers: { cookie },
    });
    const { events } = res.json() as {
      events: {
        name: string;
        start: string;
        grade: number | null;
        joinUrl: string | null;
        liveClass: { path: string } | null;
        hostName: string | null;
        canEdit: boolean;
      }[];
    };
    expect(events.map((e) => [e.name, e.start])).toEqual([
      ['Live maths class: ratio and proportion', '2026-11-20T09:45:00.000Z'],
      ['Live maths class: fractions', '2026-11-21T10:30:00.000Z'],
      ['Science on TV: the story of light', '2026-11-21T12:00:00.000Z'],
      ['Science unit test: Light', '2026-11-23T04:30:00.000Z'],
      ['Doubt-clearing class: light and shadows', '2026-11-23T09:30:00.000Z'],
      ['Maths on Swayam Prabha: integers', '2026-11-24T04:30:00.000Z'],
      ['Parent-teacher meeting', '2026-11-25T04:00:00.000Z'],
    ]);
    expect(events[1]!.liveClass?.path).toMatch(/^\/liveclass\/\d+\/\d+\/[0-9a-f]{12}\/jitsi$/);
    expect(events[2]!.hostName).toBe('DD Sahyadri');
    expect(events.every((e) => !e.canEdit)).toBe(true);
    // Day 9 falls on Sunday the 29th: the field trip is on Monday.
    const later = await t.app.inject({
      method: 'GET',
      url: '/api/v1/calendar/events?from=2026-11-29T00:00:00%2B05:30&to=2026-12-01T00:00:00%2B05:30',
      headers: { cookie },
    });
    expect((later.json() as { events: { name: string; start: string }[] }).events).toMatchObject([
      { name: 'Field trip: Science Centre', start: '2026-11-30T03:00:00.000Z' },
    ]);
  });

  it('has a grade VII class live now, the coming classes and TV programmes, and last week’s register (issue #26)', async () => {
    const db = t.database.db;
    const aarav = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.student)
      .executeTakeFirstOrThrow();
    const teacher = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.teacher)
      .executeTakeFirstOrThrow();
    const get = async (id: number, url: string) =>
      (
        await t.app.inject({ url: `/api/v1${url}`, headers: { cookie: await sessionCookie(db, Number(id), NOW) } })
      ).json();
    const mine = (await get(aarav.id, '/live-classes')) as {
      classes: { name: string; status: string; open: boolean }[];
      programmes: { name: string; by: string }[];
    };
    expect(mine.classes.map((c) => [c.name, c.status, c.open])).toEqual([
      ['Live maths class: ratio and proportion', 'live', true],
      ['Live maths class: fractions', 'scheduled', false],
      ['Doubt-clearing class: light and shadows', 'scheduled', false],
    ]);
    expect(mine.programmes.map((p) => [p.name, p.by])).toEqual([
      ['Science on TV: the story of light', 'DD Sahyadri'],
      ['Maths on Swayam Prabha: integers', 'Swayam Prabha, channel 23'],
    ]);
    const staff = (await get(teacher.id, '/live-classes')) as {
      classes: { id: number; attendance: number }[];
      recent: { id: number; name: string; attendance: number }[];
    };
    expect(staff.classes[0]!.attendance).toBeGreaterThan(0);
    expect(staff.recent.map((r) => r.name)).toEqual(['Science quiz review']);
    const register = (await get(teacher.id, `/live-classes/${staff.recent[0]!.id}/attendance`)) as {
      present: number;
      total: number;
      students: { id: number; firstJoinedAt: string | null }[];
    };
    expect(register.present / register.total).toBeGreaterThan(0.7);
    expect(register.students.find((s) => s.id === Number(aarav.id))?.firstJoinedAt).not.toBeNull();
  });

  it('gives the demo teacher a drive of real PDFs, some shared with grade VII (issue #26)', async () => {
    expect((await fileTypeFromBuffer(simplePdf('Title (1)', ['A line', 'Ünïcode is replaced'])))?.mime).toBe(
      'application/pdf',
    );
    const db = t.database.db;
    await loadDriveDemo(t.database, t.files, NOW);
    const teacher = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.teacher)
      .executeTakeFirstOrThrow();
    const aarav = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.student)
      .executeTakeFirstOrThrow();
    const get = async (id: number, url: string) =>
      t.app.inject({ url: `/api/v1${url}`, headers: { cookie: await sessionCookie(db, Number(id), NOW) } });
    const top = (await get(teacher.id, '/drive')).json() as {
      folders: { name: string }[];
      files: { name: string }[];
      usedBytes: number;
    };
    expect(top.folders.map((f) => f.name)).toEqual(['Class VII worksheets', 'Notes']);
    expect(top.files.map((f) => f.name)).toEqual(['Unit test timetable.pdf']);
    const shared = (await get(aarav.id, '/me/shared-files')).json() as {
      files: { id: string; name: string; sharedBy: string }[];
    };
    expect(shared.files.map((f) => f.name)).toContain('Fractions practice sheet.pdf');
    const pdf = await get(aarav.id, `/drive/files/${shared.files[0]!.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });

  it('gives the demo student bookmarks and topic ratings of topics they played', async () => {
    const aarav = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO_ACCOUNTS.student)
      .executeTakeFirstOrThrow();
    const played = sql`topic_id in (select topic_id from student_topic_stats where student_id = ${aarav.id})`;
    expect(await count('concept_bookmarks', sql`student_id = ${aarav.id}`)).toBeGreaterThan(0);
    expect(await count('concept_bookmarks', sql`student_id = ${aarav.id} and not ${played}`)).toBe(0);
    expect(await count('question_bookmarks', sql`student_id = ${aarav.id}`)).toBeGreaterThan(0);
    expect(
      await count('topic_ratings', sql`student_id = ${aarav.id} and rating between 1 and 5 and ${played}`),
    ).toBeGreaterThan(0);
  });
});

/**
 * The browser journeys sign in as the demo student and play chapters he has not started; staff
 * journeys read his recent figures. That must hold on whatever date the demo is loaded (issue #20:
 * CI went red on 2026-11-26 when his untouched science chapters ran out): today, the next day, weeks
 * and months on, the first minutes of an academic year, and midnights in UTC and India.
 */
describe('the demo student, whatever the date', () => {
  const DATES = [
    '2026-11-26T06:30:00Z',
    '2026-11-27T06:30:00Z',
    '2026-12-13T06:30:00Z',
    '2027-06-14T06:30:00Z',
    '2027-06-10T03:30:00Z',
    '2028-02-29T23:59:59Z',
  ];
  it.each(DATES)(
    'on %s has untouched chapters in every subject, recent play and nothing in the future',
    async (iso) => {
      const now = new Date(iso);
      const app = await buildTestApp();
      try {
        await generateDemoChain(app.database, { schools: 1, studentsPerSchool: 4, seed: 1, now });
        const db = app.database.db;
        const aarav = await db
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', DEMO_ACCOUNTS.student)
          .executeTakeFirstOrThrow();
        const perSubject = await sql<{ slug: string; chapters: number; untouched: number }>`
        select s.slug, count(*)::int as chapters,
          count(*) filter (where not exists (
            select 1 from learning_records r where r.student_id = ${aarav.id} and r.chapter_id = c.id))::int as untouched
        from student_enrolments e
        join chapters c on c.board_id = e.board_id and c.grade = e.grade
        join subjects s on s.id = c.subject_id
        where e.student_id = ${aarav.id}
        group by s.slug`.execute(db);
        const science = perSubject.rows.find((r) => r.slug === 'science');
        expect(science, 'grade VII has science').toBeDefined();
        for (const row of perSubject.rows) {
          expect(row.untouched, row.slug).toBeGreaterThanOrEqual(
            Math.min(DEMO_STUDENT_UNREACHED_CHAPTERS, row.chapters - 1),
          );
        }
        const fortnight = new Date(now.getTime() - 14 * 86_400_000);
        const mine = async (where: ReturnType<typeof sql>) =>
          Number(
            (
              await sql<{
                n: number;
              }>`select count(*) as n from learning_records where student_id = ${aarav.id} and ${where}`.execute(db)
            ).rows[0]!.n,
          );
        expect(await mine(sql`finished_at >= ${fortnight}`), 'played in the last fortnight').toBeGreaterThan(3);
        expect(await mine(sql`true`), 'months of play').toBeGreaterThan(30);
        expect(await mine(sql`finished_at > ${now}`), 'nothing in the future').toBe(0);
        const early = await sql<{ n: number }>`
        select count(*) as n from learning_records r join student_enrolments e on e.student_id = r.student_id
        where r.finished_at < e.enrolled_at`.execute(db);
        expect(Number(early.rows[0]!.n), 'nothing before enrolment').toBe(0);
      } finally {
        await app.close();
      }
    },
    180_000,
  );
});
