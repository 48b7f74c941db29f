import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountryOptions, limitPhoneDigits, loadPhoneLibrary, splitPhone, toE164 } from './phone';

describe('phone input rules', () => {
  it.each([
    ['9876543210', 'IN', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['12345', 'IN', null],
    ['1234567', 'IN', null],
    ['4155552671', 'US', '+14155552671'],
    ['123456789012345', 'IN', null],
    // Pasted with the country: the calling code is read, not taken for part of the number.
    ['+91 90000 00010', 'IN', '+919000000010'],
    ['+919000000010', 'IN', '+919000000010'],
    ['919000000010', 'IN', '+919000000010'],
    ['0091 90000 00010', 'IN', '+919000000010'],
    ['+1 415 555 2671', 'IN', '+14155552671'],
    ['+91 12345', 'IN', null],
  ] as const)('%s in %s -> %s', async (input, country, expected) => {
    expect(toE164(await loadPhoneLibrary(), input, country)).toBe(expected);
  });

  it.each([
    ['+91 90000 00010', 'IN', { country: 'IN', national: '9000000010' }],
    ['+919000000010', 'US', { country: 'IN', national: '9000000010' }],
    ['(+91) 90000-00010', 'IN', { country: 'IN', national: '9000000010' }],
    ['919000000010', 'IN', { country: 'IN', national: '9000000010' }],
    ['+1 (415) 555-2671', 'IN', { country: 'US', national: '4155552671' }],
    ['9198765432', 'IN', { country: 'IN', national: '9198765432' }],
    ['+91 900', 'IN', { country: 'IN', national: '900' }],
  ] as const)('pasted %s (country %s) -> %o', async (text, country, expected) => {
    expect(splitPhone(await loadPhoneLibrary(), text, country)).toEqual(expected);
  });

  it('keeps at most 14 digits, and the spaces between them', () => {
    expect(limitPhoneDigits('1234567890123456')).toBe('12345678901234');
    expect(limitPhoneDigits('98765 43210')).toBe('98765 43210');
    expect(limitPhoneDigits('+91-98765')).toBe('9198765');
  });

  it('offers India first', async () => {
    const options = countryOptions(await loadPhoneLibrary(), 'en');
    expect(options[0]).toEqual({ value: 'IN', label: '+91 India' });
    expect(options.length).toBeGreaterThan(200);
  });

  it('offers India alone until the phone metadata has loaded', () => {
    expect(defaultCountryOptions('en')).toEqual([{ value: 'IN', label: '+91 India' }]);
  });

  it('loads the metadata once', () => {
    expect(loadPhoneLibrary()).toBe(loadPhoneLibrary());
  });
});
