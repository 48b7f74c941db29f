import type { LiveSession } from '@ki/contracts';
import { intlLocale } from '../../lib/format-date';

/**
 * When a live class or programme happens, in the reader's language and its school's zone: "Thu, 26
 * Nov, 12:00 pm – 12:45 pm" (a range on two days names both).
 */
export function formatSpan(
  session: Pick<LiveSession, 'start' | 'end' | 'timeZone'>,
  language: string | undefined,
): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: session.timeZone,
  }).formatRange(new Date(session.start), new Date(session.end));
}

/** A time of day in a zone: "12:05 pm" (the register's join times). */
export const formatTime = (iso: string, timeZone: string, language: string | undefined): string =>
  new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * Why a class cannot be joined at `now` (the server's LIVE_CLASS_NOT_OPEN), read from its times
 * rather than from the server's words: over ('ended'), else too early ('notOpenYet': it opens
 * LIVE_CLASS_OPENS_MINUTES before its start).
 */
export const closedReason = (session: Pick<LiveSession, 'end'>, now: number): 'notOpenYet' | 'ended' =>
  now >= Date.parse(session.end) ? 'ended' : 'notOpenYet';
