/**
 * Runs `task` once the page is idle after its first screen, or after `timeoutMs` at the latest, so
 * background work (opening IndexedDB, uploading queued records) does not compete with the first
 * render on a slow phone. Browsers without requestIdleCallback (Safari) wait `fallbackMs`.
 * Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 3000, fallbackMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(timer);
}
