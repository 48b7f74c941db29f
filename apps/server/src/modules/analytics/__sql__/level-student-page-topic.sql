-- $1 = 3001
-- $2 = [4,5]
-- $3 = [7]
-- $4 = 'en'
-- $5 = 'en'
-- $6 = 25
-- $7 = 0
    with lv as materialized (
select x.*, u.first_name, u.last_name
from (select x.*, e.grade, e.school_id from (select ts.student_id, null::double precision as knowledge_wealth, null::double precision as knowledge_efficiency,
              ts.learning_efficiency, null::int as knowledge_currency, ts.learning_currency, null::int as chapters_completed,
              ts.time_spent, ts.last_played_at, ts.chapter_id as last_chapter_id, ts.topic_id as last_topic_id
            from student_topic_stats ts where ts.topic_id = $1) x
      join student_enrolments e on e.student_id = x.student_id
      where e.school_id = any($2) and e.grade = any($3) offset 0) x
join users u on u.id = x.student_id
where true),
         total as (select count(*)::int as n from lv)
    select t.n as total_count, p.*
    from total t
    left join lateral (
      select
x.student_id, x.first_name, x.last_name, x.grade, x.school_id, (select sch.name from schools sch where sch.id = x.school_id) as school_name,
x.knowledge_wealth, x.knowledge_efficiency, x.learning_efficiency, x.knowledge_currency, x.learning_currency,
x.chapters_completed, x.time_spent, x.last_played_at,
(select coalesce("lc"."names" ->> $4, "lc"."names" ->> 'en') from chapters lc where lc.id = x.last_chapter_id) as last_chapter,
(select coalesce("lt"."names" ->> $5, "lt"."names" ->> 'en') from topics lt where lt.id = x.last_topic_id) as last_topic
      from (select * from lv x order by coalesce("x"."knowledge_wealth", "x"."learning_efficiency") desc, "x"."first_name", "x"."last_name", "x"."student_id" limit $6 offset $7) x) p on true
    order by coalesce("p"."knowledge_wealth", "p"."learning_efficiency") desc, "p"."first_name", "p"."last_name", "p"."student_id";
