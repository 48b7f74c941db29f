/** The grade tab a dashboard opens on (dashboards.md 9: "Default active tab 'V'"). */
export const DEFAULT_GRADE_TAB = 5;

/**
 * The grade tab to open first among the grades shown, in their order: grade V when it is one of
 * them; otherwise (a school without grade V, a teacher of other grades, one grade chosen in the
 * dropdown) the first grade, so the panel is never blank. Null when there is no grade.
 */
export function defaultGradeTab(grades: readonly number[]): number | null {
  return grades.includes(DEFAULT_GRADE_TAB) ? DEFAULT_GRADE_TAB : (grades[0] ?? null);
}
