/**
 * Calendar days for reports. Schools are in India, so a "day" of the progress chart and of the
 * per-day rollups is a calendar day in India Standard Time, whatever the server's time zone.
 */
export const REPORTING_TIME_ZONE = 'Asia/Kolkata';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The reporting day of a moment as 'YYYY-MM-DD' (India Standard Time).
 *
 * @param moment the time
 */
export function reportingDay(moment: Date): string {
  return dayFormat.format(moment);
}
