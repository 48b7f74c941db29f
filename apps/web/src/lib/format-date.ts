import { DEFAULT_TIME_ZONE } from '@ki/domain';

const localeOf = (language: string | undefined) => (!language || language === 'en' ? 'en-IN' : `${language}-IN`);

/**
 * Dates as Indian readers expect them (day first), in the UI language, as a calendar day of the
 * school's time zone (the server sends it with the figures; India's when there is none): the same
 * day the school's CSV files carry (scoring-and-metrics.md, "Readings fixed later").
 */
export function formatDate(iso: string, language: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(iso).toLocaleDateString(localeOf(language), { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
}

/** Date and time of day, as formatDate, for when something happened (audit lines). */
export function formatDateTime(iso: string, language: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(iso).toLocaleString(localeOf(language), { timeZone, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
