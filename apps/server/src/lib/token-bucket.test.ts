import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst up to its capacity, then refills at its rate, never above the capacity', () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 2 }, () => new Date(now));
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500; // one token back
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 60_000; // long idle: full again, not 120
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false]);
  });
});
