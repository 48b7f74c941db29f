import { useEffect, useState } from 'react';

/**
 * The time now, moved on every half minute (or `everyMs`): what depends on the clock (a meeting's
 * Join opening, a live class turning "Live now") changes while the page stays open.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
