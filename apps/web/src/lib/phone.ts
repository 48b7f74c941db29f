import type { CountryCode } from 'libphonenumber-js/min';
import type * as libphonenumber from 'libphonenumber-js/min';

/**
 * Phone rules for the sign-in forms and the families' sign-up (ui/phone-field.tsx). libphonenumber's
 * metadata (28 KB gzip) is not part of the first load of /login, /teacher/login and /signup: the
 * forms paint with India (+91), the default of access-and-app-shell.md 2.4, and the full country
 * list arrives with the metadata, which is fetched as soon as a form mounts and awaited before a
 * number is checked.
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
  const all = lib
    .getCountries()
    .map((code) => ({ value: code, label: `+${lib.getCountryCallingCode(code)} ${names?.of(code) ?? code}` }));
  all.sort((a, b) => (a.value === 'IN' ? -1 : b.value === 'IN' ? 1 : a.label.localeCompare(b.label)));
  return all;
}

/** Keys the phone field refuses (spec 5: e, plus, minus, comma and dot). */
export const BLOCKED_PHONE_KEYS = new Set(['e', 'E', '+', '-', ',', '.']);
export const MAX_PHONE_DIGITS = 14;

/** Keeps digits and spaces, and at most `max` digits (spec 5: the phone field takes 14). */
export function limitPhoneDigits(text: string, max: number = MAX_PHONE_DIGITS): string {
  let digits = 0;
  let out = '';
  for (const ch of text) {
    if (ch === ' ') out += ch;
    else if (ch >= '0' && ch <= '9' && digits < max) {
      out += ch;
      digits++;
    }
  }
  return out;
}

/**
 * A number as pasted or typed, split into its country and national number by the phone rules:
 * "+91 90000 00010", "0091 9000000010", "919000000010" and "09000000010" are all India's
 * 9000000010, "+1 415 555 2671" the United States' 4155552671. Text that is no valid number keeps
 * its digits (less a leading calling code of `country`), for the check on Proceed to refuse.
 */
export function splitPhone(
  lib: PhoneLibrary,
  text: string,
  country: CountryCode,
): { country: CountryCode; national: string } {
  const digits = text.replace(/\D/g, '');
  const international = text.trimStart().startsWith('+');
  const parsed = international
    ? lib.parsePhoneNumberFromString(`+${digits}`)
    : lib.parsePhoneNumberFromString(digits, country);
  if (parsed?.country && parsed.isValid()) return { country: parsed.country, national: parsed.nationalNumber };
  const callingCode = lib.getCountryCallingCode(country);
  return {
    country,
    national: international && digits.startsWith(callingCode) ? digits.slice(callingCode.length) : digits,
  };
}

/** The number in international form when it is a valid number (of `country`, unless it names its own), else null. */
export function toE164(lib: PhoneLibrary, input: string, country: CountryCode): string | null {
  const split = splitPhone(lib, input, country);
  if (split.national.length <= 5 || split.national.length > MAX_PHONE_DIGITS) return null;
  const full = `+${lib.getCountryCallingCode(split.country)}${split.national.replace(/^0+/, '')}`;
  return lib.isValidPhoneNumber(full) ? full : null;
}
