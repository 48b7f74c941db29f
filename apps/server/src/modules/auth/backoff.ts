/**
 * Sign-in backoff (security issue #21): failures are counted in the database and, past a free
 * allowance, each further failure makes the next try wait twice as long as the last one did.
 */
export interface BackoffRule {
  /** Failures allowed before the first wait. */
  freeFailures: number;
  /** The wait after failure number `freeFailures`; it doubles with each further failure. */
  firstWaitMs: number;
  /** The longest wait, so an attacker who stops cannot shut the owner out for longer. */
  maxWaitMs: number;
  /** A count untouched this long starts again from zero (a typo months ago is forgotten). */
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Wrong one-time codes per mobile number, across every code sent to it and every client address.
 *
 * Why 4 digits are enough (access-and-app-shell.md 9 asks for 4): the best an attacker can do is to
 * guess whenever allowed. That is 5 guesses, then waits of 15 min, 30 min, 1 h, ... 128 h (ten
 * waits, 255.75 h, 10.7 days, one guess after each), then a guess every 7 days: 5 + 10 + 2 = 17
 * guesses in 30 days. A reset needs 30 quiet days, so no 30-day span holds more than one such
 * series. Each guess hits a fresh uniformly random code with probability 1/10^4, so the chance of
 * getting in within 30 days is at most 17/10,000 = 0.17 % (6 digits: 0.0017 %). `backoff.test.ts`
 * replays that attacker against these numbers. The sends limit (5 codes an hour, 5 tries each)
 * would otherwise have allowed 25 guesses an hour, about 83 % in 30 days.
 *
 * The cost: someone who keeps guessing keeps the number's owner waiting too (up to 7 days after
 * the last wrong code). Students can still sign in with their 14-digit code and password.
 */
export const OTP_BACKOFF: BackoffRule = {
  freeFailures: 5,
  firstWaitMs: 15 * MINUTE,
  maxWaitMs: 7 * DAY,
  forgetAfterMs: 30 * DAY,
};

/**
 * Wrong passwords per account AND client address: guessing from one address slows that address
 * down for that account only, so the owner signing in from elsewhere is never locked out. The owner
 * behind the same address (a teacher on the school network) waits at most an hour.
 */
export const PASSWORD_BACKOFF: BackoffRule = {
  freeFailures: 5,
  firstWaitMs: MINUTE,
  maxWaitMs: HOUR,
  forgetAfterMs: DAY,
};

/**
 * Failed password sign-ins per client address, all accounts together. A school's 1,000 students
 * often share one public address; if every one of them got the password wrong twice in the same
 * hour (a whole school signing in at the start of the day) they would still fit. A single address
 * guessing across many accounts is held to the same 2,000 an hour.
 */
export const PASSWORD_ADDRESS_CEILING = { failures: 2_000, windowMs: HOUR } as const;

/** The wait imposed after the `failures`-th failure in a row; 0 when the next try may follow at once. */
export function waitAfterFailure(failures: number, rule: BackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  // Capped exponent: 2^40 minutes is already far beyond any maxWaitMs and stays a finite number.
  const doublings = Math.min(failures - rule.freeFailures, 40);
  return Math.min(rule.firstWaitMs * 2 ** doublings, rule.maxWaitMs);
}

/** The count a new failure starts from: a count left alone for `forgetAfterMs` starts over. */
export function failuresBefore(state: { failures: number; lastFailureAt: Date }, now: Date, rule: BackoffRule): number {
  return now.getTime() - state.lastFailureAt.getTime() >= rule.forgetAfterMs ? 0 : state.failures;
}

/** Whole seconds until `until`, at least 1: what Retry-After and the message announce. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** "5 minutes", "2 hours": when to try again, rounded up, for the English message. */
export function describeWait(seconds: number): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(seconds, 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  if (seconds < 86_400) return unit(Math.ceil(seconds / 3600), 'hour');
  return unit(Math.ceil(seconds / 86_400), 'day');
}
