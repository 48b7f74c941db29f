import { describe, expect, it } from 'vitest';
import { lastSchoolAfternoon } from './chat-demo';

describe('the demo staffroom’s clock', () => {
  it('times the newest message at the last 15:30 in India, never in the night, never on a Sunday', () => {
    // 15:30 IST is 10:00 UTC.
    expect(lastSchoolAfternoon(new Date('2026-11-20T10:00:00Z'))).toEqual(new Date('2026-11-20T10:00:00Z'));
    expect(lastSchoolAfternoon(new Date('2026-11-20T12:00:00Z'))).toEqual(new Date('2026-11-20T10:00:00Z'));
    // 03:14 IST on Saturday 28 November: Friday's afternoon.
    expect(lastSchoolAfternoon(new Date('2026-11-27T21:44:00Z'))).toEqual(new Date('2026-11-27T10:00:00Z'));
    // 09:00 IST on Monday 30 November: Saturday's afternoon, not Sunday's.
    expect(lastSchoolAfternoon(new Date('2026-11-30T03:30:00Z'))).toEqual(new Date('2026-11-28T10:00:00Z'));
  });
});
