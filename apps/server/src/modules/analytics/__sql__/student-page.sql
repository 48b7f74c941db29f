-- $1 = [4,5]
-- $2 = [4,5]
-- $3 = [7]
-- $4 = 'en'
-- $5 = 'en'
-- $6 = [4,5]
-- $7 = [7]
-- $8 = 25
-- $9 = [4,5]
-- $10 = [7]
-- $11 = 25
-- $12 = 25
-- $13 = 25
-- $14 = 0
  with m as not materialized (
select
e.student_id, e.grade, e.section, e.school_id, e.board_id, s.total_score, s.knowledge_efficiency, s.learning_efficiency,
s.knowledge_currency, s.learning_currency, s.chapters_completed, s.time_spent, s.last_activity_at, s.last_chapter_id, s.last_topic_id
from student_enrolments e
left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($1)
where e.school_id = any($2) and e.grade = any($3) and true),
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
       (select coalesce("lc"."names" ->> $4, "lc"."names" ->> 'en') from chapters lc where lc.id = m.last_chapter_id) as last_chapter, (select coalesce("lt"."names" ->> $5, "lt"."names" ->> 'en') from topics lt where lt.id = m.last_topic_id) as last_topic
from (
  with scored as (
    select w.student_id, w.school_id, w.score
    from unnest($6::int[]) as sc(id)
    cross join lateral (
      select s.student_id, s.school_id, s.total_score as score
      from student_stats s
      where s.school_id = sc.id and s.total_score > 0 and true
        and (select true from student_enrolments e where e.student_id = s.student_id and e.school_id = s.school_id and e.grade = any($7))
      order by s.total_score desc, s.student_id
      limit $8) w),
  unscored as (
    select w.student_id, w.school_id, 0::float8 as score
    from unnest($9::int[]) as sc(id)
    cross join lateral (
      select e.student_id, e.school_id
      from student_enrolments e
      left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id
      where e.school_id = sc.id and e.grade = any($10) and true and coalesce(s.total_score, 0) <= 0
      order by e.student_id
      limit $11) w
    where (select count(*) from scored) < $12),
  k as (
    select * from (select * from scored union all select * from unscored) c
    order by c.score desc, c.student_id
    limit $13 offset $14)
  select
e.student_id, e.grade, e.section, e.school_id, e.board_id, s.total_score, s.knowledge_efficiency, s.learning_efficiency,
s.knowledge_currency, s.learning_currency, s.chapters_completed, s.time_spent, s.last_activity_at, s.last_chapter_id, s.last_topic_id
  from k
  join student_enrolments e on e.student_id = k.student_id and e.school_id = k.school_id
  left join student_stats s on s.student_id = k.student_id and s.school_id = k.school_id) m
join users u on u.id = m.student_id

order by coalesce(m.total_score, 0) desc, m.student_id) p on true
  order by p.total_score desc, p.student_id;
