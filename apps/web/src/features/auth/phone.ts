import { getCountries, getCountryCallingCode, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';

/** Countries for the phone input, India first (access-and-app-shell.md 2.4: default India, +91). */
export function countryOptions(language: string): { value: CountryCode; label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language, 'en'], { type: 'region' }) : null;
  const all = getCountries().map((code) => ({ value: code, label: `+${getCountryCallingCode(code)} ${names?.of(code) ?? code}` }));
  all.sort((a, b) => (a.value === 'IN' ? -1 : b.value === 'IN' ? 1 : a.label.localeCompare(b.label)));
  return all;
}

/** Keys the phone field refuses (spec 5: e, plus, minus, comma and dot). */
export const BLOCKED_PHONE_KEYS = new Set(['e', 'E', '+', '-', ',', '.']);
export const MAX_PHONE_DIGITS = 14;

/** The number in international form when it is a valid number of that country, else null. */
export function toE164(national: string, country: CountryCode): string | null {
  const digits = national.replace(/\D/g, '');
  if (digits.length <= 5 || digits.length > MAX_PHONE_DIGITS) return null;
  const full = `+${getCountryCallingCode(country)}${digits.replace(/^0+/, '')}`;
  return isValidPhoneNumber(full) ? full : null;
}
