/**
 * How long background work waits before it looks for an idle moment. A page waiting on the network
 * is "idle" to the browser, so without it the work started while the first screen's own requests
 * and code were still arriving, and competed with them on a slow connection.
 */
export const BACKGROUND_DELAY_MS = 2000;

/**
 * Runs `task` once the page is idle after its first screen (no sooner than BACKGROUND_DELAY_MS), or
 * `timeoutMs` after that at the latest, so background work (opening IndexedDB, uploading queued
 * records, the toast container's code) does not compete with the first render on a slow phone.
 * Browsers without requestIdleCallback (Safari) wait `fallbackMs` more. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 3000, fallbackMs = 1000): () => void {
  let cancel = () => window.clearTimeout(delay);
  const delay = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(task, fallbackMs);
      cancel = () => window.clearTimeout(timer);
    }
  }, BACKGROUND_DELAY_MS);
  return () => cancel();
}
