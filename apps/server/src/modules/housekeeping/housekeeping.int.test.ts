import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createBoard, createCurriculum, createSchool, createStudent, createUser } from '../../test/factories';
import { pruneExpired, RETENTION, startHousekeeping } from './housekeeping.service';

const NOW = new Date('2026-11-20T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let test: TestDatabase;
let database: Database;
let userId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
  userId = await createUser(database.db, 'student', { mobile: '+919800000001' });
});
afterAll(() => test.cleanup());

/** otp_challenges ids are UUIDs: one per named code. */
const CODE_IDS = {
  fresh: '00000000-0000-4000-8000-000000000001',
  'expired-today': '00000000-0000-4000-8000-000000000002',
  'expired-2-days': '00000000-0000-4000-8000-000000000003',
};
const codeName = (id: string) => Object.entries(CODE_IDS).find(([, uuid]) => uuid === id)?.[0] ?? id;

/** The names of the rows left in a table, sorted. */
async function namesLeft(
  table: 'rate_limit_events' | 'sign_in_backoffs' | 'otp_challenges' | 'family_sign_ups' | 'sessions',
) {
  const rows = (await database.db.selectFrom(table).selectAll().execute()) as {
    key?: string;
    account?: string;
    id?: string;
  }[];
  return rows.map((r) => r.key ?? r.account ?? codeName(r.id!)).sort();
}

