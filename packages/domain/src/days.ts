/**
 * Calendar days for reports. Schools are in India, so a "day" of the progress chart and of the
 * per-day rollups is a calendar day in India Standard Time, whatever the server's time zone.
 */
export const REPORTING_TIME_ZONE = 'Asia/Kolkata';

/**
 * India Standard Time is UTC+05:30 all year and has been since 1945 (no daylight saving), so the
 * reporting day is plain arithmetic: ingest computes it for every record, and Intl formatting was a
 * measurable share of its CPU time. days.test.ts checks it against Intl for Asia/Kolkata.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The reporting day of a moment as 'YYYY-MM-DD' (India Standard Time).
 *
 * @param moment the time (from 1946 on)
 */
export function reportingDay(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
