-- $1 = [4,5]
-- $2 = [6,7]
-- $3 = [4,5]
-- $4 = [6,7]
select r.grade, sum(r.students)::int as registered from school_grade_enrolments r
where r.school_id = any($1) and r.grade = any($2) and (r.school_id, r.grade) in (select * from unnest($3::int[], $4::int[]))
group by r.grade;

-- $1 = [4,5]
-- $2 = [6,7]
-- $3 = [4,5]
-- $4 = [6,7]
-- $5 = '2026-10-27'
-- $6 = [4,5]
-- $7 = [6,7]
-- $8 = [4,5]
-- $9 = [6,7]
-- $10 = '2026-10-27T09:30:00.000Z'
-- $11 = '2026-10-28T00:00:00.000Z'
select x.grade, sum(x.students)::int as active, sum(x.score_sum)::text as score_sum from (
  select a.grade, a.students, a.score_sum from school_grade_activity_days a
  where a.school_id = any($1) and a.grade = any($2) and (a.school_id, a.grade) in (select * from unnest($3::int[], $4::int[])) and a.day > $5::date
  union all
  select s.grade, 1, s.total_score::numeric from student_stats s
  where s.school_id = any($6) and s.grade = any($7) and (s.school_id, s.grade) in (select * from unnest($8::int[], $9::int[])) and s.last_activity_at >= $10 and s.last_activity_at < $11
) x group by x.grade;
