import { describe, expect, it } from 'vitest';
import { createdAgo } from './created-ago';

const now = Date.parse('2026-11-26T06:30:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

describe('created-ago in minutes, hours or days (access-and-app-shell.md 3)', () => {
  it('says minutes under an hour, hours under a day, days beyond', () => {
    expect(createdAgo(before(20_000), now, 'en')).toBe('now');
    expect(createdAgo(before(5 * MIN), now, 'en')).toBe('5 minutes ago');
    expect(createdAgo(before(59 * MIN + 59_000), now, 'en')).toBe('59 minutes ago');
    expect(createdAgo(before(60 * MIN), now, 'en')).toBe('1 hour ago');
    expect(createdAgo(before(23 * 60 * MIN + 59 * MIN), now, 'en')).toBe('23 hours ago');
    expect(createdAgo(before(24 * 60 * MIN), now, 'en')).toBe('yesterday');
    expect(createdAgo(before(3 * 24 * 60 * MIN), now, 'en')).toBe('3 days ago');
  });

  it('writes it in the reader’s language with Western digits', () => {
    expect(createdAgo(before(5 * MIN), now, 'hi')).toBe('5 मिनट पहले');
    expect(createdAgo(before(3 * 24 * 60 * MIN), now, 'mr')).toMatch(/^3 /);
    expect(createdAgo(before(3 * 60 * MIN), now, 'ta')).toMatch(/3/);
  });

  it('treats a creation time ahead of the device’s clock as now', () => {
    expect(createdAgo(before(-5 * MIN), now, 'en')).toBe('now');
  });
});
