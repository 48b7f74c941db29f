import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RateLimitedDetails } from '@ki/contracts';
import { ApiError } from './api-client';
import { intlLocale } from './format-date';

const hasWait = (details: unknown): details is RateLimitedDetails =>
  typeof details === 'object' &&
  details !== null &&
  'retryAfterSeconds' in details &&
  typeof details.retryAfterSeconds === 'number' &&
  details.retryAfterSeconds > 0;

/**
 * The wait a throttled sign-in announces (429 RATE_LIMITED): details.retryAfterSeconds, the
 * contract's RateLimitedDetails (the server repeats it as Retry-After for other clients); null when
 * the answer does not say.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return null;
  return hasWait(error.details) ? error.details.retryAfterSeconds : null;
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

/**
 * The wait of a throttled sign-in or sign-up form (its page loads the `auth` strings, whose
 * `throttled.tooManyTries` this says). `startFrom(error)` starts it when the error says how long to
 * wait (and tells whether it did); then `message` says "Too many tries. Try again in 15 minutes." in
 * the reader's language, counting down once a second, and `waiting` keeps the form's button disabled
 * until the next try is allowed.
 */
export function useRetryWait() {
  const { t, i18n } = useTranslation('auth');
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const left = until === null ? 0 : Math.ceil((until - now) / 1000);
  return {
    waiting: left > 0,
    message: left > 0 ? t('throttled.tooManyTries', { when: formatWait(left, i18n.resolvedLanguage ?? 'en') }) : null,
    startFrom(error: unknown): boolean {
      const seconds = retryAfterSeconds(error);
      if (seconds === null) return false;
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
      return true;
    },
  };
}
