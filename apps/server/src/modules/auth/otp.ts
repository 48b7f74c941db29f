import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** access-and-app-shell.md 9 and the sign-in issue: these bound what an OTP can cost and leak. */
export const OTP_RULES = {
  ttlMs: 5 * 60 * 1000,
  maxTries: 5,
  resendAfterMs: 30 * 1000,
  maxPerNumberPerHour: 5,
  /**
   * Numbers that are not registered, asked for from one client address in an hour: probing which
   * numbers are registered stays slow (security review, November 2026).
   */
  maxUnregisteredPerAddressPerHour: 20,
  /**
   * Codes sent from one client address in an hour: a whole school signs in behind one public
   * address (1,000 students, some asking twice), while a flood stays bounded; each number still gets
   * at most maxPerNumberPerHour.
   */
  maxPerAddressPerHour: 1500,
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
