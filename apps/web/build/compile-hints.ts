/**
 * V8's explicit compile hint: a file that begins with `//# allFunctionsCalledOnLoad` has all its
 * functions compiled while it downloads, on a background thread, instead of each one on the main
 * thread the first time it is called (Chrome 136 and later; other browsers read a comment).
 *
 * The app's start is mostly code running for the first time (React, React Router, TanStack Query,
 * i18next), and under Lighthouse's 4x slowdown that on-demand compiling was about 300 ms of the
 * main thread's long tasks on /concepts and on the topic game; with the hint, a few milliseconds
 * (docs/PERFORMANCE.md, Lighthouse section, 2026-11-29 morning).
 *
 * Only files of at least COMPILE_HINT_MIN_BYTES carry it: a small file compiles in a moment on
 * demand, while the comment's 20-odd gzip bytes count against its route's budget all the same.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
export const COMPILE_HINT_MIN_BYTES = 2 * 1024;

export const wantsCompileHint = (code: string): boolean =>
  !code.startsWith(COMPILE_HINT) && Buffer.byteLength(code) >= COMPILE_HINT_MIN_BYTES;

/** The chunk's code with the hint as its first line. */
export const withCompileHint = (code: string): string => COMPILE_HINT + code;

/**
 * A source map's `mappings` moved down by the hint's line: generated lines are separated by `;`, so
 * one more at the front is one line more. A map of nothing (a chunk of strings) stays empty: the
 * browser's tools refuse a line break in a map without sources.
 */
export const shiftMappings = (mappings: string): string => (mappings ? `;${mappings}` : mappings);

/** A source map file's text, moved down by the hint's line (shiftMappings). */
export function shiftMapFile(source: string): string {
  const map = JSON.parse(source) as { mappings: string };
  return JSON.stringify({ ...map, mappings: shiftMappings(map.mappings) });
}
