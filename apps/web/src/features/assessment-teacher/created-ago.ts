import { intlLocale } from '../../lib/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a quiz was created, as the listing says it (access-and-app-shell.md 3: "created-ago time in
 * minutes, hours or days"): minutes under an hour, hours under a day, days beyond; "now" under a
 * minute. Intl words it in the reader's language ("5 minutes ago", "5 मिनट पहले") with Western
 * digits like every other figure (docs/GLOSSARY.md).
 */
export function createdAgo(iso: string, nowMs: number, language: string | undefined): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  const elapsed = Math.max(0, nowMs - Date.parse(iso));
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}
