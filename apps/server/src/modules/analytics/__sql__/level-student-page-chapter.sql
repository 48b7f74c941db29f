-- $1 = 300
-- $2 = [4,5]
-- $3 = [7]
-- $4 = '%asha%'
-- $5 = 'en'
-- $6 = 'en'
-- $7 = 25
-- $8 = 0
    with lv as materialized (
select x.*, u.first_name, u.last_name
from (select x.*, e.grade, e.school_id from (select cs.student_id,
                0.2 * coalesce(tl.le, 0) + 0.8 * coalesce(cs.knowledge_efficiency, 0) as knowledge_wealth,
                coalesce(cs.knowledge_efficiency, 0) as knowledge_efficiency, coalesce(tl.le, 0) as learning_efficiency,
                cs.knowledge_currency, cs.learning_currency, case when cs.is_completed then 1 else 0 end as chapters_completed,
                cs.time_spent, cs.last_played_at, cs.chapter_id as last_chapter_id, cs.last_topic_id
              from student_chapter_stats cs
              left join lateral (select avg(ts.learning_efficiency) as le from student_topic_stats ts
                                 where ts.student_id = cs.student_id and ts.chapter_id = cs.chapter_id) tl on true
              where cs.chapter_id = $1) x
      join student_enrolments e on e.student_id = x.student_id
      where e.school_id = any($2) and e.grade = any($3) offset 0) x
join users u on u.id = x.student_id
where lower(u.first_name || ' ' || u.last_name) like $4),
         total as (select count(*)::int as n from lv)
    select t.n as total_count, p.*
    from total t
    left join lateral (
      select
x.student_id, x.first_name, x.last_name, x.grade, x.school_id, (select sch.name from schools sch where sch.id = x.school_id) as school_name,
x.knowledge_wealth, x.knowledge_efficiency, x.learning_efficiency, x.knowledge_currency, x.learning_currency,
x.chapters_completed, x.time_spent, x.last_played_at,
(select coalesce("lc"."names" ->> $5, "lc"."names" ->> 'en') from chapters lc where lc.id = x.last_chapter_id) as last_chapter,
(select coalesce("lt"."names" ->> $6, "lt"."names" ->> 'en') from topics lt where lt.id = x.last_topic_id) as last_topic
      from (select * from lv x order by coalesce("x"."knowledge_wealth", "x"."learning_efficiency") desc, "x"."first_name", "x"."last_name", "x"."student_id" limit $7 offset $8) x) p on true
    order by coalesce("p"."knowledge_wealth", "p"."learning_efficiency") desc, "p"."first_name", "p"."last_name", "p"."student_id";
