import { MEETING_OPEN_BEFORE_MINUTES, type Meeting } from '@ki/contracts';
import { DEFAULT_TIME_ZONE } from '@ki/domain';
import { intlLocale } from '../../lib/format-date';
import { dayOf, timeOfDay } from './chat-time';

/**
 * When a meeting can be joined, and its times in the reader's language (India's time zone, as
 * chat's other times): from MEETING_OPEN_BEFORE_MINUTES before its start to its end.
 */

const MINUTE_MS = 60_000;

/** The instant a meeting opens to join, in ms. */
export const opensAt = (meeting: Pick<Meeting, 'startsAt'>): number =>
  Date.parse(meeting.startsAt) - MEETING_OPEN_BEFORE_MINUTES * MINUTE_MS;

/** Where a meeting stands at `now`: not open yet, open to join, or over. */
export function meetingStage(meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, now: number): 'soon' | 'open' | 'over' {
  if (now >= Date.parse(meeting.endsAt)) return 'over';
  return now >= opensAt(meeting) ? 'open' : 'soon';
}

const DAY_AND_TIME = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DEFAULT_TIME_ZONE,
} as const;

/** "Thu, 26 Nov, 12:00 – 12:30 pm": the meeting's day and times. */
export const meetingSpan = (meeting: Pick<Meeting, 'startsAt' | 'endsAt'>, language: string | undefined): string =>
  new Intl.DateTimeFormat(intlLocale(language), DAY_AND_TIME).formatRange(
    new Date(meeting.startsAt),
    new Date(meeting.endsAt),
  );

/** An instant as a time of day when it is today, else with its day ("Fri, 27 Nov, 09:50 am"). */
export function timeOrDay(ms: number, now: number, language: string | undefined): string {
  const iso = new Date(ms).toISOString();
  if (dayOf(iso) === dayOf(new Date(now).toISOString())) return timeOfDay(iso, language);
  return new Date(ms).toLocaleString(intlLocale(language), DAY_AND_TIME);
}

/** "30 min", "1 hr 30 min" in the reader's language. */
export function durationLabel(minutes: number, language: string | undefined): string {
  const locale = intlLocale(language);
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** The meeting's length in whole minutes. */
export const meetingMinutes = (meeting: Pick<Meeting, 'startsAt' | 'endsAt'>): number =>
  Math.round((Date.parse(meeting.endsAt) - Date.parse(meeting.startsAt)) / MINUTE_MS);

/** "Asha, Vikram and Meera" in the reader's language. */
export const namesList = (names: string[], language: string | undefined): string =>
  new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(names);
