import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_WINDOW_DAYS, activeSince, isActive, toEpochMs } from './activity';

const now = new Date('2024-06-30T12:00:00.000Z');
const since = Date.parse('2024-05-31T12:00:00.000Z'); // 30 days of 24 h earlier

describe('activity window (spec L66-L67, L72)', () => {
  it('defaults to 30 days', () => {
    expect(DEFAULT_ACTIVITY_WINDOW_DAYS).toBe(30);
    expect(activeSince(now).toISOString()).toBe('2024-05-31T12:00:00.000Z');
  });

  it('honours a configured window', () => {
    expect(activeSince(now, 7).toISOString()).toBe('2024-06-23T12:00:00.000Z');
    expect(activeSince(now, 0.5).toISOString()).toBe('2024-06-30T00:00:00.000Z');
  });

  it.each([
    ['at the start of the window', new Date(since), true],
    ['1 ms before the window', new Date(since - 1), false],
    ['inside the window', new Date('2024-06-15T00:00:00Z'), true],
    ['at the request moment', new Date(now), true],
    ['after the request moment', new Date(now.getTime() + 1), false],
    ['given as an ISO string', '2024-06-29T23:59:59Z', true],
    ['given as epoch milliseconds', Date.parse('2024-06-01T00:00:00Z'), true],
    ['an old string', '2024-01-01T00:00:00Z', false],
    ['never active', null, false],
    ['undefined', undefined, false],
    ['an unparsable string', 'yesterday', false],
  ])('a last activity %s -> %s', (_name, lastActivityAt, active) => {
    expect(isActive(lastActivityAt, now)).toBe(active);
  });

  it('narrows with a shorter window', () => {
    expect(isActive('2024-06-15T00:00:00Z', now, 7)).toBe(false);
    expect(isActive('2024-06-25T00:00:00Z', now, 7)).toBe(true);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a window of %s days', (days) => {
    expect(() => activeSince(now, days)).toThrow(RangeError);
    expect(() => isActive(now, now, days)).toThrow(RangeError);
  });

  it('does not change now', () => {
    const fixed = new Date(now);
    activeSince(fixed);
    expect(fixed.getTime()).toBe(now.getTime());
  });
});

describe('toEpochMs', () => {
  it.each([
    [new Date('2024-01-02T03:04:05.006Z'), 1_704_164_645_006],
    ['2024-01-02T03:04:05.006Z', 1_704_164_645_006],
    [1_704_164_645_006, 1_704_164_645_006],
    [0, 0],
    [null, null],
    [undefined, null],
    ['not a date', null],
    [new Date(Number.NaN), null],
    [Number.NaN, null],
  ])('toEpochMs(%s) = %s', (value, ms) => {
    expect(toEpochMs(value)).toBe(ms);
  });
});
