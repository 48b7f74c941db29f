import { DEFAULT_TIME_ZONE } from '@ki/domain';

import { intlLocale } from './intl-locale';

// The locale rule has its own module, so the app's entry can name it without this one (main.tsx).
export { intlLocale };

const DAY = { day: '2-digit', month: 'short', year: 'numeric' } as const;

/**
 * Dates as Indian readers expect them (day first), in the UI language, as a calendar day of the
 * school's time zone (the server sends it with the figures; India's when there is none): the same
 * day the school's CSV files carry (scoring-and-metrics.md, "Readings fixed later").
 */
export const formatDate = (iso: string, language: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): string =>
  new Date(iso).toLocaleDateString(intlLocale(language), { ...DAY, timeZone });

/** Date and time of day, as formatDate, for when something happened (audit lines). */
export const formatDateTime = (
  iso: string,
  language: string | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string =>
  new Date(iso).toLocaleString(intlLocale(language), { ...DAY, hour: '2-digit', minute: '2-digit', timeZone });

/**
 * Two days as one span, as formatDate writes each, in the UI language's way of joining them
 * ('26 Nov 2026 – 25 Feb 2027'; a shared year is written once).
 */
export const formatDateRange = (
  from: string,
  until: string,
  language: string | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string =>
  new Intl.DateTimeFormat(intlLocale(language), { ...DAY, timeZone }).formatRange(new Date(from), new Date(until));
