import { describe, expect, it } from 'vitest';
import { countryOptions, toE164 } from './phone';

describe('phone input rules', () => {
  it.each([
    ['9876543210', 'IN', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['12345', 'IN', null],
    ['1234567', 'IN', null],
    ['4155552671', 'US', '+14155552671'],
    ['123456789012345', 'IN', null],
  ] as const)('%s in %s -> %s', (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected);
  });

  it('offers India first', () => {
    expect(countryOptions('en')[0]).toEqual({ value: 'IN', label: '+91 India' });
  });
});
