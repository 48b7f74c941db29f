-- $1 = 300
-- $2 = 301
select *
from "global_chapter_averages"
where "chapter_id" in ($1, $2);
