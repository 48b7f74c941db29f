-- $1 = 'en'
-- $2 = 'en'
-- $3 = 300
-- $4 = [4,5]
-- $5 = [7]
select
x.student_id, x.first_name, x.last_name, x.grade, x.school_id, (select sch.name from schools sch where sch.id = x.school_id) as school_name,
x.knowledge_wealth, x.knowledge_efficiency, x.learning_efficiency, x.knowledge_currency, x.learning_currency,
x.chapters_completed, x.time_spent, x.last_played_at,
(select coalesce("lc"."names" ->> $1, "lc"."names" ->> 'en') from chapters lc where lc.id = x.last_chapter_id) as last_chapter,
(select coalesce("lt"."names" ->> $2, "lt"."names" ->> 'en') from topics lt where lt.id = x.last_topic_id) as last_topic from (
select x.*, u.first_name, u.last_name
from (select x.*, e.grade, e.school_id from (select cs.student_id,
                0.2 * coalesce(tl.le, 0) + 0.8 * coalesce(cs.knowledge_efficiency, 0) as knowledge_wealth,
                coalesce(cs.knowledge_efficiency, 0) as knowledge_efficiency, coalesce(tl.le, 0) as learning_efficiency,
                cs.knowledge_currency, cs.learning_currency, case when cs.is_completed then 1 else 0 end as chapters_completed,
                cs.time_spent, cs.last_played_at, cs.chapter_id as last_chapter_id, cs.last_topic_id
              from student_chapter_stats cs
              left join lateral (select avg(ts.learning_efficiency) as le from student_topic_stats ts
                                 where ts.student_id = cs.student_id and ts.chapter_id = cs.chapter_id) tl on true
              where cs.chapter_id = $3) x
      join student_enrolments e on e.student_id = x.student_id
      where e.school_id = any($4) and e.grade = any($5) offset 0) x
join users u on u.id = x.student_id
where true) x order by coalesce("x"."knowledge_wealth", "x"."learning_efficiency") desc, "x"."first_name", "x"."last_name", "x"."student_id";
