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

/** The parts of a source map this changes (Rollup's SourceMap and a map file's JSON alike). */
interface LineMap {
  mappings: string;
}

export const wantsCompileHint = (code: string): boolean =>
  !code.startsWith(COMPILE_HINT) && Buffer.byteLength(code) >= COMPILE_HINT_MIN_BYTES;

/**
 * The chunk's code with the hint as its first line, and its source map moved down by that line (a
 * map's `mappings` separates generated lines with `;`, so one more at the front is one line more).
 */
export function withCompileHint<M extends LineMap>(code: string, map?: M): { code: string; map?: M } {
  return { code: COMPILE_HINT + code, map: map && { ...map, mappings: `;${map.mappings}` } };
}

/** A source map file's text, moved down by the hint's line (withCompileHint). */
export function shiftMapFile(source: string): string {
  const map = JSON.parse(source) as LineMap;
  return JSON.stringify(withCompileHint('', map).map);
}
