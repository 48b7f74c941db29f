-- $1 = [4,5]
-- $2 = [4,5]
-- $3 = [7]
-- $4 = 9
-- $5 = '%asha%'
-- $6 = 'hi'
-- $7 = 'hi'
-- $8 = 25
-- $9 = 0
  with m as materialized (
select
e.student_id, e.grade, e.section, e.school_id, e.board_id, s.total_score, s.knowledge_efficiency, s.learning_efficiency,
s.knowledge_currency, s.learning_currency, s.chapters_completed, s.time_spent, s.last_activity_at, s.last_chapter_id, s.last_topic_id
from student_enrolments e
left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($1)
where e.school_id = any($2) and e.grade = any($3) and true and least(floor(round(coalesce(s.total_score, 0)::numeric) / 10), 9)::int = $4 and e.search_name like $5),
       total as (select count(*)::int as n from m)
  select t.n as total_count, p.*
  from total t
  left join lateral (
select m.student_id, u.first_name, u.last_name, u.email, m.grade, m.section, m.school_id,
       (select sch.name from schools sch where sch.id = m.school_id) as school_name, (select b.name from boards b where b.id = m.board_id) as board_name,
       coalesce(m.total_score, 0) as total_score, coalesce(m.knowledge_efficiency, 0) as knowledge_efficiency,
       coalesce(m.learning_efficiency, 0) as learning_efficiency, coalesce(m.knowledge_currency, 0) as knowledge_currency,
       coalesce(m.learning_currency, 0) as learning_currency, coalesce(m.chapters_completed, 0) as chapters_completed,
       coalesce(m.time_spent, 0) as time_spent, m.last_activity_at,
       (select coalesce("lc"."names" ->> $6, "lc"."names" ->> 'en') from chapters lc where lc.id = m.last_chapter_id) as last_chapter, (select coalesce("lt"."names" ->> $7, "lt"."names" ->> 'en') from topics lt where lt.id = m.last_topic_id) as last_topic
from (select * from m order by coalesce(m.total_score, 0) desc, m.student_id limit $8 offset $9) m
join users u on u.id = m.student_id

order by coalesce(m.total_score, 0) desc, m.student_id) p on true
  order by p.total_score desc, p.student_id;
