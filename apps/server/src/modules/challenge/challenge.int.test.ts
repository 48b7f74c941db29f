/**
 * The live challenge through the real app, on a listening port with socket.io-client (issue #24,
 * "Done when"): create, join with the code, play to the podium, records of kind challenge.
 */
import {
  GAME_END_REASONS,
  type AnswerAck,
  type GameInfo,
  type GameQuestion,
  type GameSnapshot,
  type RoundResult,
} from '@ki/contracts';
import { competitionRank, roundOutcome } from '@ki/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { markGameEnded } from './challenge.repository';
import { emitAck, listenForSockets, nextEvent, openSocket } from '../../test/socket-client';
import {
  createBoard,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  sessionCookie,
} from '../../test/factories';

let t: TestApp;
let base: string;
let boardId: number;
let schoolId: number;
let subjectId: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];

const open = (who: string, headers: Record<string, string> = { cookie: cookies[who] ?? '' }) =>
  openSocket(base, headers, sockets);
const emit = emitAck;
const next = <T>(s: Socket, event: string) => nextEvent<T>(s, event, null);
async function post(who: string, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: cookies[who]! },
    payload: payload as Record<string, unknown>,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db, 'CHL');
  schoolId = await createSchool(db, { boardId, grades: [7], name: 'Challenge School' });
  const other = await createSchool(db, { boardId, grades: [7], name: 'Other School' });
  // One chapter, one topic, 4 published multiple-choice questions whose key is option 1.
  subjectId = (await createCurriculum(db, { boardId, grade: 7, chapters: 1, topics: 1, questions: 4 })).subjectId;
  for (const name of ['host', 'p1', 'p2', 'p3'])
    ids[name] = await createStudent(db, { schoolId, boardId, grade: 7, firstName: name });
  ids.outsider = await createStudent(db, { schoolId: other, boardId, grade: 7 });
  ids.teacher = await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
  ids.parent = await createUser(db, 'parent');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
  base = await listenForSockets(t.app);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('a student challenge, end to end', () => {
  it('creates, joins, plays three questions to the podium and writes one challenge record a player', async () => {
    const created = await post('host', '/challenge/games', { source: 'bank', subjectId, questions: 3 });
    expect(created.statusCode).toBe(201);
    const info = created.json() as GameInfo;
    expect(info.code).toMatch(/^\d{6}$/);
    const host = await open('host');
    const hostJoin = await emit<GameSnapshot>(host, 'challenge:join', { code: info.code });
    expect(hostJoin.ok).toBe(true);
    const players = await Promise.all(['p1', 'p2'].map((p) => open(p)));
    for (const p of players) expect((await emit<GameSnapshot>(p, 'challenge:join', { code: info.code })).ok).toBe(true);
    const firstQuestion = next<GameQuestion>(players[0]!, 'challenge:question');
    expect(await emit(host, 'challenge:start', { code: info.code })).toEqual({ ok: true, value: null });
    let q = await firstQuestion;
    expect(q).toMatchObject({ index: 0, total: 3, text: expect.stringMatching(/^Question/) });
    for (let i = 0; i < 3; i++) {
      const round = next<RoundResult>(players[0]!, 'challenge:round');
      const taken = await emit<AnswerAck>(players[0]!, 'challenge:answer', { code: info.code, index: i, choice: 1 });
      expect(taken).toEqual({ ok: true, value: { accepted: true, duplicate: false, choice: 1, seconds: 0 } });
      // A repeat is ignored: the acknowledgement names the answer that stands.
      expect(await emit(players[0]!, 'challenge:answer', { code: info.code, index: i, choice: 0 })).toEqual({
        ok: true,
        value: { accepted: false, duplicate: true, choice: 1, seconds: 0 },
      });
      await emit(players[1]!, 'challenge:answer', { code: info.code, index: i, choice: 0 });
      await emit(host, 'challenge:answer', { code: info.code, index: i, choice: 1 });
      // The round closed on the last answer, not on the countdown; p1's device reads its place off it.
      const r = await round;
      expect(r.answer).toEqual([1]);
      expect(roundOutcome(r.answer, taken.ok ? taken.value : null).gained).toBe(300);
      expect(r.scores).toEqual([
        [300 * (i + 1), 2],
        [0, 1],
      ]);
      expect(competitionRank(300 * (i + 1), r.scores)).toBe(1);
      expect(competitionRank(0, r.scores)).toBe(3);
      expect(r.last).toBe(i === 2);
      if (i < 2) {
        const nextQ = next<GameQuestion>(players[0]!, 'challenge:question');
        await emit(host, 'challenge:next', { code: info.code });
        q = await nextQ;
        expect(q.index).toBe(i + 1);
      }
    }
    // The last scoreboard stands like the others; the host's Next shows the podium.
    const over = next<{ reason: string }>(players[0]!, 'challenge:over');
    expect(await emit(host, 'challenge:next', { code: info.code })).toEqual({ ok: true, value: null });
    expect(await over).toMatchObject({ reason: 'finished' });
    await t.app.challengeHub.settled();
    const records = await t.database.db
      .selectFrom('learning_records')
      .select(['student_id', 'kind', 'marks', 'question_count', 'correct_count', 'chapter_id'])
      .where('kind', '=', 'challenge')
      .orderBy('student_id')
      .execute();
    expect(records).toEqual([
      { student_id: ids.host, kind: 'challenge', marks: 900, question_count: 3, correct_count: 3, chapter_id: null },
      { student_id: ids.p1, kind: 'challenge', marks: 900, question_count: 3, correct_count: 3, chapter_id: null },
      { student_id: ids.p2, kind: 'challenge', marks: 0, question_count: 3, correct_count: 0, chapter_id: null },
    ]);
  });
});

