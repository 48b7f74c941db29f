/**
 * School grades and their labels (dashboards.md section 9; access-and-app-shell.md section 5):
 * grades 1 to 12 shown as roman numerals, pace schools label 11 and 12 as batches.
 */

/** Every school grade, 1 to 12. */
export const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** A school grade, 1 to 12. */
export type Grade = (typeof GRADES)[number];

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'] as const;

/** Batch labels of pace schools (dashboards.md section 9: "Pace grades 11 and 12"). */
const PACE_BATCH_LABELS: Readonly<Partial<Record<Grade, string>>> = { 11: '2020 Batch', 12: '2019 Batch' };

/** Options of gradeLabel. */
export interface GradeLabelOptions {
  /** Whether the school is a pace school (session field isPace). */
  isPace?: boolean;
}

/**
 * Whether a value is a school grade (an integer from 1 to 12).
 *
 * @param value any number
 */
export function isGrade(value: number): value is Grade {
  return Number.isInteger(value) && value >= 1 && value <= 12;
}

/**
 * Roman numeral of a grade: 1 -> 'I', 12 -> 'XII'.
 *
 * @throws RangeError when `grade` is not an integer from 1 to 12
 */
export function toRoman(grade: number): string {
  if (!isGrade(grade)) throw new RangeError(`grade must be an integer from 1 to 12, got ${grade}`);
  // isGrade proves the index is in range; the fallback only satisfies noUncheckedIndexedAccess.
  return ROMAN[grade - 1] ?? '';
}

/**
 * Label of a grade in dashboards: the roman numeral, except that pace schools show grade 11 as
 * '2020 Batch' and grade 12 as '2019 Batch'.
 *
 * @throws RangeError when `grade` is not an integer from 1 to 12
 */
export function gradeLabel(grade: number, options: GradeLabelOptions = {}): string {
  const roman = toRoman(grade);
  if (options.isPace && isGrade(grade)) return PACE_BATCH_LABELS[grade] ?? roman;
  return roman;
}

/**
 * Whether a grade uses the primary feed variant (grades 1 to 5, access-and-app-shell.md section 5).
 *
 * @param grade any number; non-grades are not primary
 */
export function isPrimaryGrade(grade: number): boolean {
  return isGrade(grade) && grade <= 5;
}
