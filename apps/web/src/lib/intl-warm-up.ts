/**
 * The first use of Intl in a page blocks the main thread while the browser loads ICU's locale and
 * time-zone data, once per renderer process: 46-130 ms in this machine's Chromium, four times that
 * under Lighthouse's slowdown. A worker that formats one of each kind first takes that load off the
 * main thread (the data is shared by the process's threads), and the page's first date then costs
 * under 2 ms (docs/PERFORMANCE.md, "Learner pages in Lighthouse", 2026-11-28 late evening). The
 * worker's file is `intl-warm-up.worker.ts`; it runs this and closes.
 */
export function formatOneOfEach(locale: string, timeZone: string, at: Date = new Date()): string[] {
  return [
    new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(at),
    new Intl.NumberFormat(locale).format(1234.5),
    new Intl.PluralRules(locale).select(2),
    new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'),
  ];
}

type WorkerLike = { postMessage(message: unknown): void };

/**
 * Starts the worker with the page's locale and time zone. Without workers (very old browsers, tests)
 * nothing happens: the page then pays the load itself, as it did before.
 */
export function warmUpIntl(
  locale: string,
  timeZone: string,
  start: (() => WorkerLike) | undefined = typeof Worker === 'function'
    ? () => new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: 'intl-warm-up', type: 'module' })
    : undefined,
): void {
  if (!start) return;
  try {
    start().postMessage({ locale, timeZone });
  } catch {
    // A browser that refuses the worker (a strict policy, no memory) loses only the head start.
  }
}
