/**
 * Scale-out (issue #24): two servers on two ports share one database and the local Redis (the
 * Socket.IO Redis adapter); one game is played with its host and a player on the server that created
 * it and two players on the other. The other server forwards their commands to the game's server
 * and the game's messages reach them through Redis. Redis is TEST_REDIS_URL, or the machine's
 * 127.0.0.1:6379 (CI starts it).
 */
import type { Ack, AnswerAck, GameInfo, GameOver, GameQuestion, GameSnapshot, RoundResult } from '@ki/contracts';
import { competitionRank, roundOutcome } from '@ki/domain';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBoard, createCurriculum, createSchool, createStudent, sessionCookie } from '../../test/factories';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let second: TestApp['app'];
const base: string[] = [];
let subjectId: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const sockets: Socket[] = [];

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
function open(who: string, server: 0 | 1): Promise<Socket> {
  const s = connect(base[server]!, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: cookies[who]! },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
const emit = <T>(s: Socket, event: string, payload: unknown) =>
  s.timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

beforeAll(async () => {
  // This run's own keys: the machine's Redis outlives runs, and the PGlite and PostgreSQL suites
  // give their students the same ids.
  t = await buildTestApp({ REDIS_URL, REDIS_PREFIX: `ki-test-${randomUUID().slice(0, 13)}:` });
  second = await buildSecondApp(t);
  const db = t.database.db;
  const boardId = await createBoard(db, 'RDS');
  const schoolId = await createSchool(db, { boardId, grades: [7], name: 'Redis School' });
  subjectId = (await createCurriculum(db, { boardId, grade: 7, chapters: 1, topics: 1, questions: 4 })).subjectId;
  for (const name of ['host', 'p1', 'p2', 'p3']) {
    ids[name] = await createStudent(db, { schoolId, boardId, grade: 7, firstName: name });
    cookies[name] = await sessionCookie(db, ids[name]!, t.now());
  }
  base.push(await listen(t.app), await listen(second));
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  // Each server tells the game's server of its players' disconnects through Redis: let those
  // requests and their answers finish before either server closes its Redis connections (the
  // adapter would otherwise answer on a closed connection).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await second.close();
  await t.close();
});

describe('two servers, one game, through Redis', () => {
  it('plays to the podium with players on both servers; the other server looks the code up and records every player', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/challenge/games',
      headers: { cookie: cookies.host! },
      payload: { source: 'bank', subjectId, questions: 3 },
    });
    const { code } = created.json() as GameInfo;
    // The join page on the other server finds the game.
    const looked = await second.inject({
      method: 'GET',
      url: `/api/v1/challenge/games/${code}`,
      headers: { cookie: cookies.p2! },
    });
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({ code, state: 'lobby', players: 0 });

    const host = await open('host', 0);
    const p1 = await open('p1', 0);
    const p2 = await open('p2', 1);
    const p3 = await open('p3', 1);
    for (const s of [host, p1, p2, p3]) expect((await emit<GameSnapshot>(s, 'challenge:join', { code })).ok).toBe(true);

    const questions = [p1, p2, p3].map((s) => next<GameQuestion>(s, 'challenge:question'));
    expect(await emit(host, 'challenge:start', { code })).toEqual({ ok: true, value: null });
    for (const q of await Promise.all(questions)) expect(q.index).toBe(0);

    const over = next<GameOver>(p3, 'challenge:over');
    for (let index = 0; index < 3; index++) {
      const rounds = [p2, p3].map((s) => next<RoundResult>(s, 'challenge:round'));
      // Answers from the other server are timed and checked by the game's server.
      const ack2 = await emit<AnswerAck>(p2, 'challenge:answer', { code, index, choice: 1 });
      expect(ack2).toEqual({ ok: true, value: { accepted: true, duplicate: false, choice: 1, seconds: 0 } });
      expect(await emit(p2, 'challenge:answer', { code, index, choice: 1 })).toEqual({
        ok: true,
        value: { accepted: false, duplicate: true, choice: 1, seconds: 0 },
      });
      const ack3 = await emit<AnswerAck>(p3, 'challenge:answer', { code, index, choice: 0 });
      await emit(p1, 'challenge:answer', { code, index, choice: 1 });
      await emit(host, 'challenge:answer', { code, index, choice: 1 });
      // The round reached the other server's players too, and each reads its own place off it.
      const [round2, round3] = await Promise.all(rounds);
      expect(round3).toEqual(round2);
      expect(roundOutcome(round2!.answer, ack2.ok ? ack2.value : null).gained).toBe(300);
      expect(roundOutcome(round3!.answer, ack3.ok ? ack3.value : null).gained).toBe(0);
      expect(competitionRank(300 * (index + 1), round2!.scores)).toBe(1);
      expect(competitionRank(0, round3!.scores)).toBe(4);
      if (index < 2) {
        const q = next<GameQuestion>(p3, 'challenge:question');
        await emit(host, 'challenge:next', { code });
        expect((await q).index).toBe(index + 1);
      }
    }
    // After the last scoreboard, the host's Next shows the podium on both servers.
    await emit(host, 'challenge:next', { code });
    expect(await over).toMatchObject({
      reason: 'finished',
      podium: [{ name: 'host T.' }, { name: 'p1 T.' }, { name: 'p2 T.' }],
    });
    await t.app.challengeHub.settled();
    const records = await t.database.db
      .selectFrom('learning_records')
      .select(['student_id', 'marks'])
      .where('kind', '=', 'challenge')
      .orderBy('student_id')
      .execute();
    expect(records).toEqual(
      ['host', 'p1', 'p2', 'p3'].map((who) => ({ student_id: ids[who], marks: who === 'p3' ? 0 : 900 })),
    );
  });
});

describe('wrong game codes across processes', () => {
  it('counts a student’s wrong codes on both servers together: the 11th is refused on either', async () => {
    const lookUp = (app: TestApp['app'], code: string) =>
      app.inject({ method: 'GET', url: `/api/v1/challenge/games/${code}`, headers: { cookie: cookies.p1! } });
    for (let i = 0; i < 10; i++) expect((await lookUp(i % 2 === 0 ? t.app : second, `90000${i}`)).statusCode).toBe(404);
    const refused = await lookUp(second, '900010');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await lookUp(t.app, '900011')).statusCode).toBe(429);
    // A classmate is still let through.
    const classmate = await second.inject({
      method: 'GET',
      url: '/api/v1/challenge/games/900012',
      headers: { cookie: cookies.p2! },
    });
    expect(classmate.statusCode).toBe(404);
  });
});
