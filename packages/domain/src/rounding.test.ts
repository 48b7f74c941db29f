import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfUp, roundHalfUpExact } from './rounding';

const FC = { seed: 20_240_601, numRuns: 2000 } as const;

/**
 * Reference rounding on an exact decimal string with BigInt: half away from zero, as
 * scoring-and-metrics.md L21 ("x.5 goes up") and PostgreSQL's numeric round() do.
 */
function referenceRound(units: bigint, scale: number, decimals: number): number {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const divisor = 10n ** BigInt(scale - decimals);
  let q = abs / divisor;
  if (2n * (abs % divisor) >= divisor) q += 1n;
  const value = Number(`${q}e-${decimals}`);
  return negative && q !== 0n ? -value : value;
}

/** Writes units x 10^-scale as a decimal string, for example (12345n, 3) -> "12.345". */
function decimalString(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

describe('roundHalfUp', () => {
  it.each([
    // The brief's cases: binary float error must not pull x.5 down.
    [1.005, 2, 1.01],
    [79.265, 2, 79.27],
    [2.5, 0, 3],
    [0.125, 2, 0.13],
    // Classic traps for Math.round(x * 100) / 100 and for toFixed.
    [1.255, 2, 1.26],
    [8.345, 2, 8.35],
    [10.075, 2, 10.08],
    [4.35, 1, 4.4],
    [1.45, 1, 1.5],
    [0.285, 2, 0.29],
    [1.0049999999999999, 2, 1.01], // the same double as 1.005
    // Half to even would give the other answer on these.
    [0.5, 0, 1],
    [1.5, 0, 2],
    [88.5, 0, 89],
    [80.5, 0, 81],
    [0.045, 2, 0.05],
    // Below half goes down.
    [2.4999, 0, 2],
    [1.004, 2, 1],
    [79.2727272727, 2, 79.27],
    [71.3454545454, 2, 71.35],
    // Computed values carrying float noise.
    [0.1 + 0.2, 1, 0.3],
    [80 + 7.199999999999999, 0, 87],
    [87.19999999999999, 1, 87.2],
    // Whole numbers, zero, tiny and large values.
    [0, 0, 0],
    [0, 2, 0],
    [7, 2, 7],
    [110, 0, 110],
    [1e-7, 2, 0],
    [0.004999, 2, 0],
    [0.005, 2, 0.01],
    [123456789.125, 2, 123456789.13],
    [1e21, 0, 1e21],
    // Negative values round half away from zero, like PostgreSQL numeric.
    [-2.5, 0, -3],
    [-1.005, 2, -1.01],
    [-2.4, 0, -2],
  ])('roundHalfUp(%s, %s) = %s', (x, decimals, expected) => {
    expect(roundHalfUp(x, decimals)).toBe(expected);
  });

  it('defaults to whole numbers', () => {
    expect(roundHalfUp(87.2)).toBe(87);
    expect(roundHalfUp(86.5)).toBe(87);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfUp(-0.4), 0)).toBe(true);
    expect(Object.is(roundHalfUp(-0), 0)).toBe(true);
    expect(Object.is(roundHalfUp(-0.001, 2), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundHalfUp(Number.NaN)).toBeNaN();
    expect(roundHalfUp(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(roundHalfUp(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
  });

  it.each([-1, 1.5, 21, Number.NaN])('rejects decimals = %s', (decimals) => {
    expect(() => roundHalfUp(1, decimals)).toThrow(RangeError);
  });

  it('agrees with a BigInt decimal reference on random inputs with 1 to 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        (units, scale, pick) => {
          const decimals = pick % scale; // strictly fewer decimals than the input has
          const x = Number(decimalString(units, scale));
          expect(roundHalfUp(x, decimals)).toBe(referenceRound(units, scale, decimals));
        },
      ),
      FC,
    );
  });

  it('agrees with the reference on random 3-decimal inputs ending in 5 (every one a tie at 2 decimals)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 10n }), (hundredths) => {
        const units = hundredths * 10n + 5n;
        const x = Number(decimalString(units, 3));
        const expected = referenceRound(units, 3, 2);
        expect(roundHalfUp(x, 2)).toBe(expected);
        expect(expected).toBe(Number(decimalString(hundredths + 1n, 2)));
      }),
      FC,
    );
  });

  it('stays within half a unit of the input, is idempotent and leaves no extra decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, decimals) => {
        const r = roundHalfUp(x, decimals);
        const unit = 10 ** -decimals;
        expect(Math.abs(r - x)).toBeLessThanOrEqual(unit / 2 + Math.abs(x) * 1e-14 + 1e-300);
        expect(roundHalfUp(r, decimals)).toBe(r);
        expect(Number(r.toFixed(decimals))).toBe(r);
      }),
      FC,
    );
  });

  it('is monotone: a larger input never rounds lower', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (a, b, decimals) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(roundHalfUp(lo, decimals)).toBeLessThanOrEqual(roundHalfUp(hi, decimals));
        },
      ),
      FC,
    );
  });

  it("gives exactly the BigInt path's answer on random doubles and on values a hair from a tie", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -3, max: 3 }),
        (x, decimals, ulps) => {
          expect(roundHalfUp(x, decimals)).toBe(roundHalfUpExact(x, decimals));
          // (k + 0.5) / 10^decimals nudged by a few ulps: the values the fast path must leave alone.
          const tie = (Math.trunc(x) + 0.5) / 10 ** decimals;
          const nudged = tie + ulps * Number.EPSILON * Math.abs(tie);
          expect(roundHalfUp(nudged, decimals)).toBe(roundHalfUpExact(nudged, decimals));
        },
      ),
      FC,
    );
  });
});