describe('housekeeping: rows no rule reads any more are deleted (issue #21 follow-up)', () => {
  beforeAll(async () => {
    const db = database.db;
    await db
      .insertInto('rate_limit_events')
      .values([
        { bucket: 'otp-send-ip', key: 'an-hour-ago', at: ago(HOUR) },
        { bucket: 'otp-send-ip', key: 'just-inside-a-day', at: ago(RETENTION.rateLimitEventsMs - 1000) },
        { bucket: 'otp-send-ip', key: 'two-days-ago', at: ago(2 * DAY) },
      ])
      .execute();
    await db
      .insertInto('sign_in_backoffs')
      .values([
        { kind: 'otp', account: 'recent', client_ip: '*', failures: 7, blocked_until: null, last_failure_at: ago(DAY) },
        {
          kind: 'otp',
          account: 'forgotten',
          client_ip: '*',
          failures: 7,
          blocked_until: ago(25 * DAY),
          last_failure_at: ago(31 * DAY),
        },
        // Forgotten by its age, but still waiting: kept until the wait is over.
        {
          kind: 'otp',
          account: 'still-blocked',
          client_ip: '*',
          failures: 20,
          blocked_until: new Date(NOW.getTime() + HOUR),
          last_failure_at: ago(31 * DAY),
        },
        {
          kind: 'password',
          account: 'old-password',
          client_ip: '10.0.0.1',
          failures: 3,
          blocked_until: null,
          last_failure_at: ago(40 * DAY),
        },
      ])
      .execute();
    const challenge = (name: keyof typeof CODE_IDS, expiresAgoMs: number) => ({
      id: CODE_IDS[name],
      mobile: '+919800000001',
      user_id: userId,
      code_hash: 'x',
      created_at: ago(expiresAgoMs + 5 * 60_000),
      expires_at: ago(expiresAgoMs),
      client_ip: '10.0.0.1',
    });
    await db
      .insertInto('otp_challenges')
      .values([challenge('fresh', -60_000), challenge('expired-today', HOUR), challenge('expired-2-days', 2 * DAY)])
      .execute();
    const session = (id: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      id,
      user_id: userId,
      created_at: ago(20 * DAY),
      expires_at: expiresAt,
      revoked_at: revokedAt,
    });
    await db
      .insertInto('sessions')
      .values([
        session('live', new Date(NOW.getTime() + 5 * DAY)),
        session('expired-today', ago(HOUR)),
        session('expired-last-week', ago(7 * DAY)),
        session('signed-out-last-week', new Date(NOW.getTime() + 5 * DAY), ago(7 * DAY)),
        session('signed-out-just-now', new Date(NOW.getTime() + 5 * DAY), ago(60_000)),
      ])
      .execute();
    // Families' sign-ups never finished hold a child's name the parent did not confirm: gone a day after their code expired.
    const boardId = await createBoard(db, 'HSK');
    const schoolId = await createSchool(db, { boardId, grades: [7] });
    const signUp = (name: keyof typeof CODE_IDS, expiresAgoMs: number) => ({
      id: CODE_IDS[name],
      school_id: schoolId,
      parent_mobile: '+919800000002',
      parent_first_name: 'Parent',
      child_first_name: name,
      board_id: boardId,
      grade: 7,
      language: 'en' as const,
      password_hash: 'x',
      text_version: '2026-11',
      code_hash: 'x',
      created_at: ago(expiresAgoMs + 5 * 60_000),
      expires_at: ago(expiresAgoMs),
      client_ip: '10.0.0.1',
    });
    await db
      .insertInto('family_sign_ups')
      .values([signUp('fresh', -60_000), signUp('expired-today', HOUR), signUp('expired-2-days', 2 * DAY)])
      .execute();
  });

  it('deletes what is past retention and keeps what a rule still reads', async () => {
    const counts = await pruneExpired({ database }, NOW);
    expect(counts).toEqual({ rateLimitEvents: 1, backoffs: 2, otpChallenges: 2, sessions: 2 });
    expect(await namesLeft('rate_limit_events')).toEqual(['an-hour-ago', 'just-inside-a-day']);
    expect(await namesLeft('sign_in_backoffs')).toEqual(['recent', 'still-blocked']);
    expect(await namesLeft('otp_challenges')).toEqual(['expired-today', 'fresh']);
    expect(await namesLeft('family_sign_ups')).toEqual(['expired-today', 'fresh']);
    expect(await namesLeft('sessions')).toEqual(['expired-today', 'live', 'signed-out-just-now']);
  });

  it('a second round at the same moment deletes nothing more', async () => {
    expect(await pruneExpired({ database }, NOW)).toEqual({
      rateLimitEvents: 0,
      backoffs: 0,
      otpChallenges: 0,
      sessions: 0,
    });
  });

  it('the running server prunes at once on start and logs what it deleted', async () => {
    await database.db
      .insertInto('rate_limit_events')
      .values({ bucket: 'otp-send-ip', key: 'stale', at: ago(3 * DAY) })
      .execute();
    const logged: unknown[] = [];
    const log = {
      info: (o: unknown) => logged.push(o),
      error: (o: unknown) => logged.push(o),
    } as unknown as Parameters<typeof startHousekeeping>[1];
    const stop = startHousekeeping({ database, clock: () => NOW }, log);
    await stop(); // waits for the round under way
    expect(logged).toEqual([{ pruned: { rateLimitEvents: 1, backoffs: 0, otpChallenges: 0, sessions: 0 } }]);
    // The embedded database has planner statistics after the round (PostgreSQL's autovacuum keeps its own).
    const analyzed = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_user_tables where last_analyze is not null`.execute(database.db);
    if (database.kind === 'pglite') expect(analyzed.rows[0]!.n).toBeGreaterThan(0);
  });

  it('finishes an assessment attempt nobody came back to as time_up, with its marks, and logs it', async () => {
    const db = database.db;
    const boardId = await createBoard(db, 'HK');
    const schoolId = await createSchool(db, { boardId, grades: [7] });
    const { subjectId, chapters } = await createCurriculum(db, {
      boardId,
      grade: 7,
      chapters: 1,
      topics: 1,
      questions: 2,
    });
    const studentId = await createStudent(db, { schoolId, boardId, grade: 7 });
    const attempt = (id: string, deadline: Date) => ({
      id,
      student_id: studentId,
      school_id: schoolId,
      board_id: boardId,
      grade: 7,
      subject_id: subjectId,
      kind: 'test' as const,
      question_count: 2,
      started_at: ago(2 * HOUR),
      deadline_at: deadline,
      max_marks: 200,
    });
    const overdue = '00000000-0000-4000-8000-0000000000a1';
    await db
      .insertInto('assessment_attempts')
      .values(attempt(overdue, ago(HOUR)))
      .execute();
    const [q1, q2] = chapters[0]!.questions;
    const answer = (position: number, q: { id: number; answer: number[] }, chosen: number[] | null) => ({
      attempt_id: overdue,
      position,
      bank_question_id: q.id,
      type: 'multiple_choice' as const,
      text: 'Q?',
      options: ['a', 'b', 'c', 'd'],
      answer: q.answer,
      served_at: chosen ? ago(HOUR + 60_000) : null,
      answered_at: chosen ? ago(HOUR + 30_000) : null,
      chosen,
      correct: chosen ? chosen[0] === q.answer[0] : null,
    });
    await db
      .insertInto('attempt_answers')
      .values([answer(1, q1!, q1!.answer), answer(2, q2!, null)])
      .execute();
    const logged: unknown[] = [];
    const log = {
      info: (o: unknown) => logged.push(o),
      error: (o: unknown) => logged.push(o),
    } as unknown as Parameters<typeof startHousekeeping>[1];
    const stop = startHousekeeping({ database, clock: () => NOW }, log);
    await stop();
    expect(logged).toContainEqual({ attemptsTimedUp: 1 });
    const row = await db
      .selectFrom('assessment_attempts')
      .select(['finish_reason', 'finished_at', 'marks'])
      .where('id', '=', overdue)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ finish_reason: 'time_up', finished_at: ago(HOUR), marks: 100 });
  });
});
