/**
 * Erasure of a student's data on request: who may do it, that it leaves nothing behind in any table
 * (found from the database's own foreign keys and column names, so a table added later is covered),
 * that school figures stop counting the student, and that a refused request erases nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  chapterRecord,
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from '../../test/factories';
import { storeTestAttempt } from '../../test/attempt-records';
import { STUDENT_TABLES } from './privacy.repository';
import { schoolGradeRollupDrift } from '../../test/school-grade-rollups';

let t: TestApp;
let schoolId: number;
let chapter: TestChapter;
let boardId: number;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chainId = await createChain(db);
  boardId = await createBoard(db);
  schoolId = await createSchool(db, { chainId, boardId, name: 'Erasure School' });
  const otherSchool = await createSchool(db, { chainId: await createChain(db), boardId });
  [chapter] = (await createCurriculum(db, { boardId, grade: 7, chapters: 1, topics: 2 })).chapters as [TestChapter];
  cookie.principal = await sessionCookie(db, await createStaff(db, 'principal', { schoolIds: [schoolId] }), t.now());
  cookie.otherPrincipal = await sessionCookie(
    db,
    await createStaff(db, 'principal', { schoolIds: [otherSchool] }),
    t.now(),
  );
  cookie.teacher = await sessionCookie(
    db,
    await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] }),
    t.now(),
  );
  cookie.superadmin = await sessionCookie(db, await createStaff(db, 'superadmin', { chainId }), t.now());
});
afterAll(() => t.close());

/** A student who has played, with a parent and a live session. */
async function playingStudent(firstName: string) {
  const db = t.database.db;
  const id = await createStudent(db, { schoolId, boardId, grade: 7, firstName });
  await db
    .updateTable('users')
    .set({ mobile: `+9198${String(id).padStart(8, '0')}` })
    .where('id', '=', id)
    .execute();
  const own = await sessionCookie(db, id, t.now());
  const parent = await createUser(db, 'parent');
  await linkParent(db, parent, id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/records',
    headers: { cookie: own },
    payload: {
      records: [
        topicRecord(chapter, chapter.topics[0]!, { correct: 7, seconds: 10, finishedAt: '2026-11-18T09:00:00Z' }),
        // The treasure opens once every topic of the chapter has a game.
        topicRecord(chapter, chapter.topics[1]!, { correct: 5, seconds: 10, finishedAt: '2026-11-18T10:00:00Z' }),
        chapterRecord('treasure', chapter, { correct: 6, finishedAt: '2026-11-19T09:00:00Z' }),
      ],
    },
  });
  expect(res.json().stored).toHaveLength(3);
  // A finished practice quiz: its attempt and the learning record the server wrote of it.
  await storeTestAttempt(db, {
    studentId: id,
    schoolId,
    boardId,
    grade: 7,
    subjectId: chapter.subjectId,
    finishedAt: new Date('2026-11-19T10:00:00Z'),
    correct: 3,
    wrong: 1,
    seconds: 12,
  });
  // A parent linked through the API (its audit row) and a teacher's link request name the student too.
  const linked = await t.app.inject({
    method: 'POST',
    url: `/api/v1/students/${id}/parents`,
    headers: { cookie: cookie.principal! },
    payload: { mobile: `+9197${String(id).padStart(8, '0')}`, firstName: 'Linked' },
  });
  expect(linked.statusCode).toBe(200);
  const requested = await t.app.inject({
    method: 'POST',
    url: `/api/v1/students/${id}/parent-requests`,
    headers: { cookie: cookie.teacher! },
    payload: { mobile: `+9196${String(id).padStart(8, '0')}`, firstName: 'Requested' },
  });
  expect(requested.statusCode).toBe(200);
  return { id, own, parent: await sessionCookie(db, parent, t.now()), name: `${firstName} Test` };
}

