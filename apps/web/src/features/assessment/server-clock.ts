import type { LoadedAttempt } from './api/loaded-attempt';

/**
 * How far the server's clock is ahead of this device's (ms), from an answer's serverNow and the
 * moment it arrived. The answer spent some time on its way, so the server's "now" is at most that
 * much older than it looks: the countdown may end a fraction of a second late, never early.
 */
export const clockOffsetMs = (attempt: Pick<LoadedAttempt, 'serverNow' | 'receivedAt'>): number =>
  Date.parse(attempt.serverNow) - attempt.receivedAt;

/** Seconds left before the deadline (never below 0), on the server's clock. */
export function secondsLeft(
  attempt: Pick<LoadedAttempt, 'serverNow' | 'receivedAt' | 'deadlineAt'>,
  deviceNow: number,
): number {
  const serverNow = deviceNow + clockOffsetMs(attempt);
  return Math.max(0, (Date.parse(attempt.deadlineAt) - serverNow) / 1000);
}

/** 4:05, 0:09, 1:02:03: whole seconds, rounded up (the clock shows 0:00 only when the time is up). */
export function formatCountdown(seconds: number): string {
  const whole = Math.ceil(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