/** A fresh game of the host's with the given players joined; returns the code and sockets. */
async function game(hostWho: string, playerNames: string[], questions = 3) {
  const res = await post(hostWho, '/challenge/games', { source: 'bank', subjectId, questions });
  expect(res.statusCode).toBe(201);
  const { code } = res.json() as GameInfo;
  const host = await open(hostWho);
  expect((await emit(host, 'challenge:join', { code })).ok).toBe(true);
  const players: Socket[] = [];
  for (const name of playerNames) {
    const s = await open(name);
    expect((await emit(s, 'challenge:join', { code })).ok).toBe(true);
    players.push(s);
  }
  return { code, host, players };
}

describe('timing on the server, late and repeated answers', () => {
  it('marks 300 at 10 s, 200 at 20 s, 100 just past 20 s (after the 1 s allowance), and refuses an answer past the countdown', async () => {
    const T = new Date('2026-11-20T11:00:00Z').getTime();
    t.setNow(new Date(T));
    const { code, host, players } = await game('host', ['p1']);
    const [p1] = players as [Socket];
    const marksAt = async (index: number, after: number) => {
      const round = next<RoundResult>(p1, 'challenge:round');
      t.setNow(new Date(sentAt + after));
      const ack = await emit<AnswerAck>(p1, 'challenge:answer', { code, index, choice: 1 });
      if (!ack.ok) throw new Error(ack.code);
      // Timed on the server, less the 1 s allowance.
      expect(ack.value.seconds).toBe(after / 1000 - 1);
      await emit(host, 'challenge:answer', { code, index, choice: 1 });
      return roundOutcome((await round).answer, ack.value).gained;
    };
    let sentAt = T;
    await emit(host, 'challenge:start', { code });
    expect(await marksAt(0, 11_000)).toBe(300);
    sentAt = t.now().getTime();
    await emit(host, 'challenge:next', { code });
    expect(await marksAt(1, 21_000)).toBe(200);
    sentAt = t.now().getTime();
    await emit(host, 'challenge:next', { code });
    t.setNow(new Date(sentAt + 31_001));
    expect(await emit(p1, 'challenge:answer', { code, index: 2, choice: 1 })).toEqual({
      ok: false,
      code: 'CHALLENGE_LATE_ANSWER',
      message: 'Time is up for this question',
    });
    await emit(host, 'challenge:end', { code });
  });
});