const erase = (who: string, id: number, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/students/${id}/erasure`,
    headers: { cookie: cookie[who] ?? who },
    payload: body,
  });

/** Rows anywhere that still name the student: every column that references users, plus any *student_id / user_id column. */
async function rowsNaming(studentId: number): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select distinct kcu.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and tc.table_schema = current_schema()
    union
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_name in ('student_id', 'user_id') and table_name <> 'student_erasures'`.execute(
    t.database.db,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table_name)} where ${sql.ref(column_name)} = ${studentId}`.execute(
      t.database.db,
    );
    if (rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  const user = await t.database.db.selectFrom('users').select('id').where('id', '=', studentId).executeTakeFirst();
  if (user) found.push('users.id');
  return found;
}

describe('erasing a student’s data', () => {
  it('is refused to the student, their parent, a teacher and another school’s principal', async () => {
    const s = await playingStudent('Refusa');
    for (const who of [s.own, s.parent, cookie.teacher!, cookie.otherPrincipal!]) {
      const res = await erase(who, s.id, { reason: 'Parent asked in writing', confirmName: s.name });
      expect(res.statusCode).toBe(403);
    }
    expect(await rowsNaming(s.id)).not.toEqual([]);
  });

  it('needs the student’s name typed again and a reason; a refused request erases nothing', async () => {
    const s = await playingStudent('Namecheck');
    const wrong = await erase('principal', s.id, { reason: 'Parent asked in writing', confirmName: 'Someone Else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'confirmName' } });
    const noReason = await erase('principal', s.id, { reason: '', confirmName: s.name });
    expect(noReason.statusCode).toBe(400);
    const records = await t.database.db
      .selectFrom('learning_records')
      .select('id')
      .where('student_id', '=', s.id)
      .execute();
    // Three games and the quiz's record.
    expect(records).toHaveLength(4);
  });

  it('removes every row about the student, ends their sessions, and the school stops counting them', async () => {
    const s = await playingStudent('Erasa');
    const overview = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/analytics/overview?schoolIds=${schoolId}`,
          headers: { cookie: cookie.principal! },
        })
      ).json();
    const before = await overview();
    const before404 = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: s.own } });
    expect(before404.statusCode).toBe(200);
    // Sign-in backoff counts name the student's number (wrong codes typed for it, say).
    const account = `mobile:+9198${String(s.id).padStart(8, '0')}`;
    const backoffRows = () =>
      t.database.db.selectFrom('sign_in_backoffs').select('kind').where('account', '=', account).execute();
    await t.database.db
      .insertInto('sign_in_backoffs')
      .values({ kind: 'otp', account, client_ip: '*', failures: 3, blocked_until: null, last_failure_at: t.now() })
      .execute();
    expect(await backoffRows()).toHaveLength(1);

    const res = await erase('principal', s.id, {
      reason: 'Parent’s written request of 20 Nov 2026',
      confirmName: s.name.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ studentId: s.id, erasedAt: '2026-11-20T10:00:00.000Z', records: 4 });

    expect(await rowsNaming(s.id)).toEqual([]);
    expect(await backoffRows()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: s.own } })).statusCode).toBe(401);
    const after = await overview();
    expect(after.registered).toBe(before.registered - 1);
    expect(after.active).toBe(before.active - 1);
    // The per school and grade rollups the cards read no longer count the student: equal to a rebuild.
    expect(await schoolGradeRollupDrift(t.database.db)).toEqual([]);
    // The log says who, when and why, and nothing about the child.
    const log = await t.database.db
      .selectFrom('student_erasures')
      .selectAll()
      .where('student_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ school_id: schoolId, reason: 'Parent’s written request of 20 Nov 2026', records: 4 });
    expect(JSON.stringify(log)).not.toContain('Erasa');
    // Erasing twice: the student is gone, which answers as any student outside one's scope does.
    expect((await erase('principal', s.id, { reason: 'Parent asked again', confirmName: s.name })).statusCode).toBe(
      403,
    );
  });

  it('is allowed to the chain’s super-admin', async () => {
    const s = await playingStudent('Chainerase');
    const res = await erase('superadmin', s.id, { reason: 'Student’s own request', confirmName: s.name });
    expect(res.statusCode).toBe(200);
    expect(await rowsNaming(s.id)).toEqual([]);
  });

  it('knows every table that holds a student’s rows', async () => {
    // A table referencing users that the erasure does not clear would leave a child's data behind
    // (or make erasure fail on its foreign key): add it to STUDENT_TABLES.
    const { rows } = await sql<{ table_name: string }>`
      select distinct kcu.table_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and tc.table_schema = current_schema()`.execute(
      t.database.db,
    );
    // Tables that reference users only as staff (who taught, who approved, who erased, who wrote or
    // assigned a quiz, uploaded its images, marked an answer; staff chat, whose rooms hold staff
    // only: policy/chat.ts requireColleagues; the school calendar's events).
    const staffOnly = new Set([
      'staff_schools',
      'teacher_assignments',
      'student_erasures',
      'content_submissions',
      'content_revisions',
      'assessments',
      'assessment_assignments',
      'uploaded_images',
      'attempt_answers',
      'chat_rooms',
      'chat_members',
      'chat_messages',
      'chat_files',
      'chat_calls',
      // Meetings invite colleagues only (policy/chat.ts requireColleagues).
      'chat_meetings',
      'chat_meeting_people',
      // Calendar events are written by staff only (policy/calendar.ts authorizeCreateEvent).
      'calendar_events',
      // School notices are posted by staff only (policy/broadcasts.ts authorizePostBroadcast).
      'broadcasts',
      // Answers to doubts are written by staff (policy/doubts.ts authorizeAnswerDoubt); they go with
      // the student's doubt (on delete cascade).
      'doubt_answers',
      // Drives are staff's (policy/drive.ts requireDriveOwner): their folders, files and shares.
      'drive_folders',
      'drive_files',
      'drive_shares',
      // Parents' erasure requests stay after the erasure, naming no one (student_id set null, reason
      // cleared): the school shows it did what was asked. rowsNaming proves nothing names the student.
      'erasure_requests',
      // The parent's consent records stay after the erasure without the child (student_id set null):
      // the proof that consent was asked for. They name the parent, not the child.
      'parental_consents',
    ]);
    const covered = new Set<string>(STUDENT_TABLES.map(([table]) => table));
    expect(rows.map((r) => r.table_name).filter((n) => !staffOnly.has(n) && !covered.has(n))).toEqual([]);
  });
});

