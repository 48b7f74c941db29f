/**
 * Significant digits kept before rounding. A double carries 15 to 17 significant decimal digits;
 * keeping 15 drops the binary noise of values like 1.005 (stored as 1.00499999999999989...) or of
 * a computed 87.19999999999999, so they round the way a person reading the decimal would expect.
 */
const SIGNIFICANT_DIGITS = 15;

/** Largest number of decimals accepted: beyond 15 significant digits there is nothing to round. */
const MAX_DECIMALS = 20;

/**
 * Rounds half up ("x.5 goes up") to `decimals` places, as scoring-and-metrics.md L21 requires
 * everywhere. `Math.round` alone is not enough: `Math.round(1.005 * 100)` gives 100 because
 * 1.005 is stored just below itself, and PostgreSQL's round() on doubles rounds half to even.
 *
 * How: the value is first written with 15 significant digits (see SIGNIFICANT_DIGITS), then the
 * decimal digits are rounded exactly with BigInt. Negative values round half away from zero
 * (-2.5 -> -3), like PostgreSQL's round() on numeric, so server SQL and this function agree.
 * Non-finite input is returned unchanged; -0 comes back as 0.
 *
 * @param x the value to round
 * @param decimals places after the decimal point, an integer from 0 to 20 (default 0)
 * @throws RangeError when `decimals` is not an integer in 0..20
 * @example roundHalfUp(1.005, 2) === 1.01; roundHalfUp(2.5) === 3; roundHalfUp(79.265, 2) === 79.27
 */
export function roundHalfUp(x: number, decimals = 0): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
  if (!Number.isFinite(x)) return x;
  if (x === 0) return 0;
  // Whole numbers of up to 15 digits are already exact at 15 significant digits (the common case).
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x;

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
