/**
 * The SQL form of an assessment scope (policy/assessment-authoring.ts `AssessmentScope`), shared by
 * the authoring, marking and reports repositories: the rows of quizzes a caller may see. The policy
 * decides the scope; this only writes it as a condition.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AssessmentScope } from '../../policy/assessment-authoring';

/** Column references of the rows being filtered (e.g. 'a.school_id'). */
export interface ScopeColumns {
  schoolId: string;
  grade: string;
  subjectId: string;
  /** The quiz's author: with it, a teacher's own quizzes are in scope at the schools they work at. */
  createdBy?: string;
}

/** A boolean condition: the row is within the scope. An empty scope matches nothing. */
export function inScope(scope: AssessmentScope, cols: ScopeColumns): RawBuilder<boolean> {
  const school = sql.ref(cols.schoolId);
  if (scope.kind === 'schools') {
    return scope.schoolIds.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`${school} in (${sql.join(scope.schoolIds)})`;
  }
  const grade = sql.ref(cols.grade);
  const subject = sql.ref(cols.subjectId);
  const parts = scope.covers.map((c) =>
    c.subjectId === null
      ? sql`(${school} = ${c.schoolId} and ${grade} = ${c.grade})`
      : sql`(${school} = ${c.schoolId} and ${grade} = ${c.grade} and ${subject} = ${c.subjectId})`,
  );
  if (cols.createdBy && scope.schoolIds.length)
    parts.push(sql`(${sql.ref(cols.createdBy)} = ${scope.userId} and ${school} in (${sql.join(scope.schoolIds)}))`);
  return parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
