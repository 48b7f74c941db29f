import { DEFAULT_TIME_ZONE } from '@ki/domain';
import type { CalendarEvent } from '@ki/contracts';
import { intlLocale } from '../../lib/format-date';
import { isoToZoned } from '../../lib/zoned-time';

/**
 * Times of the school calendar. Each school has one time zone (docs/DECISIONS.md "One time zone per
 * school"): the grid shows one zone, the zone of the caller's schools when they share one (India's
 * otherwise), and an event's details and form speak the event's own school zone.
 */

/** The grid's zone: the one zone all these schools share, else India's (the app's default). */
export function sharedZone(zones: Iterable<string>): string {
  const distinct = new Set(zones);
  const [only] = distinct;
  return distinct.size === 1 && only ? only : DEFAULT_TIME_ZONE;
}

const DAY_MS = 86_400_000;

/** Whether an event runs from a midnight to a midnight of its zone: whole days (a holiday, exams). */
export function isWholeDays(startMs: number, endMs: number, timeZone: string): boolean {
  return (
    endMs - startMs >= DAY_MS &&
    isoToZoned(startMs, timeZone).endsWith('T00:00') &&
    isoToZoned(endMs, timeZone).endsWith('T00:00')
  );
}

const WITH_DAY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;

/**
 * When an event happens, in the reader's language and the event's school zone: "Thu, 26 Nov 2026,
 * 10:00 am – 11:00 am", or only the days for whole days ("Mon, 2 Nov 2026 – Wed, 4 Nov 2026").
 */
export function formatWhen(
  event: Pick<CalendarEvent, 'start' | 'end' | 'timeZone'>,
  language: string | undefined,
): string {
  const start = Date.parse(event.start);
  const end = Date.parse(event.end);
  const locale = intlLocale(language);
  if (isWholeDays(start, end, event.timeZone)) {
    const days = new Intl.DateTimeFormat(locale, { ...WITH_DAY, timeZone: event.timeZone });
    // The last day is the one before the closing midnight.
    const last = end - DAY_MS;
    return last - start < DAY_MS / 2 ? days.format(start) : days.formatRange(start, last);
  }
  return new Intl.DateTimeFormat(locale, {
    ...WITH_DAY,
    hour: 'numeric',
    minute: '2-digit',
    timeZone: event.timeZone,
  }).formatRange(start, end);
}

/** The day a date-time of a zone falls on, 'YYYY-MM-DD'. */
export const zonedDay = (ms: number, timeZone: string): string => isoToZoned(ms, timeZone).slice(0, 10);

/** A day 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
