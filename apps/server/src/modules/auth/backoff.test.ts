import { describe, expect, it } from 'vitest';
import {
  type BackoffRule,
  describeWait,
  failuresBefore,
  OTP_BACKOFF,
  PASSWORD_BACKOFF,
  waitAfterFailure,
} from './backoff';

const DAY = 86_400_000;

/** The best attacker: guesses whenever the rule allows, never succeeds. Returns the guesses made. */
function guessesWithin(spanMs: number, rule: BackoffRule): number {
  let at = 0;
  let lastAt = 0;
  let failures = 0;
  let guesses = 0;
  while (at < spanMs) {
    failures = failuresBefore({ failures, lastFailureAt: new Date(lastAt) }, new Date(at), rule) + 1;
    guesses++;
    lastAt = at;
    // Without a wait the next guess comes a moment later (as fast as the attacker can send it).
    at += Math.max(waitAfterFailure(failures, rule), 1);
  }
  return guesses;
}

describe('sign-in backoff', () => {
  it('allows the free failures, then doubles the wait up to its ceiling', () => {
    const rule: BackoffRule = { freeFailures: 3, firstWaitMs: 1000, maxWaitMs: 5000, forgetAfterMs: DAY };
    expect([1, 2, 3, 4, 5, 6, 1000].map((n) => waitAfterFailure(n, rule))).toEqual([
      0, 0, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('forgets a count left alone for the forget period, not before', () => {
    const rule: BackoffRule = { freeFailures: 3, firstWaitMs: 1000, maxWaitMs: 5000, forgetAfterMs: DAY };
    const state = { failures: 7, lastFailureAt: new Date('2026-11-01T00:00:00Z') };
    expect(failuresBefore(state, new Date(state.lastFailureAt.getTime() + DAY - 1), rule)).toBe(7);
    expect(failuresBefore(state, new Date(state.lastFailureAt.getTime() + DAY), rule)).toBe(0);
  });

  it('keeps guessing a 4-digit code well under 1 % in 30 days (the derivation in backoff.ts)', () => {
    const guesses = guessesWithin(30 * DAY, OTP_BACKOFF);
    expect(guesses).toBe(17);
    expect(guesses / 10 ** 4).toBeLessThan(0.002);
    // The rule itself must make a reset take longer than the span, or the bound above would not hold.
    expect(OTP_BACKOFF.forgetAfterMs).toBeGreaterThanOrEqual(30 * DAY);
    expect(OTP_BACKOFF.maxWaitMs).toBeLessThanOrEqual(OTP_BACKOFF.forgetAfterMs);
  });

  it('keeps a password owner behind the same address waiting at most an hour', () => {
    expect(Math.max(...Array.from({ length: 100 }, (_, i) => waitAfterFailure(i + 1, PASSWORD_BACKOFF)))).toBe(
      3_600_000,
    );
  });

  it('says when to try again in words, rounded up', () => {
    expect([1, 59, 60, 61, 3600, 3601, 86_400, 86_401].map(describeWait)).toEqual([
      '1 second',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '1 hour',
      '2 hours',
      '1 day',
      '2 days',
    ]);
  });
});
