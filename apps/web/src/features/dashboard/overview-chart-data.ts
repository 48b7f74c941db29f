import { gradeLabel, roundHalfUp } from '@ki/domain';
import type { OverviewResponse } from '@ki/contracts';

export interface GradeChartRow {
  /** null: the students without a grade yet. */
  grade: number | null;
  label: string;
  active: number;
  inactive: number;
  /**
   * Average score of active students, whole number; 0 when none is active. null for the students
   * without a grade, who never played (a gap in the line, not a point at 0).
   */
  averageScore: number | null;
}

/**
 * Rows of the grade-wise combo chart (bars: active and inactive students; line: average score).
 * Grades 11 and 12 of pace schools are labelled by batch (dashboards.md 2.3) when every school in
 * view is a pace school. Students without a grade yet get a last bar of their own, labelled
 * `withoutGradeLabel`, so that the bars add up to the cards (docs/DECISIONS.md).
 */
export function gradeChartRows(overview: OverviewResponse, withoutGradeLabel: string): GradeChartRow[] {
  const isPace = overview.schools.length > 0 && overview.schools.every((s) => s.isPace);
  const rows: GradeChartRow[] = overview.grades.map((g) => ({
    grade: g.grade,
    label: gradeLabel(g.grade, { isPace }),
    active: g.active,
    inactive: g.inactive,
    averageScore: g.averageScore === null ? 0 : roundHalfUp(g.averageScore),
  }));
  const { withoutGrade } = overview;
  if (withoutGrade.registered > 0) {
    rows.push({
      grade: null,
      label: withoutGradeLabel,
      active: withoutGrade.active,
      inactive: withoutGrade.inactive,
      averageScore: null,
    });
  }
  return rows;
}

/** Page numbers to show: at most `max`, around the current page; none when there is one page. */
export function pageWindow(page: number, pageCount: number, max = 4): number[] {
  if (pageCount <= 1) return [];
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
