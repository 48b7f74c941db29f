-- $1 = [4,5]
-- $2 = [4,5]
-- $3 = [7]
select least(floor(round(coalesce(s.total_score, 0)::numeric) / 10), 9)::int as band, count(*)::int as students
from student_enrolments e
left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($1)
where e.school_id = any($2) and e.grade = any($3)
group by 1;
