import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formatWait, retryAfterSeconds } from './throttled';

describe('throttled sign-in answers', () => {
  it('read the wait from a RATE_LIMITED answer only', () => {
    expect(retryAfterSeconds(new ApiError(429, 'RATE_LIMITED', 'x', { retryAfterSeconds: 900 }))).toBe(900);
    expect(retryAfterSeconds(new ApiError(429, 'RATE_LIMITED', 'x'))).toBeNull();
    expect(retryAfterSeconds(new ApiError(429, 'OTP_LOCKED', 'x', { retryAfterSeconds: 900 }))).toBeNull();
    expect(retryAfterSeconds(new Error('x'))).toBeNull();
  });

  it('say the wait in the reader’s language, rounded up, with Latin digits', () => {
    expect([30, 61, 900, 3601, 7 * 86_400].map((s) => formatWait(s, 'en'))).toEqual([
      'in 30 seconds',
      'in 2 minutes',
      'in 15 minutes',
      'in 2 hours',
      'in 7 days',
    ]);
    expect(formatWait(900, 'hi')).toBe('15 मिनट में');
    expect(formatWait(900, 'mr')).toBe('15 मिनिटांमध्ये');
    expect(formatWait(900, 'ta')).toBe('15 நிமிடங்களில்');
  });
});
