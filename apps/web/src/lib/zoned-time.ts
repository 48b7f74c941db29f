import { intlLocale } from './format-date';

/**
 * Times of day in a school's time zone, for forms (a quiz's assignment, a calendar event): a date,
 * time or datetime-local input holds a wall-clock time with no zone, and the school means that time
 * in its own zone (docs/DECISIONS.md "One time zone per school"), whatever zone the device is in.
 */

const parts = (ms: number, timeZone: string) => {
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(fields.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) of a wall-clock time 'YYYY-MM-DDTHH:mm' in a zone, or null for an empty or
 * malformed value. A time skipped by a clock change resolves to the later offset's reading.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return null;
  let instant = asUtc - zoneOffset(asUtc, timeZone);
  // Around a clock change the offset at the guess may differ from the offset at the answer.
  instant = asUtc - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The wall-clock time 'YYYY-MM-DDTHH:mm' of an instant in a zone, for a datetime-local input. */
export function isoToZoned(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The zone's name as the reader's language says it ("India Standard Time"), else its IANA name. */
export function zoneName(timeZone: string, language: string | undefined): string {
  const part = new Intl.DateTimeFormat(intlLocale(language), { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
