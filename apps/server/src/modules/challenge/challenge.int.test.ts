/**
 * The live challenge through the real app, on a listening port with socket.io-client (issue #24,
 * "Done when"): create, join with the code, play to the podium, records of kind challenge.
 */
import type { Ack, GameInfo, GameQuestion, GameSnapshot, OwnResult, RoundResult } from '@ki/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBoard, createCurriculum, createSchool, createStaff, createStudent, createUser, sessionCookie } from '../../test/factories';

let t: TestApp;
let base: string;
let boardId: number;
let schoolId: number;
let subjectId: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];

function open(who: string): Promise<Socket> {
  const s = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cookies[who]! }, reconnection: false, forceNew: true });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}
function emit<T>(s: Socket, event: string, payload: unknown): Promise<Ack<T>> {
  return s.timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
}
function next<T>(s: Socket, event: string): Promise<T> {
  return new Promise((resolve) => s.once(event, (v: T) => resolve(v)));
}
async function post(who: string, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie: cookies[who]! }, payload: payload as Record<string, unknown> });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boardId = await createBoard(db, 'CHL');
  schoolId = await createSchool(db, { boardId, grades: [7], name: 'Challenge School' });
  const other = await createSchool(db, { boardId, grades: [7], name: 'Other School' });
  // One chapter, one topic, 4 published multiple-choice questions whose key is option 1.
  subjectId = (await createCurriculum(db, { boardId, grade: 7, chapters: 1, topics: 1, questions: 4 })).subjectId;
  for (const name of ['host', 'p1', 'p2', 'p3']) ids[name] = await createStudent(db, { schoolId, boardId, grade: 7, firstName: name });
  ids.outsider = await createStudent(db, { schoolId: other, boardId, grade: 7 });
  ids.teacher = await createStaff(db, 'teacher', { schoolIds: [schoolId], assignments: [{ schoolId, grade: 7 }] });
  ids.parent = await createUser(db, 'parent');
  for (const [name, id] of Object.entries(ids)) cookies[name] = await sessionCookie(db, id, t.now());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
      const own = next<OwnResult>(players[0]!, 'challenge:own');
      expect(await emit(players[0]!, 'challenge:answer', { code: info.code, index: i, choice: 1 })).toEqual({ ok: true, value: { accepted: true, duplicate: false } });
      expect(await emit(players[0]!, 'challenge:answer', { code: info.code, index: i, choice: 0 })).toEqual({ ok: true, value: { accepted: false, duplicate: true } });
      await emit(players[1]!, 'challenge:answer', { code: info.code, index: i, choice: 0 });
      await emit(host, 'challenge:answer', { code: info.code, index: i, choice: 1 });
      // The round closed on the last answer, not on the countdown.
      const r = await round;
      expect(r.answer).toEqual([1]);
      expect((await own).gained).toBe(300);
      if (i < 2) {
        const nextQ = next<GameQuestion>(players[0]!, 'challenge:question');
        await emit(host, 'challenge:next', { code: info.code });
        q = await nextQ;
        expect(q.index).toBe(i + 1);
      }
    }
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
