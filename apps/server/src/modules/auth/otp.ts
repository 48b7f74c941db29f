import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** access-and-app-shell.md 9 and the sign-in issue: these bound what an OTP can cost and leak. */
export const OTP_RULES = {
  ttlMs: 5 * 60 * 1000,
  maxTries: 5,
  resendAfterMs: 30 * 1000,
  maxPerNumberPerHour: 5,
  maxPerAddressPerHour: 20,
} as const;

/** A uniformly random code of `length` digits from the operating system's secure generator. */
export function generateOtp(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** The stored form of a code: an HMAC bound to its challenge, so a code works only where it was sent. */
export function hashOtp(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

export function otpMatches(secret: string, challengeId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashOtp(secret, challengeId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