describe('rejoining', () => {
  it('a player who reloads mid-question gets the question with what is left of its time, their answer and their score', async () => {
    t.setNow(new Date('2026-11-20T12:00:00Z'));
    const { code, host, players } = await game('host', ['p1', 'p2']);
    await emit(host, 'challenge:start', { code });
    t.setNow(new Date('2026-11-20T12:00:04Z'));
    await emit(players[0]!, 'challenge:answer', { code, index: 0, choice: 1 });
    players[0]!.disconnect();
    const again = await open('p1');
    const snap = (await emit<GameSnapshot>(again, 'challenge:join', { code })) as { ok: true; value: GameSnapshot };
    expect(snap.value.question).toMatchObject({ index: 0, remainingMs: 26_000 });
    expect(snap.value.answeredChoice).toBe(1);
    expect(snap.value.answeredSeconds).toBe(3);
    expect(snap.value.you).toMatchObject({ name: 'p1 T.', score: 0 });
    await emit(host, 'challenge:end', { code });
  });
});

describe('access on the socket and by code', () => {
  it('refuses a connection without a session, and a handshake from another site', async () => {
    await expect(open('nobody', {})).rejects.toThrow('UNAUTHENTICATED');
    await expect(open('p1', { cookie: cookies.p1!, origin: 'https://evil.example' })).rejects.toThrow();
  });

  it('closes a session’s connections when it signs out, and only that session’s', async () => {
    const signedOut = await sessionCookie(t.database.db, ids.p1!, t.now());
    const mine = await open('p1', { cookie: signedOut });
    const otherTab = await open('p1');
    const closed = next<string>(mine, 'disconnect');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: signedOut } });
    expect(res.statusCode).toBe(200);
    // Closed by the server, not left signed in until the tab closes.
    expect(await closed).toBe('io server disconnect');
    await expect(open('p1', { cookie: signedOut })).rejects.toThrow('UNAUTHENTICATED');
    // The same student's other session (another device) stays connected.
    expect(otherTab.connected).toBe(true);
  });

  it('answers a wrong code, another school’s game and a parent with stable errors', async () => {
    const { code, host } = await game('host', []);
    const outsider = await open('outsider');
    expect(await emit(outsider, 'challenge:join', { code })).toMatchObject({ ok: false, code: 'CHALLENGE_NOT_FOUND' });
    const parent = await open('parent');
    expect(await emit(parent, 'challenge:join', { code })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await emit(outsider, 'challenge:join', { code: '12345' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await emit(outsider, 'challenge:join', 'not an object')).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await emit(outsider, 'challenge:answer', { code, index: 0, choice: 1 })).toMatchObject({
      ok: false,
      code: 'CHALLENGE_NOT_JOINED',
    });
    expect(await emit(outsider, 'challenge:join', { code, name: '<b>x</b>' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    await emit(host, 'challenge:end', { code });
    // An ended game's code says so (to its players), rather than "wrong code".
    const p2 = await open('p2');
    expect(await emit(p2, 'challenge:join', { code })).toMatchObject({ ok: false, code: 'CHALLENGE_ENDED' });
  });

  it('limits wrong codes per student: the 11th try in 10 minutes is refused with the wait, a classmate still joins', async () => {
    t.setNow(new Date('2026-11-20T13:00:00Z'));
    const { code, host } = await game('host', []);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/challenge/games/${wrong}`,
        headers: { cookie: cookies.p3! },
      });
      expect(res.statusCode).toBe(404);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/challenge/games/${code}`,
      headers: { cookie: cookies.p3! },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 600 } });
    const p3 = await open('p3');
    expect(await emit(p3, 'challenge:join', { code })).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 600 },
    });
    const classmate = await t.app.inject({
      method: 'GET',
      url: `/api/v1/challenge/games/${code}`,
      headers: { cookie: cookies.p2! },
    });
    expect(classmate.statusCode).toBe(200);
    expect(classmate.json()).toMatchObject({ code, state: 'lobby', hostPlays: true, isHost: false });
    await emit(host, 'challenge:end', { code });
  });
});

