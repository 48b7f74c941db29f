import { describe, expect, it } from 'vitest';
import { celebrationFor, CELEBRATION_MIN_ACCURACY } from './celebration';

describe('celebration of a finished game (issue #28)', () => {
  it('confetti from 8 of 10 right, calm below, and no motion when the reader asked for less', () => {
    expect(CELEBRATION_MIN_ACCURACY).toBe(80);
    expect(celebrationFor(80, false)).toBe('confetti');
    expect(celebrationFor(100, false)).toBe('confetti');
    expect(celebrationFor(79.99, false)).toBe('calm');
    expect(celebrationFor(0, false)).toBe('calm');
    expect(celebrationFor(90, true)).toBe('still');
    expect(celebrationFor(50, true)).toBe('calm');
  });
});
