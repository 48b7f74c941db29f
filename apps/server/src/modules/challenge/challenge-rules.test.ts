import { describe, expect, it } from 'vitest';
import {
  answerMarks,
  compareStandings,
  isLateAnswer,
  MemoryHits,
  newGameCode,
  WrongCodeLimiter,
} from './challenge-rules';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (s: number) => T0 + s * 1000;

describe('newGameCode: 6 digits, drawn, never one a running game holds', () => {
  it('keeps leading zeros', () => {
    expect(
      newGameCode(
        () => 42,
        () => false,
      ),
    ).toBe('000042');
  });
  it('draws again while the code is taken', () => {
    const draws = [123456, 123456, 654321];
    const taken = new Set(['123456']);
    expect(
      newGameCode(
        () => draws.shift()!,
        (c) => taken.has(c),
      ),
    ).toBe('654321');
  });
  it('gives up after its tries rather than loop for ever', () => {
    expect(() =>
      newGameCode(
        () => 1,
        () => true,
        5,
      ),
    ).toThrow('No free game code');
  });
});

describe('answerMarks (scoring-and-metrics.md: "300 marks when answered correctly within 10 s, 200 within 20 s, 100 later, 0 when wrong")', () => {
  // Timed on the server from the moment the question was sent, less 1 s of network allowance.
  it.each([
    [0.2, 300],
    [11, 300], // counts 10 s: within 10 s
    [11.001, 200],
    [21, 200], // counts 20 s: within 20 s
    [21.001, 100],
    [31, 100],
  ])('a right answer arriving %s s after sending earns %i', (arrival, marks) => {
    expect(answerMarks(at(0), at(arrival), true).marks).toBe(marks);
  });
  it('a wrong answer earns 0 however fast', () => {
    expect(answerMarks(at(0), at(2), false)).toEqual({ seconds: 1, marks: 0 });
  });
});

describe('isLateAnswer: the question is open for its 30 s and the 1 s allowance', () => {
  it.each([
    [31, false],
    [31.001, true],
    [120, true],
  ])('an answer %s s after sending is late: %s', (arrival, late) => {
    expect(isLateAnswer(at(0), at(arrival))).toBe(late);
  });
});

describe('compareStandings: higher score, then less time on right answers, then who joined first', () => {
  it('orders a scoreboard', () => {
    const list = [
      { id: 'c', score: 500, rightSeconds: 9, seat: 0 },
      { id: 'a', score: 600, rightSeconds: 30, seat: 3 },
      { id: 'b', score: 500, rightSeconds: 4, seat: 2 },
      { id: 'd', score: 500, rightSeconds: 4, seat: 1 },
    ];
    expect([...list].sort(compareStandings).map((p) => p.id)).toEqual(['a', 'd', 'b', 'c']);
  });
});

describe('WrongCodeLimiter: wrong codes per student (10) and per address (100) in 10 minutes', () => {
  it('refuses the 11th wrong try of a student until the first leaves the window', async () => {
    const l = new WrongCodeLimiter();
    for (let i = 0; i < 10; i++) {
      expect(await l.retryAfter(1, '10.0.0.1', at(i))).toBe(0);
      await l.recordWrong(1, '10.0.0.1', at(i));
    }
    expect(await l.retryAfter(1, '10.0.0.1', at(10))).toBe(590);
    expect(await l.retryAfter(2, '10.0.0.1', at(10))).toBe(0); // a classmate on the same network still joins
    expect(await l.retryAfter(1, '10.0.0.1', at(600))).toBe(0);
  });
  it('refuses an address after 100 wrong tries from any students', async () => {
    const l = new WrongCodeLimiter();
    for (let i = 0; i < 100; i++) await l.recordWrong(1000 + i, '10.0.0.9', at(1));
    expect(await l.retryAfter(5, '10.0.0.9', at(2))).toBe(599);
    expect(await l.retryAfter(5, '10.0.0.10', at(2))).toBe(0);
  });
  it('counts in the store it is given: two limiters on one store (two processes on one Redis) share the budget', async () => {
    const shared = new MemoryHits();
    const [here, there] = [new WrongCodeLimiter(shared), new WrongCodeLimiter(shared)];
    for (let i = 0; i < 5; i++) await here.recordWrong(1, '10.0.0.1', at(i));
    for (let i = 5; i < 10; i++) await there.recordWrong(1, '10.0.0.1', at(i));
    expect(await here.retryAfter(1, '10.0.0.1', at(10))).toBe(590);
    expect(await new WrongCodeLimiter().retryAfter(1, '10.0.0.1', at(10))).toBe(0);
  });
});
