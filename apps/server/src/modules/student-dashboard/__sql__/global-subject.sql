-- $1 = 1
-- $2 = 7
-- $3 = 20
select "accuracy", "score_bands", "students"
from "global_subject_averages"
where "board_id" = $1 and "grade" = $2 and "subject_id" = $3;
