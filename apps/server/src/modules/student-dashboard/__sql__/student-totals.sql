-- $1 = 42
select "total_score", "knowledge_efficiency", "learning_efficiency", "answered", "correct"
from "student_stats"
where "student_id" = $1;
