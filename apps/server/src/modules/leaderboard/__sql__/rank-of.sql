-- $1 = 42
-- $2 = 4
-- $3 = 1
-- $4 = 7
-- $5 = 42
with me as (
  select total_score, learning_currency, last_activity_at from student_stats where student_id = $1
)
select case when me.total_score > 0 then (
         select count(*)::int + 1 from student_stats s
         where s.school_id = $2 and s.board_id = $3 and s.grade = $4 and s.total_score > 0
           and (s.total_score > me.total_score
                or (s.total_score = me.total_score and s.learning_currency > me.learning_currency)
                or (s.total_score = me.total_score and s.learning_currency = me.learning_currency and s.last_activity_at < me.last_activity_at)
                or (s.total_score = me.total_score and s.learning_currency = me.learning_currency and s.last_activity_at = me.last_activity_at and s.student_id < $5)))
       else 0 end as rank,
       me.total_score as score
from me;