describe('parents’ erasure requests (issue #27)', () => {
  const privacyOf = async (who: string, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/v1/students/${id}/privacy`, headers: { cookie: cookie[who] ?? who } });
  const ask = (who: string, id: number, reason = 'We are moving to another city') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/students/${id}/erasure-requests`,
      headers: { cookie: cookie[who] ?? who },
      payload: { reason },
    });
  const decline = (who: string, id: number, requestId: number, note: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/students/${id}/erasure-requests/${requestId}/decline`,
      headers: { cookie: cookie[who] ?? who },
      payload: { note },
    });
  async function withParentMobile(firstName: string) {
    const s = await playingStudent(firstName);
    const parentId = (
      await t.database.db
        .selectFrom('parent_links')
        .select('parent_id')
        .where('student_id', '=', s.id)
        .orderBy('parent_id')
        .executeTakeFirstOrThrow()
    ).parent_id;
    const mobile = `+9195${String(parentId).padStart(8, '0')}`;
    await t.database.db.updateTable('users').set({ mobile }).where('id', '=', parentId).execute();
    return { ...s, parentMobile: mobile };
  }

  it('lets a linked parent ask once; the school sees it, staff who cannot decide and the child do not', async () => {
    const s = await withParentMobile('Askonce');
    const before = (await privacyOf(s.parent, s.id)).json();
    expect(before).toEqual({ canExport: true, canRequestErasure: true, canErase: false, requests: [], consent: null });
    const asked = await ask(s.parent, s.id);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      status: 'pending',
      reason: 'We are moving to another city',
      decidedAt: null,
      note: '',
    });
    const again = await ask(s.parent, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');

    expect((await privacyOf(s.parent, s.id)).json()).toMatchObject({
      canRequestErasure: false,
      requests: [{ status: 'pending' }],
    });
    expect((await privacyOf('principal', s.id)).json()).toMatchObject({
      canExport: true,
      canErase: true,
      canRequestErasure: false,
      requests: [{ status: 'pending' }],
    });
    expect((await privacyOf('teacher', s.id)).json()).toEqual({
      canExport: true,
      canRequestErasure: false,
      canErase: false,
      requests: [],
      consent: null,
    });
    expect((await privacyOf(s.own, s.id)).json()).toEqual({
      canExport: true,
      canRequestErasure: false,
      canErase: false,
      requests: [],
      consent: null,
    });
    expect((await privacyOf('otherPrincipal', s.id)).statusCode).toBe(403);
    for (const who of [s.own, 'teacher', 'principal']) expect((await ask(who, s.id)).statusCode, who).toBe(403);
  });

  it('lists what waits for the school to its principal and super-admin, oldest first', async () => {
    const first = await withParentMobile('Waitingfirst');
    const second = await withParentMobile('Waitingsecond');
    await ask(first.parent, first.id, 'First');
    await ask(second.parent, second.id, 'Second');
    const list = (who: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/schools/${schoolId}/erasure-requests`,
        headers: { cookie: cookie[who] ?? who },
      });
    const res = await list('principal');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().requests.filter((r: { studentId: number }) => [first.id, second.id].includes(r.studentId));
    expect(
      mine.map((r: { studentName: string; reason: string; grade: number }) => [r.studentName, r.reason, r.grade]),
    ).toEqual([
      ['Waitingfirst Test', 'First', 7],
      ['Waitingsecond Test', 'Second', 7],
    ]);
    expect((await list('superadmin')).statusCode).toBe(200);
    for (const who of ['teacher', 'otherPrincipal', first.parent, first.own])
      expect((await list(who)).statusCode, who).toBe(403);
  });

  it('lets the school decline with a reason the parent is texted; the parent may ask again', async () => {
    const s = await withParentMobile('Declined');
    const { id } = (await ask(s.parent, s.id)).json();
    expect((await decline('teacher', s.id, id, 'Board exam records are kept')).statusCode).toBe(403);
    expect((await decline(s.parent, s.id, id, 'Board exam records are kept')).statusCode).toBe(403);
    const res = await decline('principal', s.id, id, 'Board exam records are kept until March');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'declined',
      note: 'Board exam records are kept until March',
      decidedAt: t.now().toISOString(),
    });
    expect(t.sms.last(s.parentMobile)).toContain('Board exam records are kept until March');
    expect((await decline('principal', s.id, id, 'Twice over again')).statusCode).toBe(409);
    expect((await ask(s.parent, s.id)).statusCode).toBe(201);
  });

  it('is carried out by the erasure: the request is marked erased, names no one, and the parent is texted', async () => {
    const s = await withParentMobile('Carriedout');
    const { id } = (await ask(s.parent, s.id, 'Please erase Carriedout’s data')).json();
    const res = await erase('principal', s.id, { reason: 'Parent’s request through the app', confirmName: s.name });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'erased', student_id: null, reason: '', school_id: schoolId });
    expect(t.sms.last(s.parentMobile)).toBe(
      'The school has erased your child’s data from Knowledge Islands, as you asked.',
    );
    expect(await rowsNaming(s.id)).toEqual([]);
  });
});
