/**
 * Score bands and the grade legend. Both use the total score as displayed, rounded half up to a
 * whole number (scoring-and-metrics.md L69-L71), so a student shown as 90 is always in "90-100".
 */
import { roundHalfUp } from './rounding';

/** Labels of the ten score-distribution bands, index 0 to 9 (spec L70). */
export const SCORE_BANDS = [
  '0-9',
  '10-19',
  '20-29',
  '30-39',
  '40-49',
  '50-59',
  '60-69',
  '70-79',
  '80-89',
  '90-100',
] as const;

/** A score band label. */
export type ScoreBand = (typeof SCORE_BANDS)[number];

/** One row of the grade legend, bounds inclusive on the displayed score. */
export interface GradeLegendEntry {
  /** Letter grade shown to staff. */
  label: string;
  /** Lowest displayed score of the grade. */
  min: number;
  /** Highest displayed score of the grade. */
  max: number;
}

/**
 * The grade legend from best to worst (spec L73; dashboards.md section 5). There is no plain
 * "D" and "E" spans 0-19: that is the product's legend, kept as given.
 */
export const GRADE_LEGEND = [
  { label: 'A+', min: 90, max: 100 },
  { label: 'A', min: 80, max: 89 },
  { label: 'B+', min: 70, max: 79 },
  { label: 'B', min: 60, max: 69 },
  { label: 'C+', min: 50, max: 59 },
  { label: 'C', min: 40, max: 49 },
  { label: 'D+', min: 30, max: 39 },
  { label: 'E+', min: 20, max: 29 },
  { label: 'E', min: 0, max: 19 },
] as const satisfies readonly GradeLegendEntry[];

/** A grade legend label. */
export type GradeLegendLabel = (typeof GRADE_LEGEND)[number]['label'];

/** Score at or above which a student is in the top insight band "90-100" (spec L70-L71). */
export const TOP_BAND_MIN = 90;
/** Score below which a student is in the insight band "below 50" (spec L71). */
export const HALF_SCORE = 50;

/**
 * The total score as displayed: rounded half up to a whole number and kept within 0..100, so
 * float noise just above 100 or below 0 never falls outside the bands.
 *
 * @throws RangeError when the score is NaN
 */
export function displayedScore(totalScore: number): number {
  if (Number.isNaN(totalScore)) throw new RangeError('score is NaN');
  return Math.min(100, Math.max(0, roundHalfUp(totalScore)));
}

/**
 * Index (0 to 9) into SCORE_BANDS of a total score, using the displayed score (spec L69-L70):
 * 89.5 is displayed as 90 and so falls in "90-100".
 *
 * @throws RangeError when the score is NaN
 */
export function scoreBand(totalScore: number): number {
  // 100 would be band 10; the last band is 90-100 inclusive.
  return Math.min(SCORE_BANDS.length - 1, Math.floor(displayedScore(totalScore) / 10));
}

/**
 * Grade legend label of a total score, using the displayed score (spec L73).
 *
 * @throws RangeError when the score is NaN
 */
export function gradeLegend(totalScore: number): GradeLegendLabel {
  const shown = displayedScore(totalScore);
  const entry = GRADE_LEGEND.find((g) => shown >= g.min);
  // The last entry starts at 0 and displayedScore never returns less, so find always succeeds.
  return entry?.label ?? 'E';
}

/**
 * Whether a total score is in the insight band "90-100" (spec L70-L71), using the displayed score.
 *
 * @throws RangeError when the score is NaN
 */
export function isTopBand(totalScore: number): boolean {
  return displayedScore(totalScore) >= TOP_BAND_MIN;
}

/**
 * Whether a total score is in the insight band "below 50" (spec L71), using the displayed score:
 * 49.5 is shown as 50 and so is not below half.
 *
 * @throws RangeError when the score is NaN
 */
export function isBelowHalf(totalScore: number): boolean {
  return displayedScore(totalScore) < HALF_SCORE;
}
