/** What the offline notice says about the age of the data on screen (pure: tested beside it). */

/** One answer a page shows: when the server gave it, and whether it came from the device's copy. */
export interface ShownAnswer {
  savedAt: number | undefined;
  fromDevice: boolean;
}

/**
 * Whether to show the notice, and the oldest saved time on screen. Offline, everything shown is
 * what the device has; online, only answers restored from the device (the server was unreachable).
 */
export function noticeState(shown: readonly ShownAnswer[], online: boolean): { show: boolean; savedAt?: number } {
  const fromDevice = online ? shown.filter((s) => s.fromDevice) : shown;
  const times = fromDevice.map((s) => s.savedAt).filter((t): t is number => t !== undefined && t > 0);
  const show = !online || fromDevice.length > 0;
  return times.length ? { show, savedAt: Math.min(...times) } : { show };
}

const TIME_ZONE = 'Asia/Kolkata';
const localeOf = (language: string | undefined) => (!language || language === 'en' ? 'en-IN' : `${language}-IN`);

/**
 * "10:42" when saved today (India's day, as every date in the app), else also the day: "25 Nov".
 * The caller picks the sentence ("saved at {{time}}" or "saved on {{date}} at {{time}}").
 */
export function savedTimeParts(
  savedAt: number,
  now: number,
  language: string | undefined,
): { today: boolean; time: string; date: string } {
  const locale = localeOf(language);
  const day = (t: number) => new Date(t).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  return {
    today: day(savedAt) === day(now),
    time: new Date(savedAt).toLocaleTimeString(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }),
    date: new Date(savedAt).toLocaleDateString(locale, { timeZone: TIME_ZONE, day: 'numeric', month: 'short' }),
  };
}
