import { ApiError } from '../../lib/api-client';
import { intlLocale } from '../../lib/format-date';

/** The wait a throttled sign-in announces (429 RATE_LIMITED, details.retryAfterSeconds), if it does. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return null;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/**
 * "in 15 minutes" in the reader's language (Intl), rounded up to the largest whole unit the way the
 * server's English message is, so a student never comes back too early. Western digits in every
 * language (Marathi's default would be Devanagari).
 */
export function formatWait(seconds: number, language: string): string {
  const inUnits = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' });
  if (seconds < 60) return inUnits.format(Math.ceil(seconds), 'second');
  if (seconds < 3600) return inUnits.format(Math.ceil(seconds / 60), 'minute');
  if (seconds < 86_400) return inUnits.format(Math.ceil(seconds / 3600), 'hour');
  return inUnits.format(Math.ceil(seconds / 86_400), 'day');
}
