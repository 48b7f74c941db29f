import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE } from '@ki/domain';
import { localDisplay } from './display';

// The Hindi common:na and common:secondsShort, as i18next would interpolate them.
const hindi = ((key: string, options?: { value?: number }) =>
  key === 'common:na'
    ? 'उपलब्ध नहीं'
    : key === 'common:secondsShort'
      ? `${options?.value ?? ''} से.`
      : key) as unknown as TFunction;
const show = localDisplay(hindi);

describe('localDisplay', () => {
  it("shows the language's word where the domain shows NA", () => {
    expect(show.score(0)).toBe('उपलब्ध नहीं');
    expect(show.score(null)).toBe('उपलब्ध नहीं');
    expect(show.percent(null)).toBe('उपलब्ध नहीं');
    expect(show.rank(0, 50)).toBe('उपलब्ध नहीं');
    expect(show.orNa(NOT_AVAILABLE)).toBe('उपलब्ध नहीं');
  });

  it('keeps the domain rounding for values', () => {
    expect(show.score(79.5)).toBe('80');
    expect(show.percent(1.005)).toBe('1.01');
    expect(show.rank(3, 50)).toBe('3');
  });

  it('adds the percent sign only to a value', () => {
    expect(show.percentWith(79.2727)).toBe('79.27%');
    expect(show.percentWith(50, ' %')).toBe('50.00 %');
    expect(show.percentWith(null)).toBe('उपलब्ध नहीं');
  });

  it('writes seconds with the short unit, two decimals at most', () => {
    expect(show.seconds(12.345)).toBe('12.35 से.');
  });
});
