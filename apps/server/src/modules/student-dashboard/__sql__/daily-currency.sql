-- $1 = 42
-- $2 = '2026-10-28'
select "day", "learning_currency", "knowledge_currency"
from "student_daily_stats"
where "student_id" = $1 and "day" >= $2
order by "day";
