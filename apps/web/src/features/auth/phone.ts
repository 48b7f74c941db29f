import type { CountryCode } from 'libphonenumber-js/min';
import type * as libphonenumber from 'libphonenumber-js/min';

/**
 * Phone rules for the sign-in forms. libphonenumber's metadata (28 KB gzip) is not part of the
 * first load of /login and /teacher/login: the forms paint with India (+91), the default of
 * access-and-app-shell.md 2.4, and the full country list arrives with the metadata, which is
 * fetched as soon as a form mounts and awaited before a number is checked.
 */
export type PhoneLibrary = typeof libphonenumber;

let library: Promise<PhoneLibrary> | null = null;

/** Loads the phone metadata once; a failed load (offline before it was cached) is retried next time. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  library ??= import('libphonenumber-js/min').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

export type CountryOption = { value: CountryCode; label: string };

function regionNames(language: string): Intl.DisplayNames | null {
  return typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language, 'en'], { type: 'region' }) : null;
}

/** The list shown before the metadata has loaded: India alone. */
export function defaultCountryOptions(language: string): CountryOption[] {
  return [{ value: 'IN', label: `+91 ${regionNames(language)?.of('IN') ?? 'IN'}` }];
}

/** Countries for the phone input, India first (access-and-app-shell.md 2.4: default India, +91). */
export function countryOptions(lib: PhoneLibrary, language: string): CountryOption[] {
  const names = regionNames(language);
  const all = lib.getCountries().map((code) => ({ value: code, label: `+${lib.getCountryCallingCode(code)} ${names?.of(code) ?? code}` }));
  all.sort((a, b) => (a.value === 'IN' ? -1 : b.value === 'IN' ? 1 : a.label.localeCompare(b.label)));
  return all;
}

/** Keys the phone field refuses (spec 5: e, plus, minus, comma and dot). */
export const BLOCKED_PHONE_KEYS = new Set(['e', 'E', '+', '-', ',', '.']);
export const MAX_PHONE_DIGITS = 14;

/** The number in international form when it is a valid number of that country, else null. */
export function toE164(lib: PhoneLibrary, national: string, country: CountryCode): string | null {
  const digits = national.replace(/\D/g, '');
  if (digits.length <= 5 || digits.length > MAX_PHONE_DIGITS) return null;
  const full = `+${lib.getCountryCallingCode(country)}${digits.replace(/^0+/, '')}`;
  return lib.isValidPhoneNumber(full) ? full : null;
}
