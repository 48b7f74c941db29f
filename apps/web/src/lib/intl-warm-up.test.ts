import { describe, expect, it, vi } from 'vitest';
import { formatOneOfEach, warmUpIntl } from './intl-warm-up';

describe('the Intl warm-up', () => {
  it('formats a date, a number, a plural and a relative day in the page locale and time zone', () => {
    // 2026-11-28 20:00 UTC is 29 Nov 01:30 in India: the time zone is the one asked for.
    const at = new Date('2026-11-28T20:00:00Z');
    const [date, number, plural, relative] = formatOneOfEach('en-IN', 'Asia/Kolkata', at);
    expect(date).toMatch(/^29 Nov 2026, 01:30/i);
    expect(number).toBe('1,234.5');
    expect(plural).toBe('other');
    expect(relative).toBe('yesterday');
    expect(formatOneOfEach('hi-IN-u-nu-latn', 'Asia/Kolkata', at)[0]).toMatch(/^29 नव/);
  });

  it('sends the locale and time zone to the worker it starts', () => {
    const postMessage = vi.fn();
    warmUpIntl('mr-IN-u-nu-latn', 'Asia/Kolkata', () => ({ postMessage }));
    expect(postMessage).toHaveBeenCalledWith({ locale: 'mr-IN-u-nu-latn', timeZone: 'Asia/Kolkata' });
  });

  it('does nothing without workers, and a refused worker is not an error', () => {
    expect(() => warmUpIntl('en-IN', 'Asia/Kolkata', undefined)).not.toThrow();
    expect(() =>
      warmUpIntl('en-IN', 'Asia/Kolkata', () => {
        throw new DOMException('refused by the page policy', 'SecurityError');
      }),
    ).not.toThrow();
  });
});
