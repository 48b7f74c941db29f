import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountryOptions, loadPhoneLibrary, toE164 } from './phone';

describe('phone input rules', () => {
  it.each([
    ['9876543210', 'IN', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['12345', 'IN', null],
    ['1234567', 'IN', null],
    ['4155552671', 'US', '+14155552671'],
    ['123456789012345', 'IN', null],
  ] as const)('%s in %s -> %s', async (input, country, expected) => {
    expect(toE164(await loadPhoneLibrary(), input, country)).toBe(expected);
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
