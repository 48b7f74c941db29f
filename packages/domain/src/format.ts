/**
 * Display formatting shared by the web and CSV exports (scoring-and-metrics.md L58-L61).
 * Inputs are unrounded numbers; rounding happens here, at the edge, and always half up.
 */
import { displayedScore } from './bands';
import { roundHalfUp } from './rounding';

/**
 * What a missing or zero score or rank shows (spec L60-L61). CSV exports and the API keep it; a
 * screen passes its language's word (the web's common:na) as the `na` argument of the display
 * functions below.
 */
export const NOT_AVAILABLE = 'NA';

const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_MINUTE = 60;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Formats a duration in seconds as HH:mm:ss (spec L58). Fractions of a second are dropped, as a
 * clock would; hours are not wrapped at 24 and grow past two digits (100 hours -> '100:00:00').
 * Negative, NaN and infinite input gives '00:00:00'.
 *
 * @param seconds the duration in seconds
 */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / SECONDS_PER_HOUR);
  const minutes = Math.floor((whole % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const secs = whole % SECONDS_PER_MINUTE;
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(secs)}`;
}

/**
 * Whether a score shows as NA: missing, NaN, or displayed as 0 (spec L60-L61). A score of 0.4 is
 * displayed as 0, so it shows NA too; a student who has not earned a whole point has no score yet.
 */
function isScoreMissing(score: number | null | undefined): score is null | undefined {
  return score === null || score === undefined || Number.isNaN(score) || displayedScore(score) === 0;
}

/**
 * A total score as shown: a whole number, half up (spec L60), or 'NA' when it is missing or
 * displays as 0 (spec L60-L61).
 *
 * @param score unrounded total score
 * @param na what a missing score shows: NOT_AVAILABLE unless a screen passes its language's word
 * @example displayScore(79.5) === '80'; displayScore(0) === 'NA'; displayScore(0, 'उपलब्ध नहीं')
 */
export function displayScore(score: number | null | undefined, na: string = NOT_AVAILABLE): string {
  if (isScoreMissing(score)) return na;
  return String(roundHalfUp(score));
}

/**
 * An efficiency or accuracy percent as shown: two decimals, half up (spec L60). Unlike scores,
 * 0 shows '0.00'; only a missing value shows 'NA'.
 *
 * @param percent unrounded percent
 * @param na what a missing percent shows (see displayScore)
 * @example displayPercent(79.2727) === '79.27'; displayPercent(1.005) === '1.01'
 */
export function displayPercent(percent: number | null | undefined, na: string = NOT_AVAILABLE): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return na;
  // toFixed alone would print 1.005 as '1.00'; after roundHalfUp it only pads to two places.
  return roundHalfUp(percent, 2).toFixed(2);
}

/**
 * A leaderboard rank as shown: the rank, or 'NA' when the rank is missing or 0 or the score shows
 * as NA (spec L61; dashboards.md section 2.1).
 *
 * @param rank 1-based rank, 0 or null when unranked
 * @param score the student's unrounded total score
 * @param na what a missing rank shows (see displayScore)
 */
export function displayRank(
  rank: number | null | undefined,
  score: number | null | undefined,
  na: string = NOT_AVAILABLE,
): string {
  if (rank === null || rank === undefined || !Number.isFinite(rank) || rank === 0) return na;
  if (isScoreMissing(score)) return na;
  return String(rank);
}

/**
 * A person's name as screens, lists and exports show it: first and last name, without stray spaces
 * when the last name is empty.
 *
 * @param first first name
 * @param last last name (may be empty)
 */
export function personName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

/**
 * A mobile number with all but its last four digits hidden, for showing a parent's number on a
 * child's profile: '+919000000009' -> '+91 ••••••0009'. An Indian number keeps its country code.
 *
 * @param mobile an E.164 number such as '+919876543210'
 */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  const local = mobile.startsWith('+91') && digits.length === 12 ? digits.slice(2) : digits;
  const prefix = local === digits ? '' : '+91 ';
  const shown = local.slice(-4);
  return `${prefix}${'•'.repeat(Math.max(0, local.length - shown.length))}${shown}`;
}
