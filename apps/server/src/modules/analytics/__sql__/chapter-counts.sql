-- $1 = [300,301]
-- $2 = [4,5]
-- $3 = [7]
select cs.chapter_id, count(*)::int as attempted, count(*) filter (where cs.is_completed)::int as completed
from student_chapter_stats cs
join student_enrolments e on e.student_id = cs.student_id
where cs.chapter_id = any($1) and e.school_id = any($2) and e.grade = any($3)
group by cs.chapter_id;
