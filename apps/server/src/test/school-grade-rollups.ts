import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Rows where the per school and grade rollups (migration 0008) differ from a rebuild from
 * student_enrolments and student_stats; empty when they are exact. Scores compare as numeric
 * values (a kept sum and a rebuilt one may differ in trailing zeros only).
 */
export async function schoolGradeRollupDrift(db: Kysely<DB>): Promise<unknown[]> {
  const { rows: enrolments } = await sql`
    with rebuilt as (select school_id, coalesce(grade, 0) as grade, count(*)::int as students from student_enrolments group by 1, 2)
    select 'enrolments' as rollup, school_id, grade, k.students as kept, r.students as rebuilt
    from school_grade_enrolments k full join rebuilt r using (school_id, grade)
    where k.students is distinct from r.students`.execute(db);
  const { rows: activity } = await sql`
    with rebuilt as (
      select school_id, grade, (last_activity_at at time zone 'UTC')::date as day, count(*)::int as students, sum(total_score::numeric) as score_sum
      from student_stats group by 1, 2, 3)
    select 'activity' as rollup, school_id, grade, day::text, k.students as kept, r.students as rebuilt, k.score_sum::text as kept_sum, r.score_sum::text as rebuilt_sum
    from school_grade_activity_days k full join rebuilt r using (school_id, grade, day)
    where k.students is distinct from r.students or k.score_sum is distinct from r.score_sum`.execute(db);
  return [...enrolments, ...activity];
}
