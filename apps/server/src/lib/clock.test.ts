import { describe, expect, it } from 'vitest';
import { clockFrom } from './clock';

describe('clockFrom', () => {
  it('reads the wall clock when no start is given', () => {
    let wall = Date.parse('2031-02-03T04:05:06Z');
    const clock = clockFrom(undefined, () => wall);
    expect(clock().toISOString()).toBe('2031-02-03T04:05:06.000Z');
    wall += 1000;
    expect(clock().toISOString()).toBe('2031-02-03T04:05:07.000Z');
  });

  it('starts at the given instant and runs on at the wall clock pace', () => {
    let wall = Date.parse('2031-02-03T04:05:06Z');
    const clock = clockFrom('2026-11-20T10:00:00Z', () => wall);
    expect(clock().toISOString()).toBe('2026-11-20T10:00:00.000Z');
    wall += 90_000;
    expect(clock().toISOString()).toBe('2026-11-20T10:01:30.000Z');
  });
});
