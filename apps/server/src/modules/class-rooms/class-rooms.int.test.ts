/**
 * Class rooms through the real app (issue #26): a class's students with their figures, the quizzes
 * and tests set for its section or whole grade (with how many of the class finished), its calendar
 * ahead with live classes' join pages; its teachers, principals and super-admin only.
 */
import type { ClassRoom } from '@ki/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let school = 0;
let board = 0;
let maths = 0;

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: cookies[who] ? { cookie: cookies[who] } : {} });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const now = t.now();
  const chain = await createChain(db, 'Room Trust');
  const other = await createChain(db, 'Other Trust');
  board = await createBoard(db, 'ROOM');
  school = await createSchool(db, { chainId: chain, boardId: board, grades: [7, 8], name: 'Room School' });
  maths = (
    await createCurriculum(db, {
      boardId: board,
      grade: 7,
      subjectSlug: 'room-maths',
      chapters: 1,
      topics: 1,
      questions: 1,
    })
  ).subjectId;
  ids.teacher = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 7, subjectId: maths }],
  });
  ids.eightTeacher = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 8 }],
  });
  const science = (
    await createCurriculum(db, {
      boardId: board,
      grade: 7,
      subjectSlug: 'room-science',
      chapters: 1,
      topics: 1,
      questions: 1,
    })
  ).subjectId;
  ids.scienceTeacher = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 7, subjectId: science }],
  });
  ids.gradeTeacher = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 7 }],
  });
  ids.principal = await createStaff(db, 'principal', { schoolIds: [school] });
  ids.admin = await createStaff(db, 'superadmin', { chainId: chain });
  ids.otherAdmin = await createStaff(db, 'superadmin', { chainId: other });
  ids.zoya = await createStudent(db, { schoolId: school, boardId: board, grade: 7, firstName: 'Zoya' });
  ids.arjun = await createStudent(db, { schoolId: school, boardId: board, grade: 7, firstName: 'Arjun' });
  ids.inB = await createStudent(db, { schoolId: school, boardId: board, grade: 7, firstName: 'Bina' });
  await db.updateTable('student_enrolments').set({ section: 'B' }).where('student_id', '=', ids.inB).execute();
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, now);

  const quiz = await db
    .insertInto('assessments')
    .values({
      school_id: school,
      created_by: ids.teacher,
      kind: 'quiz',
      name: 'Integers quiz',
      board_id: board,
      grade: 7,
      subject_id: maths,
      duration_minutes: 20,
      status: 'published',
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assign = (section: string | null, opensIn: number, closesIn: number) =>
    db
      .insertInto('assessment_assignments')
      .values({
        assessment_id: quiz.id,
        school_id: school,
        grade: 7,
        section,
        opens_at: new Date(now.getTime() + opensIn * 3_600_000),
        closes_at: new Date(now.getTime() + closesIn * 3_600_000),
        assigned_by: ids.teacher,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const open = await assign('A', -2, 24);
  await assign(null, 48, 72);
  await assign('B', -2, 24);
  await assign('A', -24 * 40, -24 * 35);
  await db
    .insertInto('assessment_attempts')
    .values({
      id: '0b6f3c1e-7a1d-4c1e-9a55-2f1c3d4e5f60',
      student_id: ids.zoya,
      school_id: school,
      board_id: board,
      grade: 7,
      subject_id: maths,
      kind: 'quiz',
      assessment_id: quiz.id,
      assignment_id: open.id,
      question_count: 1,
      started_at: now,
      deadline_at: new Date(now.getTime() + 1_200_000),
      finished_at: now,
      finish_reason: 'submitted',
      max_marks: 1,
    })
    .execute();
  await db
    .insertInto('calendar_events')
    .values([
      {
        school_id: school,
        board_id: board,
        grade: 7,
        subject_id: maths,
        name: 'Fractions live',
        starts_at: new Date(now.getTime() + 3_600_000),
        ends_at: new Date(now.getTime() + 7_200_000),
        type: 'class',
        join_url: null,
        service_name: 'jitsi',
        live_room: 'roomroomroom',
        live_provider: 'jitsi',
        created_by: ids.teacher,
        created_at: now,
        updated_at: now,
      },
      {
        school_id: school,
        board_id: null,
        grade: null,
        subject_id: null,
        name: 'Sports day',
        starts_at: new Date(now.getTime() + 3 * 86_400_000),
        ends_at: new Date(now.getTime() + 3 * 86_400_000 + 3_600_000),
        type: 'event',
        join_url: null,
        service_name: null,
        created_by: ids.principal,
        created_at: now,
        updated_at: now,
      },
      {
        school_id: school,
        board_id: board,
        grade: 8,
        subject_id: null,
        name: 'Grade 8 test',
        starts_at: new Date(now.getTime() + 3_600_000),
        ends_at: new Date(now.getTime() + 7_200_000),
        type: 'test',
        join_url: null,
        service_name: null,
        created_by: ids.principal,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('class rooms', () => {
  it('shows a section’s students, its and its grade’s quizzes with who finished, and its calendar ahead', async () => {
    const res = await get('teacher', `/class-rooms/${school}/${board}/7/A`);
    expect(res.statusCode, res.body).toBe(200);
    const room = res.json() as ClassRoom;
    expect(room).toMatchObject({ schoolName: 'Room School', boardName: 'ROOM board', grade: 7, section: 'A' });
    expect(room.students.map((s) => s.id)).toEqual([ids.arjun, ids.zoya]);
    expect(room.students[0]).toMatchObject({ topicsCompleted: 0, knowledgeCurrency: 0, lastActiveAt: null });
    // Section A's open quiz (Zoya finished it), the whole grade's coming one; not B's, nor one closed over 30 days ago.
    expect(room.assignments.map((a) => [a.status, a.finished])).toEqual([
      ['open', 1],
      ['upcoming', 0],
    ]);
    expect(room.upcoming.map((e) => [e.name, e.liveClassPath])).toEqual([
      ['Fractions live', expect.stringMatching(/^\/liveclass\/\d+\/\d+\/roomroomroom\/jitsi$/)],
      ['Sports day', null],
    ]);
    const b = (await get('teacher', `/class-rooms/${school}/${board}/7/B`)).json() as ClassRoom;
    expect(b.students.map((s) => s.id)).toEqual([ids.inB]);
    expect(b.assignments.map((a) => [a.status, a.finished])).toEqual([
      ['open', 0],
      ['upcoming', 0],
    ]);
  });

  it('says whose quiz reports the reader may open: not a colleague’s of another subject (its report answers 404 to them)', async () => {
    const reportOpen = async (who: string) => {
      const room = (await get(who, `/class-rooms/${school}/${board}/7/A`)).json() as ClassRoom;
      return room.assignments.map((a) => a.reportOpen);
    };
    for (const who of ['teacher', 'gradeTeacher', 'principal', 'admin'])
      expect(await reportOpen(who), who).toEqual([true, true]);
    expect(await reportOpen('scienceTeacher')).toEqual([false, false]);
    // The flag agrees with the report itself.
    const [open] = ((await get('teacher', `/class-rooms/${school}/${board}/7/A`)).json() as ClassRoom).assignments;
    expect((await get('teacher', `/assessment/reports/${open!.id}`)).statusCode).toBe(200);
    expect((await get('gradeTeacher', `/assessment/reports/${open!.id}`)).statusCode).toBe(200);
    expect((await get('scienceTeacher', `/assessment/reports/${open!.id}`)).statusCode).toBe(404);
  });

  it('is for the class’s teachers, the school’s principals and the chain’s super-admin', async () => {
    for (const who of ['teacher', 'scienceTeacher', 'principal', 'admin'])
      expect((await get(who, `/class-rooms/${school}/${board}/7/A`)).statusCode).toBe(200);
    for (const who of ['eightTeacher', 'otherAdmin'])
      expect((await get(who, `/class-rooms/${school}/${board}/7/A`)).statusCode).toBe(404);
    expect((await get('zoya', `/class-rooms/${school}/${board}/7/A`)).statusCode).toBe(403);
    expect((await get('nobody', `/class-rooms/${school}/${board}/7/A`)).statusCode).toBe(401);
    // A grade the school does not teach, a school that does not exist, a bad section.
    expect((await get('principal', `/class-rooms/${school}/${board}/9/A`)).statusCode).toBe(404);
    expect((await get('admin', `/class-rooms/999999/${board}/7/A`)).statusCode).toBe(404);
    expect((await get('principal', `/class-rooms/${school}/${board}/7/A%3B`)).statusCode).toBe(400);
  });
});
