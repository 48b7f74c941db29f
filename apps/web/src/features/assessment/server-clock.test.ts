import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, secondsLeft } from './server-clock';

const attempt = { serverNow: '2026-11-26T06:30:00.000Z', deadlineAt: '2026-11-26T06:35:00.000Z' };

describe('the countdown runs on the server clock', () => {
  it('counts from the server’s now, whatever the device’s clock says', () => {
    // The device is an hour behind: it received the answer at what it thinks is 05:30.
    const receivedAt = Date.parse('2026-11-26T05:30:00.000Z');
    const a = { ...attempt, receivedAt };
    expect(clockOffsetMs(a)).toBe(3_600_000);
    expect(secondsLeft(a, receivedAt)).toBe(300);
    expect(secondsLeft(a, receivedAt + 61_500)).toBe(238.5);
    // A device clock ahead by a day changes nothing either.
    const ahead = { ...attempt, receivedAt: Date.parse('2026-11-27T06:30:00.000Z') };
    expect(secondsLeft(ahead, ahead.receivedAt + 1000)).toBe(299);
  });

  it('never goes below 0', () => {
    const a = { ...attempt, receivedAt: 0 };
    expect(secondsLeft(a, 400_000)).toBe(0);
  });

  it.each([
    [300, '5:00'],
    [299.2, '5:00'],
    [65, '1:05'],
    [9.01, '0:10'],
    [0.4, '0:01'],
    [0, '0:00'],
    [3723, '1:02:03'],
  ])('%s s shows as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
