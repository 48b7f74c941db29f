/**
 * The school calendar through the real app (issue #26): staff put events on classes they work with,
 * students and parents see their school's and class's, teachers their grades', principals their
 * schools', super-admins their chain's; changes by author, principal and super-admin only; the
 * private iCalendar link.
 */
import {
  CALENDAR_END_AFTER_START,
  CALENDAR_EVENT_MAX_DAYS,
  CALENDAR_GRADE_NEEDS_BOARD,
  CALENDAR_JOIN_URL_HTTPS,
  CALENDAR_NAME_REQUIRED,
  type CalendarEvent,
  type CalendarEventsResponse,
  type CalendarFeedLink,
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
  linkParent,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let school = 0;
let sister = 0;
let far = 0;
let board = 0;
let science = 0;
let maths = 0;

async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
/** An event of one hour at 10:00 IST on 2026-12-02, for the whole school unless told. */
const event = (extra: Record<string, unknown> = {}) => ({
  name: 'Annual day rehearsal',
  start: '2026-12-02T10:00:00+05:30',
  end: '2026-12-02T11:00:00+05:30',
  schoolId: school,
  type: 'event',
  ...extra,
});
const WEEK = '?from=2026-11-30T00:00:00%2B05:30&to=2026-12-07T00:00:00%2B05:30';
const namesSeen = async (who: string) =>
  ((await call(who, 'GET', `/calendar/events${WEEK}`)).json() as CalendarEventsResponse).events
    .map((e) => e.name)
    .sort();
const create = async (who: string, extra: Record<string, unknown> = {}) => {
  const res = await call(who, 'POST', '/calendar/events', event(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarEvent;
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const chain = await createChain(db, 'Calendar Trust');
  const otherChain = await createChain(db, 'Other Trust');
  board = await createBoard(db, 'CAL');
  school = await createSchool(db, { chainId: chain, boardId: board, grades: [7, 8], name: 'Calendar School' });
  sister = await createSchool(db, { chainId: chain, boardId: board, grades: [7], name: 'Sister School' });
  far = await createSchool(db, { chainId: otherChain, boardId: board, grades: [7], name: 'Far School' });
  science = (
    await createCurriculum(db, {
      boardId: board,
      grade: 7,
      subjectSlug: 'cal-science',
      chapters: 1,
      topics: 1,
      questions: 1,
    })
  ).subjectId;
  maths = (
    await createCurriculum(db, {
      boardId: board,
      grade: 7,
      subjectSlug: 'cal-maths',
      chapters: 1,
      topics: 1,
      questions: 1,
    })
  ).subjectId;
  ids.asha = await createStaff(db, 'teacher', { schoolIds: [school], assignments: [{ schoolId: school, grade: 7 }] });
  ids.sci = await createStaff(db, 'teacher', {
    schoolIds: [school],
    assignments: [{ schoolId: school, grade: 8, subjectId: science }],
  });
  ids.principal = await createStaff(db, 'principal', { schoolIds: [school] });
  ids.sisterPrincipal = await createStaff(db, 'principal', { schoolIds: [sister] });
  ids.admin = await createStaff(db, 'superadmin', { chainId: chain });
  ids.farAdmin = await createStaff(db, 'superadmin', { chainId: otherChain });
  ids.seven = await createStudent(db, { schoolId: school, boardId: board, grade: 7 });
  ids.eight = await createStudent(db, { schoolId: school, boardId: board, grade: 8 });
  ids.farStudent = await createStudent(db, { schoolId: far, boardId: board, grade: 7 });
  ids.parent = await createUser(db, 'parent');
  await linkParent(db, ids.parent, ids.seven);
  ids.editor = await createUser(db, 'content_editor');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
});

afterAll(async () => {
  await t.close();
});

describe('school calendar', () => {
  it('refuses a nameless event, an end before the start, a month-plus event, a grade without a board and an http link, in the contract’s words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, CALENDAR_NAME_REQUIRED],
      [{ end: '2026-12-02T09:00:00+05:30' }, CALENDAR_END_AFTER_START],
      [{ end: '2027-01-30T09:00:00+05:30' }, `An event lasts at most ${CALENDAR_EVENT_MAX_DAYS} days`],
      [{ grade: 7 }, CALENDAR_GRADE_NEEDS_BOARD],
      [{ joinUrl: 'http://meet.example.org/x' }, CALENDAR_JOIN_URL_HTTPS],
    ];
    for (const [extra, message] of cases) {
      const res = await call('principal', 'POST', '/calendar/events', event(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.body).toContain(message);
    }
    // A board and grade the school does not teach, and a subject that does not exist.
    const untaught = await call('principal', 'POST', '/calendar/events', event({ boardId: board, grade: 11 }));
    expect(untaught.statusCode).toBe(400);
    expect(untaught.json().code).toBe('CALENDAR_CLASS_NOT_AT_SCHOOL');
    expect(
      (await call('principal', 'POST', '/calendar/events', event({ boardId: board, grade: 7, subjectId: 999_999 })))
        .statusCode,
    ).toBe(404);
    expect(await namesSeen('principal')).toEqual([]);
  });

  it('lets each role put events only where they work', async () => {
    // Whole school: the principal and the chain's super-admin, not a teacher.
    await create('principal', { name: 'PTM', type: 'meeting' });
    await create('admin', { name: 'Sister sports day', schoolId: sister });
    expect(
      (await call('asha', 'POST', '/calendar/events', event({ name: 'Whole-school by a teacher' }))).statusCode,
    ).toBe(403);
    // A teacher's class: grade 7 (all subjects) for Asha, with or without a subject.
    await create('asha', { name: 'Grade 7 unit test', type: 'test', boardId: board, grade: 7, subjectId: maths });
    await create('asha', { name: 'Grade 7 picnic', boardId: board, grade: 7 });
    // A science-only grade 8 teacher: science of grade 8 only.
    expect((await call('sci', 'POST', '/calendar/events', event({ boardId: board, grade: 8 }))).statusCode).toBe(403);
    expect(
      (await call('sci', 'POST', '/calendar/events', event({ boardId: board, grade: 8, subjectId: maths }))).statusCode,
    ).toBe(403);
    expect(
      (await call('sci', 'POST', '/calendar/events', event({ boardId: board, grade: 7, subjectId: science })))
        .statusCode,
    ).toBe(403);
    await create('sci', {
      name: 'Grade 8 science lab',
      type: 'class',
      boardId: board,
      grade: 8,
      subjectId: science,
      joinUrl: 'https://meet.jit.si/ki-lab-8',
      serviceName: 'jitsi',
    });
    // Another school's, another chain's: refused; students, parents and content roles never write.
    expect((await call('principal', 'POST', '/calendar/events', event({ schoolId: sister }))).statusCode).toBe(403);
    expect(await call('farAdmin', 'POST', '/calendar/events', event())).toMatchObject({ statusCode: 403 });
    for (const who of ['seven', 'parent', 'editor'])
      expect((await call(who, 'POST', '/calendar/events', event())).statusCode, who).toBe(403);
    expect((await call('nobody', 'POST', '/calendar/events', event())).statusCode).toBe(401);
  });

  it('shows each person the events of their school, class, children, grades or chain', async () => {
    expect(await namesSeen('seven')).toEqual(['Grade 7 picnic', 'Grade 7 unit test', 'PTM']);
    expect(await namesSeen('eight')).toEqual(['Grade 8 science lab', 'PTM']);
    expect(await namesSeen('parent')).toEqual(['Grade 7 picnic', 'Grade 7 unit test', 'PTM']);
    expect(await namesSeen('asha')).toEqual(['Grade 7 picnic', 'Grade 7 unit test', 'PTM']);
    expect(await namesSeen('sci')).toEqual(['Grade 8 science lab', 'PTM']);
    expect(await namesSeen('principal')).toEqual(['Grade 7 picnic', 'Grade 7 unit test', 'Grade 8 science lab', 'PTM']);
    expect(await namesSeen('sisterPrincipal')).toEqual(['Sister sports day']);
    expect(await namesSeen('admin')).toEqual([
      'Grade 7 picnic',
      'Grade 7 unit test',
      'Grade 8 science lab',
      'PTM',
      'Sister sports day',
    ]);
    expect(await namesSeen('farAdmin')).toEqual([]);
    expect(await namesSeen('farStudent')).toEqual([]);
    expect((await call('editor', 'GET', `/calendar/events${WEEK}`)).statusCode).toBe(403);
    // The event as the calendar shows it: its class, subject in the request's language, author, join link.
    const { events } = (await call('eight', 'GET', `/calendar/events${WEEK}`)).json() as CalendarEventsResponse;
    const lab = events.find((e) => e.name === 'Grade 8 science lab')!;
    expect(lab).toMatchObject({
      start: '2026-12-02T04:30:00.000Z',
      end: '2026-12-02T05:30:00.000Z',
      schoolName: 'Calendar School',
      timeZone: 'Asia/Kolkata',
      boardName: expect.any(String),
      grade: 8,
      subjectName: 'cal-science',
      type: 'class',
      joinUrl: 'https://meet.jit.si/ki-lab-8',
      serviceName: 'jitsi',
      createdBy: { id: ids.sci },
      canEdit: false,
    });
    // A window is [from, to): an event ending where it starts is outside; more than 62 days is refused.
    const before = (
      await call('seven', 'GET', '/calendar/events?from=2026-12-01T00:00:00Z&to=2026-12-02T04:30:00Z')
    ).json() as CalendarEventsResponse;
    expect(before.events).toEqual([]);
    expect(
      (await call('seven', 'GET', '/calendar/events?from=2026-12-01T00:00:00Z&to=2027-02-02T00:00:00Z')).statusCode,
    ).toBe(400);
  });

  it('lets the author, the principal and the super-admin change or delete an event; to others it is refused or absent', async () => {
    const picnic = (
      (await call('asha', 'GET', `/calendar/events${WEEK}`)).json() as CalendarEventsResponse
    ).events.find((e) => e.name === 'Grade 7 picnic')!;
    expect(picnic.canEdit).toBe(true);
    const moved = await call(
      'asha',
      'PUT',
      `/calendar/events/${picnic.id}`,
      event({
        name: 'Grade 7 picnic (moved)',
        boardId: board,
        grade: 7,
        start: '2026-12-03T09:00:00+05:30',
        end: '2026-12-03T13:00:00+05:30',
        defaultDuration: 240,
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Grade 7 picnic (moved)',
      start: '2026-12-03T03:30:00.000Z',
      defaultDuration: 240,
    });
    // Not to the whole school (a teacher cannot), and not by someone who sees it but did not write it.
    expect((await call('asha', 'PUT', `/calendar/events/${picnic.id}`, event())).statusCode).toBe(403);
    expect((await call('seven', 'PUT', `/calendar/events/${picnic.id}`, event())).statusCode).toBe(403);
    expect((await call('sisterPrincipal', 'DELETE', `/calendar/events/${picnic.id}`)).statusCode).toBe(404);
    expect((await call('farAdmin', 'DELETE', `/calendar/events/${picnic.id}`)).statusCode).toBe(404);
    expect((await call('sci', 'DELETE', `/calendar/events/${picnic.id}`)).statusCode).toBe(404);
    expect((await call('principal', 'DELETE', '/calendar/events/999999')).statusCode).toBe(404);
    const lab = (
      (await call('principal', 'GET', `/calendar/events${WEEK}`)).json() as CalendarEventsResponse
    ).events.find((e) => e.name === 'Grade 8 science lab')!;
    expect(lab.canEdit).toBe(true);
    expect((await call('asha', 'DELETE', `/calendar/events/${lab.id}`)).statusCode).toBe(404);
    expect((await call('principal', 'DELETE', `/calendar/events/${lab.id}`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/calendar/events/${picnic.id}`)).statusCode).toBe(204);
    expect(await namesSeen('seven')).toEqual(['Grade 7 unit test', 'PTM']);
  });

  it('gives each person a private iCalendar link that holds their events, which a new link or turning it off stops', async () => {
    expect((await call('seven', 'GET', '/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    const made = await call('seven', 'POST', '/calendar/feed');
    expect(made.statusCode).toBe(201);
    const link = made.json() as CalendarFeedLink;
    expect(link.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace(/^http:/, 'webcal:'));
    expect((await call('seven', 'GET', '/calendar/feed')).json()).toMatchObject({
      active: true,
      createdAt: t.now().toISOString(),
    });

    const path = new URL(link.url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('SUMMARY:Grade 7 unit test');
    expect(feed.body).toContain('SUMMARY:PTM');
    expect(feed.body).not.toContain('Grade 8');
    expect(feed.body).toContain('DTSTART:20261202T043000Z');

    // A new link stops the old one; turning it off stops the new one; a made-up one opens nothing.
    const again = (await call('seven', 'POST', '/calendar/feed')).json() as CalendarFeedLink;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(again.url).pathname })).statusCode).toBe(200);
    expect((await call('seven', 'DELETE', '/calendar/feed')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: new URL(again.url).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/not-a-token.ics' })).statusCode).toBe(400);
    expect((await call('editor', 'POST', '/calendar/feed')).statusCode).toBe(403);
    expect((await call('nobody', 'POST', '/calendar/feed')).statusCode).toBe(401);
  });
});
