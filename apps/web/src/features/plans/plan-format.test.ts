import { describe, expect, it } from 'vitest';
import { formatRupees, monthlyPaise, planMonths } from './plan-format';

describe('formatRupees', () => {
  it.each([
    [29900, 'en', '₹299'],
    [149950, 'en', '₹1,499.50'],
    [1_00_000_00, 'en', '₹1,00,000'],
    [29900, 'hi', '₹299'],
    [99900, 'mr', '₹999'],
    [29900, 'ta', '₹299'],
  ])('%i paise in %s -> %s', (paise, language, text) => {
    expect(formatRupees(paise, language)).toBe(text);
  });
});

describe('planMonths', () => {
  it.each([
    [30, 1],
    [90, 3],
    [91, 3],
    [180, 6],
    [183, 6],
    [365, 12],
    [366, 12],
  ])('%i days -> %i months', (days, months) => {
    expect(planMonths(days)).toBe(months);
  });

  it.each([7, 14, 45, 100])('%i days are not whole months', (days) => {
    expect(planMonths(days)).toBeNull();
  });
});

describe('monthlyPaise', () => {
  it('rounds a longer plan’s price a month to whole rupees', () => {
    expect(monthlyPaise({ pricePaise: 49900, durationDays: 182 })).toBe(8300);
    expect(monthlyPaise({ pricePaise: 89900, durationDays: 365 })).toBe(7500);
    expect(monthlyPaise({ pricePaise: 29900, durationDays: 90 })).toBe(10000);
  });

  it('has none for a month, or a plan not in months', () => {
    expect(monthlyPaise({ pricePaise: 9900, durationDays: 30 })).toBeNull();
    expect(monthlyPaise({ pricePaise: 9900, durationDays: 45 })).toBeNull();
  });
});
