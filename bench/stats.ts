/** Small helpers the benchmarks share. */

/** The nearest-rank percentile `p` (0-100] of ascending `sorted`; NaN when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A small seeded generator (xorshift32) in [0, 1), so a run pauses, thinks and answers alike every time. */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}
