import { describe, expect, it } from 'vitest';
import { mayPlay, nextPlanWindow, planAccess } from './plans';

const d = (iso: string) => new Date(iso);
const NOW = d('2026-11-20T10:00:00Z');

describe('planAccess', () => {
  it('is the school’s when the school pays, whatever the family bought', () => {
    expect(planAccess(true, [], NOW)).toEqual({ status: 'school', endsAt: null });
  });

  it('is none with no plan ever bought', () => {
    expect(planAccess(false, [], NOW)).toEqual({ status: 'none', endsAt: null });
  });

  it('runs to the end of the last plan, plans bought ahead included', () => {
    const windows = [
      { startsAt: d('2026-10-01T00:00:00Z'), endsAt: d('2026-12-31T00:00:00Z') },
      { startsAt: d('2026-12-31T00:00:00Z'), endsAt: d('2027-03-31T00:00:00Z') },
    ];
    expect(planAccess(false, windows, NOW)).toEqual({ status: 'active', endsAt: d('2027-03-31T00:00:00Z') });
  });

  it('ends at the instant the plan ends, and says when', () => {
    const windows = [{ startsAt: d('2026-08-20T10:00:00Z'), endsAt: NOW }];
    expect(planAccess(false, windows, NOW)).toEqual({ status: 'none', endsAt: NOW });
    expect(planAccess(false, windows, new Date(NOW.getTime() - 1)).status).toBe('active');
  });

  it('is none before a plan bought for later starts', () => {
    const windows = [{ startsAt: d('2026-12-01T00:00:00Z'), endsAt: d('2027-03-01T00:00:00Z') }];
    expect(planAccess(false, windows, NOW).status).toBe('none');
  });
});

describe('nextPlanWindow', () => {
  it('starts now when nothing runs', () => {
    expect(
      nextPlanWindow([{ startsAt: d('2026-01-01T00:00:00Z'), endsAt: d('2026-04-01T00:00:00Z') }], 91, NOW),
    ).toEqual({
      startsAt: NOW,
      endsAt: d('2027-02-19T10:00:00Z'),
    });
  });

  it('starts when the running plan ends, so renewing early loses no day', () => {
    const running = [{ startsAt: d('2026-10-01T00:00:00Z'), endsAt: d('2026-12-30T00:00:00Z') }];
    expect(nextPlanWindow(running, 365, NOW)).toEqual({
      startsAt: d('2026-12-30T00:00:00Z'),
      endsAt: d('2027-12-30T00:00:00Z'),
    });
  });
});

describe('mayPlay', () => {
  it('lets a school-paid student play, and a family’s only while the plan runs', () => {
    expect(mayPlay(true, null, NOW)).toBe(true);
    expect(mayPlay(false, null, NOW)).toBe(false);
    expect(mayPlay(false, NOW, NOW)).toBe(false);
    expect(mayPlay(false, new Date(NOW.getTime() + 1), NOW)).toBe(true);
  });
});
