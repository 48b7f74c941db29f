/**
 * Calendar days for reports. A "day" of the progress chart, of "last played" dates, of the per-day
 * rollups and of dates in CSV files is a calendar day in the school's time zone
 * (scoring-and-metrics.md, "Readings fixed later": default Asia/Kolkata), whatever the server's.
 */

/** The time zone of a school that has not been given another (every demo school is in India). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * India Standard Time is UTC+05:30 all year and has been since 1945 (no daylight saving), so its
 * day is plain arithmetic: ingest computes one for every record, and Intl formatting was a
 * measurable share of its CPU time. days.test.ts checks it against Intl for Asia/Kolkata.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** One formatter per zone ('en-CA' writes YYYY-MM-DD): building one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar day of a moment in a time zone, as 'YYYY-MM-DD'.
 *
 * @param moment the time (from 1946 on)
 * @param timeZone an IANA time zone (the school's); India's when left out
 * @throws RangeError for a zone the time-zone database does not know
 */
export function reportingDay(moment: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (timeZone === DEFAULT_TIME_ZONE) return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return dayFormat(timeZone).format(moment);
}

/**
 * Whether a text names a zone of the IANA time-zone database ('Asia/Kolkata', 'UTC'), the same rule
 * as the CHECK on schools.time_zone (migration 0018): an Area/Location name or UTC, never an
 * abbreviation such as 'IST' (India to some, Israel or Ireland to others).
 */
export function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    dayFormat(name);
    return true;
  } catch {
    return false;
  }
}
