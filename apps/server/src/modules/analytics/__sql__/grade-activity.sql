-- $1 = [4,5]
-- $2 = [7]
select r.grade, sum(r.students)::int as registered from school_grade_enrolments r
where r.school_id = any($1) and r.grade = any($2)
group by r.grade;

-- $1 = [4,5]
-- $2 = [7]
-- $3 = '2026-10-27'
-- $4 = [4,5]
-- $5 = [7]
-- $6 = '2026-10-27T09:30:00.000Z'
-- $7 = '2026-10-28T00:00:00.000Z'
select x.grade, sum(x.students)::int as active, sum(x.score_sum)::text as score_sum from (
  select a.grade, a.students, a.score_sum from school_grade_activity_days a
  where a.school_id = any($1) and a.grade = any($2) and a.day > $3::date
  union all
  select s.grade, 1, s.total_score::numeric from student_stats s
  where s.school_id = any($4) and s.grade = any($5) and s.last_activity_at >= $6 and s.last_activity_at < $7
) x group by x.grade;
