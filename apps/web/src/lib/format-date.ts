/** Dates as Indian readers expect them (day first), in India's time zone, in the UI language. */
export function formatDate(iso: string, language: string | undefined): string {
  const locale = !language || language === 'en' ? 'en-IN' : `${language}-IN`;
  return new Date(iso).toLocaleDateString(locale, { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });
}

/** Date and time of day, as formatDate, for when something happened (audit lines). */
export function formatDateTime(iso: string, language: string | undefined): string {
  const locale = !language || language === 'en' ? 'en-IN' : `${language}-IN`;
  return new Date(iso).toLocaleString(locale, { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
