-- $1 = [4,5]
-- $2 = [4,5]
-- $3 = [7]
with ranked as (
  select e.grade, e.student_id, s.total_score, e.school_id,
         row_number() over (partition by e.grade order by s.total_score desc, s.learning_currency desc, s.last_activity_at, e.student_id) as place
  from student_enrolments e
  join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($1)
  where e.school_id = any($2) and e.grade = any($3) and e.grade is not null and s.total_score > 0
)
select r.grade, r.student_id, u.first_name, u.last_name, r.total_score, r.school_id, sch.name as school_name
from ranked r join users u on u.id = r.student_id join schools sch on sch.id = r.school_id
where r.place <= 3
order by r.grade, r.place;
