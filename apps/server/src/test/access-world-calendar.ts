/**
 * The school calendar in the access world (issue #26): an event of A1's grade-7 science by the
 * grade's teacher, a whole-school event of chain B's school by its super-admin, spare events to
 * delete, and a private calendar link of a spare A1 student. test/access-matrix-calendar.ts calls
 * the calendar routes against them.
 */
import type { TestApp } from './build-test-app';
import { createStudent, sessionCookie } from './factories';

export interface CalendarWork {
  /** A1 grade 7 science, written by the teacher of A1's grade 7. */
  scienceEventId: number;
  /** B1's whole-school event, written by chain B's super-admin. */
  otherChainEventId: number;
  /** An event to delete, a new one each call: A1's like scienceEventId, or B1's. */
  spareEvent(school: 'A1' | 'B1'): number;
  /** The path of a spare A1 student's private calendar link. */
  feedPath: string;
}

export const calendarEvent = (
  o: { schoolId: number; boardId?: number; grade?: number; subjectId?: number },
  name = 'Matrix event',
) => ({
  name,
  start: '2026-12-02T10:00:00+05:30',
  end: '2026-12-02T11:00:00+05:30',
  type: 'event',
  schoolId: o.schoolId,
  ...(o.grade === undefined ? {} : { boardId: o.boardId, grade: o.grade }),
  ...(o.subjectId === undefined ? {} : { subjectId: o.subjectId }),
});

export async function buildCalendarWorld(
  t: TestApp,
  o: {
    cookies: { teacher: string; otherChainSuperadmin: string };
    schoolA1: number;
    schoolB1: number;
    boardA: number;
    scienceA: number;
    spares: number;
  },
): Promise<CalendarWork> {
  const post = async (cookie: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/calendar/events', headers: { cookie }, payload });
    if (res.statusCode !== 201) throw new Error(`world: calendar event answered ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  };
  const a1 = calendarEvent(
    { schoolId: o.schoolA1, boardId: o.boardA, grade: 7, subjectId: o.scienceA },
    'Grade 7 science fair',
  );
  const b1 = calendarEvent({ schoolId: o.schoolB1 }, 'Chain B sports day');
  const scienceEventId = await post(o.cookies.teacher, a1);
  const otherChainEventId = await post(o.cookies.otherChainSuperadmin, b1);
  const spares: Record<'A1' | 'B1', number[]> = { A1: [], B1: [] };
  for (let i = 0; i < o.spares; i++) {
    spares.A1.push(await post(o.cookies.teacher, a1));
    spares.B1.push(await post(o.cookies.otherChainSuperadmin, b1));
  }
  const db = t.database.db;
  const student = await createStudent(db, { schoolId: o.schoolA1, boardId: o.boardA, grade: 7 });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/calendar/feed',
    headers: { cookie: await sessionCookie(db, student, t.now()) },
  });
  if (made.statusCode !== 201) throw new Error(`world: calendar link answered ${made.statusCode} ${made.body}`);
  return {
    scienceEventId,
    otherChainEventId,
    spareEvent: (school) => {
      const id = spares[school].pop();
      if (id === undefined) throw new Error(`world: no spare ${school} calendar event left`);
      return id;
    },
    feedPath: new URL((made.json() as { url: string }).url).pathname,
  };
}
