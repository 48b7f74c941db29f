/**
 * The Intl locale for a UI language: India's conventions (day first), and Western digits in every
 * language. Marathi's default numbering is Devanagari (mr-IN writes '२६ नोव्हें, २०२५'), while the
 * catalogues and every count beside a date use 0-9; docs/GLOSSARY.md keeps Western digits for all.
 */
export const intlLocale = (language: string | undefined): string =>
  !language || language === 'en' ? 'en-IN' : `${language}-IN-u-nu-latn`;

const DAY = { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' } as const;

/** Dates as Indian readers expect them (day first), in India's time zone, in the UI language. */
export const formatDate = (iso: string, language: string | undefined): string =>
  new Date(iso).toLocaleDateString(intlLocale(language), DAY);

/** Date and time of day, as formatDate, for when something happened (audit lines). */
export const formatDateTime = (iso: string, language: string | undefined): string =>
  new Date(iso).toLocaleString(intlLocale(language), { ...DAY, hour: '2-digit', minute: '2-digit' });
