import { DEFAULT_TIME_ZONE } from '@ki/domain';
import { formatDate, intlLocale } from '../../lib/format-date';

/** A calendar day (India's time zone, as the app's other dates), to tell two messages' days apart. */
export const dayOf = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-CA', { timeZone: DEFAULT_TIME_ZONE });

/** The time of day of a message, in the UI language. */
export const timeOfDay = (iso: string, language: string | undefined): string =>
  new Date(iso).toLocaleTimeString(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
  });

/** A room's last activity in its row: the time when it was today, else the date. */
export const whenShort = (iso: string, now: number, language: string | undefined): string =>
  dayOf(iso) === dayOf(new Date(now).toISOString()) ? timeOfDay(iso, language) : formatDate(iso, language);
