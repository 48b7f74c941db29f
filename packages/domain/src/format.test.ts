import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, displayPercent, displayRank, displayScore, formatDuration, personName } from './format';
import { maskMobile } from './format';

describe('formatDuration (spec L58: HH:mm:ss)', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [59.9, '00:00:59'],
    [60, '00:01:00'],
    [61, '00:01:01'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [86_399, '23:59:59'],
    [86_400, '24:00:00'],
    [359_999, '99:59:59'],
    [360_000, '100:00:00'],
    [3_600_000, '1000:00:00'],
    [-1, '00:00:00'],
    [Number.NaN, '00:00:00'],
    [Number.POSITIVE_INFINITY, '00:00:00'],
  ])('formatDuration(%s) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('displayScore (spec L60-L61)', () => {
  it.each([
    [0, 'NA'],
    [null, 'NA'],
    [undefined, 'NA'],
    [Number.NaN, 'NA'],
    [0.4, 'NA'], // displayed as 0
    [0.5, '1'],
    [78, '78'],
    [79.49, '79'],
    [79.5, '80'],
    [88.5, '89'],
    [100, '100'],
  ])('displayScore(%s) = %s', (score, text) => {
    expect(displayScore(score)).toBe(text);
  });

  it('uses NA as the missing marker', () => {
    expect(NOT_AVAILABLE).toBe('NA');
  });
});

describe("the screen's word for NA", () => {
  // The web passes common:na; the default stays 'NA' for CSV exports and the API.
  it('replaces NA only where the value is missing', () => {
    expect(displayScore(0, 'उपलब्ध नहीं')).toBe('उपलब्ध नहीं');
    expect(displayScore(79.5, 'उपलब्ध नहीं')).toBe('80');
    expect(displayPercent(null, 'இல்லை')).toBe('இல்லை');
    expect(displayPercent(0, 'இல்லை')).toBe('0.00');
    expect(displayRank(0, 50, 'లేదు')).toBe('లేదు');
    expect(displayRank(3, 0.4, 'లేదు')).toBe('లేదు');
    expect(displayRank(3, 50, 'లేదు')).toBe('3');
  });
});

describe('displayPercent (spec L60: two decimals)', () => {
  it.each([
    [8720 / 110, '79.27'],
    [79.265, '79.27'],
    [1.005, '1.01'],
    [0.125, '0.13'],
    [100 / 3, '33.33'],
    [200 / 3, '66.67'],
    [5, '5.00'],
    [0, '0.00'],
    [100, '100.00'],
    [null, 'NA'],
    [undefined, 'NA'],
    [Number.NaN, 'NA'],
  ])('displayPercent(%s) = %s', (percent, text) => {
    expect(displayPercent(percent)).toBe(text);
  });
});

describe('displayRank (spec L61; dashboards.md 2.1)', () => {
  it.each([
    [3, 50, '3'],
    [1, 0.5, '1'],
    [0, 50, 'NA'],
    [null, 50, 'NA'],
    [3, 0, 'NA'],
    [3, 0.4, 'NA'],
    [3, null, 'NA'],
  ])('displayRank(%s, %s) = %s', (rank, score, text) => {
    expect(displayRank(rank, score)).toBe(text);
  });
});

describe('personName', () => {
  it.each([
    ['Ananya', 'Rao', 'Ananya Rao'],
    ['Isha', '', 'Isha'],
    ['', 'Rao', 'Rao'],
  ])('%j %j -> %j', (first, last, expected) => {
    expect(personName(first, last)).toBe(expected);
  });
});

describe('maskMobile', () => {
  it('keeps the Indian country code and the last four digits', () => {
    expect(maskMobile('+919000000009')).toBe('+91 ••••••0009');
  });
  it('hides all but the last four digits of other numbers', () => {
    expect(maskMobile('+4915112345678')).toBe('•••••••••5678');
    expect(maskMobile('123')).toBe('123');
  });
});
