-- $1 = 42
-- $2 = 20
select *
from "student_topic_stats"
where "student_id" = $1 and "subject_id" = $2
order by "topic_id";
