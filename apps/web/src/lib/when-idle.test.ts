// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_DELAY_MS, whenIdle } from './when-idle';

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: an idle moment comes 50 ms after it is asked for.
    window.requestIdleCallback = (cb) => window.setTimeout(() => cb({} as IdleDeadline), 50);
    window.cancelIdleCallback = (id) => window.clearTimeout(id);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first screen before looking for an idle moment', () => {
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(BACKGROUND_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(51);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before and after the delay', () => {
    const early = vi.fn();
    whenIdle(early)();
    const late = vi.fn();
    const cancelLate = whenIdle(late);
    vi.advanceTimersByTime(BACKGROUND_DELAY_MS + 10);
    cancelLate();
    vi.advanceTimersByTime(1000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