describe('a teacher hosts a published quiz', () => {
  it('runs the game without playing; students of the class play it', async () => {
    const db = t.database.db;
    const quizId = await db
      .insertInto('assessments')
      .values({
        school_id: schoolId,
        created_by: ids.teacher!,
        kind: 'quiz',
        name: 'Friday quiz',
        board_id: boardId,
        grade: 7,
        subject_id: subjectId,
        duration_minutes: 10,
        status: 'published',
        created_at: t.now(),
        updated_at: t.now(),
        published_at: t.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    await db
      .insertInto('assessment_questions')
      .values(
        [1, 2, 3, 4].map((position) => ({
          assessment_id: quizId,
          position,
          type: 'multiple_choice' as const,
          text: `Quiz question ${position}`,
          options: ['a', 'b', 'c'],
          answer: [2],
          solution: 'c',
        })),
      )
      .execute();
    const res = await post('teacher', '/challenge/games', { source: 'quiz', assessmentId: quizId });
    expect(res.statusCode).toBe(201);
    const info = res.json() as GameInfo;
    expect(info).toMatchObject({ title: 'Friday quiz', questionCount: 4, hostPlays: false, isHost: true });
    const teacher = await open('teacher');
    const joined = (await emit<GameSnapshot>(teacher, 'challenge:join', { code: info.code })) as {
      ok: true;
      value: GameSnapshot;
    };
    expect(joined.value.you).toBeNull();
    const p1 = await open('p1');
    await emit(p1, 'challenge:join', { code: info.code });
    await emit(teacher, 'challenge:start', { code: info.code });
    expect(await emit(teacher, 'challenge:answer', { code: info.code, index: 0, choice: 2 })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    const round = next<RoundResult>(p1, 'challenge:round');
    await emit(p1, 'challenge:answer', { code: info.code, index: 0, choice: 2 });
    expect((await round).answer).toEqual([2]);
    await emit(teacher, 'challenge:end', { code: info.code });
    await t.app.challengeHub.settled();
    const stored = await db
      .selectFrom('challenge_games')
      .select(['assessment_id', 'end_reason'])
      .where('code', '=', info.code)
      .execute();
    expect(stored).toContainEqual({ assessment_id: quizId, end_reason: 'host_ended' });
  });
});

describe('one game a host', () => {
  it('creating a new game ends the host’s game still open, and frees nobody else’s', async () => {
    const first = (
      await post('p1', '/challenge/games', { source: 'bank', subjectId, questions: 3 })
    ).json() as GameInfo;
    const other = (
      await post('p2', '/challenge/games', { source: 'bank', subjectId, questions: 3 })
    ).json() as GameInfo;
    const watcher = await open('host'); // not p3: the wrong-code test above has them waiting
    expect((await emit(watcher, 'challenge:join', { code: first.code })).ok).toBe(true);
    const over = next<{ reason: string }>(watcher, 'challenge:over');
    await post('p1', '/challenge/games', { source: 'bank', subjectId, questions: 3 });
    expect((await over).reason).toBe('host_ended');
    const stillOpen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/challenge/games/${other.code}`,
      headers: { cookie: cookies.host! },
    });
    expect(stillOpen.json()).toMatchObject({ state: 'lobby' });
  });
});

describe('the lasting trace of a game', () => {
  it('stores every way a game can end, the scoreboard left standing (idle) too, and nothing else', async () => {
    const res = await post('p2', '/challenge/games', { source: 'bank', subjectId, questions: 3 });
    const { code } = res.json() as GameInfo;
    const db = t.database.db;
    const { id } = await db
      .selectFrom('challenge_games')
      .select('id')
      .where('code', '=', code)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    for (const reason of GAME_END_REASONS) {
      await markGameEnded(db, id, { startedAt: null, endedAt: t.now(), reason });
      expect(
        await db.selectFrom('challenge_games').select('end_reason').where('id', '=', id).executeTakeFirstOrThrow(),
      ).toEqual({ end_reason: reason });
    }
    await expect(
      markGameEnded(db, id, { startedAt: null, endedAt: t.now(), reason: 'bored' as never }),
    ).rejects.toThrow(/end_reason_check/);
    const p2 = await open('p2');
    await emit(p2, 'challenge:join', { code });
    await emit(p2, 'challenge:end', { code });
  });
});
