import { describe, expect, it } from 'vitest';
import { generateOtp, hashOtp, otpMatches } from './otp';

describe('one-time codes', () => {
  it('have the configured number of digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) {
      expect(generateOtp(4)).toMatch(/^\d{4}$/);
      expect(generateOtp(6)).toMatch(/^\d{6}$/);
    }
  });

  it('spread over the whole range', () => {
    const firstDigits = new Set(Array.from({ length: 500 }, () => generateOtp(4)[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('are bound to their challenge and secret', () => {
    const hash = hashOtp('secret', 'challenge-a', '1234');
    expect(otpMatches('secret', 'challenge-a', '1234', hash)).toBe(true);
    expect(otpMatches('secret', 'challenge-b', '1234', hash)).toBe(false);
    expect(otpMatches('other', 'challenge-a', '1234', hash)).toBe(false);
    expect(otpMatches('secret', 'challenge-a', '1235', hash)).toBe(false);
    expect(hash).not.toContain('1234');
  });
});
