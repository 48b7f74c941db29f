/**
 * Significant digits kept before rounding. A double carries 15 to 17 significant decimal digits;
 * keeping 15 drops the binary noise of values like 1.005 (stored as 1.00499999999999989...) or of
 * a computed 87.19999999999999, so they round the way a person reading the decimal would expect.
 */
const SIGNIFICANT_DIGITS = 15;

/** Largest number of decimals accepted: beyond 15 significant digits there is nothing to round. */
const MAX_DECIMALS = 20;

/** 10^0 .. 10^20, each exact as a double (powers of ten are exact up to 10^22). */
const POWERS_OF_TEN = Array.from({ length: MAX_DECIMALS + 1 }, (_, i) => Number(`1e${i}`));

/**
 * How far from a tie (x.5 in the last kept place) a value must be, relative to its size, for the
 * fast path: more than the 15-significant-digit step and the multiplication's error together
 * (about 5e-15 and 1.1e-16 relative), with a wide margin.
 */
const TIE_MARGIN = 1e-12;

/**
 * Rounds half up ("x.5 goes up") to `decimals` places, as scoring-and-metrics.md L21 requires
 * everywhere. `Math.round` alone is not enough: `Math.round(1.005 * 100)` gives 100 because
 * 1.005 is stored just below itself, and PostgreSQL's round() on doubles rounds half to even.
 *
 * How: the value is first written with 15 significant digits (see SIGNIFICANT_DIGITS), then the
 * decimal digits are rounded exactly with BigInt; values not near a tie take an arithmetic fast
 * path with the same result (tested against roundHalfUpExact). Negative values round half away from zero
 * (-2.5 -> -3), like PostgreSQL's round() on numeric, so server SQL and this function agree.
 * Non-finite input is returned unchanged; -0 comes back as 0.
 *
 * @param x the value to round
 * @param decimals places after the decimal point, an integer from 0 to 20 (default 0)
 * @throws RangeError when `decimals` is not an integer in 0..20
 * @example roundHalfUp(1.005, 2) === 1.01; roundHalfUp(2.5) === 3; roundHalfUp(79.265, 2) === 79.27
 */
export function roundHalfUp(x: number, decimals = 0): number {
  checkDecimals(decimals);
  if (!Number.isFinite(x)) return x;
  if (x === 0) return 0;
  // Whole numbers of up to 15 digits are already exact at 15 significant digits (the common case).
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x;
  // Fast path, the same answer as the exact one: away from a tie, x * 10^decimals rounds to the
  // same integer N whether or not x was first cut to 15 digits, and N / 10^decimals (both exact
  // doubles, N below 2^53) is correctly rounded, as is parsing "Ne-decimals".
  const scaled = Math.abs(x) * POWERS_OF_TEN[decimals]!;
  if (scaled < 2 ** 52 && Math.abs(scaled - Math.floor(scaled) - 0.5) > TIE_MARGIN * (scaled + 1)) {
    const magnitude = Math.round(scaled) / POWERS_OF_TEN[decimals]!;
    return magnitude === 0 ? 0 : x < 0 ? -magnitude : magnitude;
  }
  return exactRound(x, decimals);
}

/**
 * roundHalfUp decided on the 15-significant-digit decimal with BigInt for every input, without the
 * fast path: the reference the fast path is tested against.
 */
export function roundHalfUpExact(x: number, decimals = 0): number {
  checkDecimals(decimals);
  if (!Number.isFinite(x)) return x;
  if (x === 0) return 0;
  return exactRound(x, decimals);
}

function checkDecimals(decimals: number) {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

function exactRound(x: number, decimals: number): number {
  const negative = x < 0;
  // toExponential always gives "d.ddddddddddddddde±E", one uniform shape to parse.
  const [mantissa = '', exponentText = '0'] = Math.abs(x)
    .toExponential(SIGNIFICANT_DIGITS - 1)
    .split('e');
  const digits = BigInt(mantissa.replace('.', ''));
  // |x| = digits x 10^(exponent - 14); multiplying by 10^decimals gives digits x 10^shift.
  const shift = Number(exponentText) - (SIGNIFICANT_DIGITS - 1) + decimals;

  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    scaled = digits / divisor;
    if (2n * (digits % divisor) >= divisor) scaled += 1n;
  }
  if (scaled === 0n) return 0;
  // Parsing "<integer>e-<decimals>" yields the double nearest to the exact decimal result.
  const magnitude = Number(`${scaled}e-${decimals}`);
  return negative ? -magnitude : magnitude;
}
