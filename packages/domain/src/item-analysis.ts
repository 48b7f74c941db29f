/**
 * Question analysis of a quiz or test (issue #23, reports): per question, its facility (the share
 * of the students who sat it that got it right), its discrimination (upper minus lower 27 % groups)
 * and how often each wrong option was chosen. Pure: the report's repository loads the responses,
 * these functions compute the figures, so the screen and its CSV show the same numbers.
 *
 * Definitions fixed here (the spec names the figures, not their edge cases):
 * - A response's credit is 1 for a right objective answer and 0 for a wrong or unanswered one; an
 *   open-ended answer earns marks / 200 once a teacher has marked it, and is left out (credit null)
 *   until then.
 * - Facility = mean credit x 100, to 2 decimals (half up); null when no response counts.
 * - Groups: the students are ordered by their attempt's total marks, highest first, ties by student
 *   id ascending (so the cut is reproducible); each group holds round(0.27 x n) students, at least 1
 *   and at most half of n. Fewer than 2 students: no groups, discrimination null.
 * - Discrimination = mean credit of the upper group - mean credit of the lower group on this
 *   question, from -1 to 1, to 2 decimals; null when either group has no counted response.
 */
import { roundHalfUp } from './rounding';

/** Share of the students in each of the upper and lower groups (Kelley's 27 %). */
export const DISCRIMINATION_GROUP_SHARE = 0.27;

/** One student's attempt, for forming the groups. */
export interface AttemptTotal {
  studentId: number;
  /** Total marks of the attempt (open-ended marks included once given). */
  totalMarks: number;
}

/** One student's response to one question. */
export interface ItemResponse {
  studentId: number;
  /** 0..1, or null for an open-ended answer not marked yet (left out of every figure). */
  credit: number | null;
  /** Options the student chose (none when unanswered or open-ended). */
  chosenOptionIds: readonly string[];
}

/** The upper and lower groups of an assessment's students. */
export interface DiscriminationGroups {
  upper: ReadonlySet<number>;
  lower: ReadonlySet<number>;
}

/** How often one wrong option was chosen. */
export interface WrongOptionCount {
  optionId: string;
  count: number;
  /** count / responses counted x 100, to 2 decimals. */
  percent: number;
}

/** The figures of one question. */
export interface QuestionAnalysis {
  /** Responses counted (an unmarked open-ended answer is not). */
  responses: number;
  /** Percent, 0..100, 2 decimals; null when nothing is counted. */
  facility: number | null;
  /** -1..1, 2 decimals; null when there are no groups or a group has no counted response. */
  discrimination: number | null;
  /** Wrong options, most chosen first (ties by option id); options nobody chose are listed with 0. */
  wrongOptions: WrongOptionCount[];
}

/**
 * Size of each of the upper and lower groups for `n` students: round(0.27 x n) half up, at least 1
 * and at most floor(n / 2), so the groups never overlap; 0 when n < 2.
 *
 * @example discriminationGroupSize(100) === 27; discriminationGroupSize(2) === 1
 */
export function discriminationGroupSize(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`need a student count, got ${n}`);
  if (n < 2) return 0;
  return Math.min(Math.floor(n / 2), Math.max(1, roundHalfUp(DISCRIMINATION_GROUP_SHARE * n)));
}

/**
 * The upper and lower groups: students by total marks, highest first, ties by student id
 * ascending; the first `size` are the upper group, the last `size` the lower group. A student with
 * several attempts must be passed once (the report counts each student's first finished attempt).
 *
 * @throws RangeError when a student appears twice
 */
export function discriminationGroups(totals: readonly AttemptTotal[]): DiscriminationGroups {
  const seen = new Set<number>();
  for (const { studentId } of totals) {
    if (seen.has(studentId)) throw new RangeError(`student ${studentId} is passed twice`);
    seen.add(studentId);
  }
  const ordered = [...totals].sort((a, b) => b.totalMarks - a.totalMarks || a.studentId - b.studentId);
  const size = discriminationGroupSize(ordered.length);
  return {
    upper: new Set(ordered.slice(0, size).map((t) => t.studentId)),
    lower: new Set(size === 0 ? [] : ordered.slice(ordered.length - size).map((t) => t.studentId)),
  };
}

function meanCredit(responses: readonly ItemResponse[]): number | null {
  const counted = responses.filter((r) => r.credit !== null);
  if (counted.length === 0) return null;
  return counted.reduce((sum, r) => sum + r.credit!, 0) / counted.length;
}

/**
 * The figures of one question.
 *
 * @param responses one per student who sat the question
 * @param groups from discriminationGroups over the same assessment's attempts
 * @param options every option id of the question, and which are right (empty for open-ended)
 * @throws RangeError when a credit is outside 0..1
 */
export function analyseQuestion(
  responses: readonly ItemResponse[],
  groups: DiscriminationGroups,
  options: { optionIds: readonly string[]; correctOptionIds: readonly string[] },
): QuestionAnalysis {
  for (const r of responses) {
    if (r.credit !== null && !(r.credit >= 0 && r.credit <= 1))
      throw new RangeError(`credit must be 0..1, got ${r.credit}`);
  }
  const counted = responses.filter((r) => r.credit !== null);
  const facilityShare = meanCredit(counted);
  const upper = meanCredit(counted.filter((r) => groups.upper.has(r.studentId)));
  const lower = meanCredit(counted.filter((r) => groups.lower.has(r.studentId)));
  const correct = new Set(options.correctOptionIds);
  const wrongIds = options.optionIds.filter((id) => !correct.has(id));
  const wrongOptions = wrongIds
    .map((optionId) => {
      const count = counted.filter((r) => r.chosenOptionIds.includes(optionId)).length;
      return { optionId, count, percent: counted.length === 0 ? 0 : roundHalfUp((100 * count) / counted.length, 2) };
    })
    .sort((a, b) => b.count - a.count || (a.optionId < b.optionId ? -1 : a.optionId > b.optionId ? 1 : 0));
  return {
    responses: counted.length,
    facility: facilityShare === null ? null : roundHalfUp(100 * facilityShare, 2),
    discrimination: upper === null || lower === null ? null : roundHalfUp(upper - lower, 2),
    wrongOptions,
  };
}
