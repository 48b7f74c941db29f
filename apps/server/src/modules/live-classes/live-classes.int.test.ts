/**
 * Live classes and educational TV through the real app (issue #26): staff schedule a class on the
 * calendar of a school with the liveclasses product; the class's students see it, join through the
 * provider stand-ins (Jitsi's iframe API, BigBlueButton's signed join link, checked as BigBlueButton
 * checks it) from 10 minutes before the start to the end; the register; programmes; schools without
 * the product; the calendar keeps a live class a class.
 */
import {
  CALENDAR_END_AFTER_START,
  LIVE_CLASS_GRADE_REQUIRED,
  LIVE_CLASS_TOO_LONG,
  LIVE_ENTER_NAME,
  type CalendarEvent,
  type LiveAttendance,
  type LiveLaunch,
  type LiveList,
  type LiveSession,
} from '@ki/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let school = 0;
let plain = 0;
let board = 0;
let maths = 0;
// The test clock: 2026-11-20T10:00:00Z (15:30 IST).
const at = (minutes: number) => new Date(Date.parse('2026-11-20T10:00:00Z') + minutes * 60_000).toISOString();

async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const liveClass = (extra: Record<string, unknown> = {}) => ({
  name: 'Fractions, live',
  description: 'Bring your notebook',
  start: at(5),
  end: at(65),
  schoolId: school,
  boardId: board,
  grade: 7,
  subjectId: maths,
  provider: 'jitsi',
  ...extra,
});
const schedule = async (who: string, extra: Record<string, unknown> = {}) => {
  const res = await call(who, 'POST', '/live-classes', liveClass(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as LiveSession;
};
const roomOf = (s: LiveSession) => s.joinPath!.split('/')[4]!;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Live Trust');
  board = await createBoard(db, 'LIVE');
  school = await createSchool(db, { chainId: chain, boardId: board, grades: [7, 8], name: 'Live School' });
  plain = await createSchool(db, { chainId: chain, boardId: board, grades: [7], name: 'Plain School' });
  await db
    .updateTable('schools')
    .set({ activated_products: ['liveclasses'] })
    .where('id', '=', school)
    .execute();
  maths = (
    await createCurriculum(db, {
      boardId: board,
      grade: 7,
      subjectSlug: 'live-maths',
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
  ids.principal = await createStaff(db, 'principal', { schoolIds: [school] });
  ids.plainPrincipal = await createStaff(db, 'principal', { schoolIds: [plain] });
  ids.seven = await createStudent(db, { schoolId: school, boardId: board, grade: 7, firstName: 'Asha' });
  ids.sevenToo = await createStudent(db, { schoolId: school, boardId: board, grade: 7, firstName: 'Bala' });
  ids.eight = await createStudent(db, { schoolId: school, boardId: board, grade: 8 });
  ids.plainStudent = await createStudent(db, { schoolId: plain, boardId: board, grade: 7 });
  ids.parent = await createUser(db, 'parent');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
});

afterAll(async () => {
  await t.close();
});

describe('live classes', () => {
  it('refuses a nameless class, a class without a grade, an end before the start and one over four hours, in the contract’s words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ grade: undefined }, LIVE_CLASS_GRADE_REQUIRED],
      [{ end: at(0) }, CALENDAR_END_AFTER_START],
      [{ end: at(5 + 241) }, LIVE_CLASS_TOO_LONG],
    ];
    for (const [extra, message] of cases) {
      const res = await call('teacher', 'POST', '/live-classes', liveClass(extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.body).toContain(message);
    }
    const blank = await call('seven', 'POST', '/live-classes/1/join', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(LIVE_ENTER_NAME);
  });

  it('lets staff schedule only where they may write the calendar, at a school with the product', async () => {
    expect((await call('eightTeacher', 'POST', '/live-classes', liveClass())).statusCode).toBe(403);
    expect((await call('seven', 'POST', '/live-classes', liveClass())).statusCode).toBe(403);
    const plainClass = await call(
      'plainPrincipal',
      'POST',
      '/live-classes',
      liveClass({ schoolId: plain, subjectId: null }),
    );
    expect(plainClass.statusCode).toBe(403);
    expect(plainClass.json().code).toBe('LIVE_CLASSES_NOT_IN_PLAN');
  });

  it('shows a scheduled class to its class, opens it 10 minutes before the start, and keeps the register', async () => {
    t.setNow(new Date(at(-20)));
    const s = await schedule('teacher');
    expect(s).toMatchObject({
      kind: 'class',
      status: 'scheduled',
      open: false,
      provider: 'jitsi',
      grade: 7,
      attendance: 0,
      canEdit: true,
    });
    expect(s.joinPath).toMatch(new RegExp(`^/liveclass/\\d+/${school}/[a-z0-9]{12}/jitsi$`));

    const list = (await call('seven', 'GET', '/live-classes')).json() as LiveList;
    expect(list.classes.map((c) => c.name)).toEqual(['Fractions, live']);
    expect(list.classes[0]).toMatchObject({ attendance: null, canEdit: false, by: expect.any(String) });
    expect(((await call('eight', 'GET', '/live-classes')).json() as LiveList).classes).toEqual([]);
    // The join page's class: its class and staff; another grade's student finds nothing.
    expect((await call('seven', 'GET', `/live-classes/rooms/${school}/${roomOf(s)}`)).json()).toMatchObject({
      id: s.id,
    });
    expect((await call('eight', 'GET', `/live-classes/rooms/${school}/${roomOf(s)}`)).statusCode).toBe(404);
    expect((await call('seven', 'GET', `/live-classes/rooms/${school}/aaaaaaaaaaaa`)).statusCode).toBe(404);
    // It also is on the calendar, with its join page.
    const calendar = (
      await call(
        'seven',
        'GET',
        `/calendar/events?from=${encodeURIComponent(at(-60))}&to=${encodeURIComponent(at(120))}`,
      )
    ).json() as { events: CalendarEvent[] };
    expect(calendar.events.find((e) => e.id === s.id)?.liveClass).toEqual({ path: s.joinPath, provider: 'jitsi' });

    // 25 minutes before the start: not open yet.
    const early = await call('seven', 'POST', `/live-classes/${s.id}/join`, { name: 'Asha' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'LIVE_CLASS_NOT_OPEN',
      message: 'This class opens 10 minutes before it starts',
    });

    t.setNow(new Date(at(-5)));
    const joined = await call('seven', 'POST', `/live-classes/${s.id}/join`, { name: 'Asha K.' });
    expect(joined.statusCode, joined.body).toBe(200);
    const launch = joined.json() as LiveLaunch;
    expect(launch).toMatchObject({
      provider: 'jitsi',
      scriptUrl: '/api/v1/dev/live/jitsi/external_api.js',
      displayName: 'Asha K.',
    });
    if (launch.provider !== 'jitsi') throw new Error('jitsi');
    expect(launch.roomName).toBe(`ki-${school}-${roomOf(s)}`);
    // The stand-in's script and room page, framable by the app only.
    const script = await t.app.inject({ url: launch.scriptUrl });
    expect(script.body).toContain('window.JitsiMeetExternalAPI');
    const room = await t.app.inject({ url: `/api/v1/dev/live/jitsi/room?room=${launch.roomName}&name=%3Cb%3EAsha` });
    expect(room.body).toContain('&#60;b&#62;Asha');
    expect(room.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // Joining again keeps one row; the teacher joins as moderator and is not on the register.
    await call('seven', 'POST', `/live-classes/${s.id}/join`, { name: 'Asha' });
    expect((await call('teacher', 'POST', `/live-classes/${s.id}/join`, { name: 'Teacher' })).statusCode).toBe(200);

    const register = (await call('teacher', 'GET', `/live-classes/${s.id}/attendance`)).json() as LiveAttendance;
    expect(register).toMatchObject({ present: 1, total: 2 });
    expect(register.students.find((x) => x.id === ids.seven)).toMatchObject({
      joinedAs: 'Asha',
      firstJoinedAt: at(-5),
    });
    expect(register.students.find((x) => x.id === ids.sevenToo)).toMatchObject({ joinedAs: null, firstJoinedAt: null });
    expect((await call('principal', 'GET', `/live-classes/${s.id}/attendance`)).statusCode).toBe(200);
    expect((await call('seven', 'GET', `/live-classes/${s.id}/attendance`)).statusCode).toBe(403);
    expect((await call('plainPrincipal', 'GET', `/live-classes/${s.id}/attendance`)).statusCode).toBe(404);

    t.setNow(new Date(at(30)));
    const staffList = (await call('teacher', 'GET', '/live-classes')).json() as LiveList;
    expect(staffList.classes[0]).toMatchObject({ id: s.id, status: 'live', open: true, attendance: 1 });

    t.setNow(new Date(at(65)));
    const late = await call('seven', 'POST', `/live-classes/${s.id}/join`, { name: 'Asha' });
    expect(late.json()).toMatchObject({ code: 'LIVE_CLASS_NOT_OPEN', message: 'This class has ended' });
    const after = (await call('teacher', 'GET', '/live-classes')).json() as LiveList;
    expect(after.classes).toEqual([]);
    expect(after.recent.map((c) => [c.id, c.status, c.attendance])).toEqual([[s.id, 'ended', 1]]);
  });

  it('signs BigBlueButton join links as BigBlueButton checks them: students as viewers, staff as moderators', async () => {
    t.setNow(new Date(at(0)));
    const s = await schedule('principal', {
      provider: 'bigbluebutton',
      name: 'Science live',
      subjectId: null,
      start: at(0),
      end: at(30),
    });
    const student = (
      await call('sevenToo', 'POST', `/live-classes/${s.id}/join`, { name: 'Bala' })
    ).json() as LiveLaunch;
    const staff = (
      await call('principal', 'POST', `/live-classes/${s.id}/join`, { name: 'Principal' })
    ).json() as LiveLaunch;
    if (student.provider !== 'bigbluebutton' || staff.provider !== 'bigbluebutton') throw new Error('bbb');
    expect(student.joinUrl).toMatch(
      /^\/api\/v1\/dev\/live\/bbb\/api\/join\?fullName=Bala&meetingID=ki-\d+-[a-z0-9]{12}&role=VIEWER&userID=\d+&redirect=true&checksum=[0-9a-f]{40}$/,
    );
    const page = await t.app.inject({ url: student.joinUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p data-testid="role">viewer</p>');
    expect((await t.app.inject({ url: staff.joinUrl })).body).toContain('<p data-testid="role">moderator</p>');
    // A link changed after signing (a viewer making themselves moderator) is refused.
    const forged = await t.app.inject({ url: student.joinUrl.replace('role=VIEWER', 'role=MODERATOR') });
    expect(forged.statusCode).toBe(401);
  });

  it('lists programmes with who presents them; the calendar keeps a live class a class', async () => {
    t.setNow(new Date(at(0)));
    const programme = await call('principal', 'POST', '/calendar/events', {
      name: 'Science on TV',
      start: at(60),
      end: at(90),
      schoolId: school,
      boardId: board,
      grade: 7,
      type: 'programme',
      hostName: 'DD Sahyadri',
      joinUrl: 'https://example.org/watch',
    });
    expect(programme.statusCode, programme.body).toBe(201);
    expect(programme.json()).toMatchObject({ hostName: 'DD Sahyadri', liveClass: null });
    const list = (await call('seven', 'GET', '/live-classes')).json() as LiveList;
    expect(list.programmes.map((p) => [p.name, p.by, p.watchUrl, p.status])).toEqual([
      ['Science on TV', 'DD Sahyadri', 'https://example.org/watch', 'scheduled'],
    ]);

    const s = await schedule('teacher', { start: at(120), end: at(150) });
    const moved = await call('teacher', 'PUT', `/calendar/events/${s.id}`, {
      name: 'Fractions, moved',
      start: at(180),
      end: at(210),
      schoolId: school,
      boardId: board,
      grade: 7,
      subjectId: maths,
      type: 'class',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as CalendarEvent).liveClass).toEqual({ path: s.joinPath, provider: 'jitsi' });
    const made = await call('teacher', 'PUT', `/calendar/events/${s.id}`, {
      name: 'Now a test',
      start: at(180),
      end: at(210),
      schoolId: school,
      boardId: board,
      grade: 7,
      subjectId: maths,
      type: 'test',
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('LIVE_CLASS_STAYS_CLASS');
  });

  it('turns away students of schools without the product, parents and strangers', async () => {
    const res = await call('plainStudent', 'GET', '/live-classes');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LIVE_CLASSES_NOT_IN_PLAN');
    expect((await call('parent', 'GET', '/live-classes')).statusCode).toBe(403);
    expect((await call('nobody', 'GET', '/live-classes')).statusCode).toBe(401);
  });
});
