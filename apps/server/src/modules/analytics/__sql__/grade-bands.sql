-- $1 = '2026-10-27T09:30:00.000Z'
-- $2 = [4,5]
-- $3 = [4,5]
-- $4 = [7]
select e.school_id, sch.name as school_name, e.grade,
       count(*)::int as registered,
       count(*) filter (where round(coalesce(s.total_score, 0)::numeric) >= 90)::int as top,
       count(*) filter (where round(coalesce(s.total_score, 0)::numeric) < 50)::int as below,
       count(*) filter (where s.last_activity_at is null or s.last_activity_at < $1)::int as inactive
from student_enrolments e
join schools sch on sch.id = e.school_id
left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($2)
where e.school_id = any($3) and e.grade = any($4) and e.grade is not null
group by e.school_id, sch.name, e.grade
order by e.grade, sch.name;
