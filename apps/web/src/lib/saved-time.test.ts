import { describe, expect, it } from 'vitest';
import { noticeState, savedTimeParts } from './saved-time';

describe('noticeState', () => {
  const at = (h: number) => Date.UTC(2026, 10, 26, h);
  it('offline: always shown, with the oldest saved time on screen', () => {
    expect(
      noticeState(
        [
          { savedAt: at(5), fromDevice: false },
          { savedAt: at(3), fromDevice: true },
        ],
        false,
      ),
    ).toEqual({ show: true, savedAt: at(3) });
  });
  it('offline with nothing timed on screen: shown without a time', () => {
    expect(noticeState([], false)).toEqual({ show: true });
    expect(noticeState([{ savedAt: undefined, fromDevice: false }], false)).toEqual({ show: true });
  });
  it("online: only answers restored from the device count (the server's own are fresh)", () => {
    expect(noticeState([{ savedAt: at(5), fromDevice: false }], true)).toEqual({ show: false });
    expect(
      noticeState(
        [
          { savedAt: at(1), fromDevice: false },
          { savedAt: at(4), fromDevice: true },
        ],
        true,
      ),
    ).toEqual({ show: true, savedAt: at(4) });
  });
});

describe('savedTimeParts', () => {
  // 10:42 in India (UTC+5:30) on 26 November 2026.
  const saved = Date.parse('2026-11-26T05:12:00Z');
  it('the same day in India: today, with the time of day', () => {
    expect(savedTimeParts(saved, Date.parse('2026-11-26T18:00:00Z'), 'en')).toMatchObject({
      today: true,
      time: '10:42 am',
    });
  });
  it("another day in India (even when UTC's date is the same): not today, with the date", () => {
    // 19:00 UTC on the 26th is already the 27th in India.
    expect(savedTimeParts(saved, Date.parse('2026-11-26T19:00:00Z'), 'en')).toEqual({
      today: false,
      time: '10:42 am',
      date: '26 Nov',
    });
  });
  it("in the reader's language and digits", () => {
    expect(savedTimeParts(saved, saved, 'mr').time).toContain('१०:४२');
    expect(savedTimeParts(saved, saved, 'hi').date).toBe('26 नव॰');
  });
});
