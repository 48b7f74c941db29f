-- $1 = 4
-- $2 = 1
-- $3 = 7
-- $4 = 10
-- $5 = 0
select s.student_id, u.first_name, u.last_name, u.avatar, s.total_score
from student_stats s join users u on u.id = s.student_id
where s.school_id = $1 and s.board_id = $2 and s.grade = $3 and s.total_score > 0
order by s.total_score desc, s.learning_currency desc, s.last_activity_at, s.student_id
limit $4 offset $5;
