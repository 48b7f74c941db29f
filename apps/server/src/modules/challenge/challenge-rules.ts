/**
 * The live challenge's rules, pure (issue #24; scoring-and-metrics.md "Practice, tests and
 * challenges"): join codes, server timing and marks of an answer, the scoreboard's order, and the
 * wrong-code limits. The game (live-game.ts) applies them; tests quote the spec's boundaries.
 */
import {
  ANSWER_NETWORK_ALLOWANCE_SECONDS,
  CHALLENGE_CODE_LENGTH,
  CHALLENGE_QUESTION_SECONDS,
  CHALLENGE_WRONG_CODE_WINDOW_MINUTES,
  CHALLENGE_WRONG_CODES_PER_ADDRESS,
  CHALLENGE_WRONG_CODES_PER_USER,
} from '@ki/contracts';
import { quizQuestionMarks } from '@ki/domain';
import { answerSeconds } from '../assessment/attempt-rules';

const SECOND = 1000;

/**
 * A fresh 6-digit code (leading zeros kept) that no running game holds. `randomBelow(n)` draws
 * uniformly from 0..n-1 (crypto.randomInt in the service). Codes are drawn, never counted up, so a
 * code says nothing about the games before it.
 *
 * @throws Error when `tries` draws all hit running games (a million codes: practically never)
 */
export function newGameCode(randomBelow: (n: number) => number, taken: (code: string) => boolean, tries = 50): string {
  const space = 10 ** CHALLENGE_CODE_LENGTH;
  for (let i = 0; i < tries; i++) {
    const code = String(randomBelow(space)).padStart(CHALLENGE_CODE_LENGTH, '0');
    if (!taken(code)) return code;
  }
  throw new Error('No free game code found');
}

/** When the question closes: its countdown plus the network allowance, from the moment it was sent. */
export function questionClosesAt(sentAt: number): number {
  return sentAt + (CHALLENGE_QUESTION_SECONDS + ANSWER_NETWORK_ALLOWANCE_SECONDS) * SECOND;
}

/** Whether an answer arrived after the question closed (it is refused, and the player scores 0). */
export function isLateAnswer(sentAt: number, arrivedAt: number): boolean {
  return arrivedAt > questionClosesAt(sentAt);
}

/**
 * Marks of a challenge answer, timed on the server from the moment the question was sent: 300 when
 * right within 10 s, 200 within 20 s, 100 later, 0 when wrong (quizQuestionMarks), after the same
 * 1 s network allowance as a quiz. So an answer arriving 11 s after sending counts 10 s: 300.
 */
export function answerMarks(sentAt: number, arrivedAt: number, correct: boolean): { seconds: number; marks: number } {
  const seconds = answerSeconds(new Date(sentAt), new Date(arrivedAt), false);
  return { seconds, marks: quizQuestionMarks({ answered: true, correct, seconds }) };
}

/** A player as the scoreboard orders them. */
export interface Standing {
  score: number;
  /** Seconds taken on right answers: the faster player ranks first on equal scores. */
  rightSeconds: number;
  /** Join order: the last tie-break, so a rank is never shared and never flips between rounds. */
  seat: number;
}

/** The scoreboard's order: higher score, then less time on right answers, then who joined first. */
export function compareStandings(a: Standing, b: Standing): number {
  return b.score - a.score || a.rightSeconds - b.rightSeconds || a.seat - b.seat;
}

/** Events counted in a sliding window, by key: in this process's memory, or (several processes) in Redis. */
export interface HitStore {
  /** Counts an event at `at` (ms) under key, kept for windowMs. */
  addHit(key: string, at: number, windowMs: number): Promise<void>;
  /** The instants (ms, oldest first) of the key's events within windowMs before `now`. */
  hits(key: string, now: number, windowMs: number): Promise<number[]>;
}

/** A HitStore in this process's memory (one process; the tests). */
export class MemoryHits implements HitStore {
  private readonly events = new Map<string, number[]>();

  addHit(key: string, at: number, windowMs: number): Promise<void> {
    const list = this.live(key, at, windowMs);
    list.push(at);
    this.events.set(key, list);
    if (this.events.size > 100_000) this.sweep(at, windowMs);
    return Promise.resolve();
  }

  hits(key: string, now: number, windowMs: number): Promise<number[]> {
    const list = this.live(key, now, windowMs);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
    return Promise.resolve(list);
  }

  private live(key: string, now: number, windowMs: number): number[] {
    return (this.events.get(key) ?? []).filter((t) => t > now - windowMs);
  }

  private sweep(now: number, windowMs: number): void {
    for (const key of [...this.events.keys()]) if (this.live(key, now, windowMs).length === 0) this.events.delete(key);
  }
}

/**
 * Wrong codes tried, per student and per network address, in a sliding window: past the limit,
 * joining is refused (RATE_LIMITED with the wait) until the oldest wrong try leaves the window. A
 * right code never counts, so a class of 500 joining from one school address is never refused,
 * while guessing among a million codes at 100 tries per 10 minutes would take years. With several
 * server processes the counts live in Redis, so a guesser cannot multiply the budget by the processes.
 */
export class WrongCodeLimiter {
  private readonly windowMs = CHALLENGE_WRONG_CODE_WINDOW_MINUTES * 60 * SECOND;

  constructor(private readonly store: HitStore = new MemoryHits()) {}

  /** Seconds to wait before another try, or 0 when the student and the address may try now. */
  async retryAfter(userId: number, address: string, now: number): Promise<number> {
    const waits = await Promise.all([
      this.waitFor(userKey(userId), CHALLENGE_WRONG_CODES_PER_USER, now),
      this.waitFor(addressKey(address), CHALLENGE_WRONG_CODES_PER_ADDRESS, now),
    ]);
    return Math.ceil(Math.max(...waits) / SECOND);
  }

  /** Counts a wrong code against the student and the address. */
  async recordWrong(userId: number, address: string, now: number): Promise<void> {
    await Promise.all([userKey(userId), addressKey(address)].map((key) => this.store.addHit(key, now, this.windowMs)));
  }

  private async waitFor(key: string, limit: number, now: number): Promise<number> {
    const list = await this.store.hits(key, now, this.windowMs);
    return list.length < limit ? 0 : list[list.length - limit]! + this.windowMs - now;
  }
}

const userKey = (userId: number) => `challenge:wrong:u:${userId}`;
const addressKey = (address: string) => `challenge:wrong:a:${address}`;
