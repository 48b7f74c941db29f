-- $1 = 'en'
-- $2 = 'en'
-- $3 = [4,5]
-- $4 = [4,5]
-- $5 = [7]
-- $6 = '2026-10-27T09:30:00.000Z'
select m.student_id, u.first_name, u.last_name, u.email, m.grade, m.section, m.school_id,
       sch.name as school_name, b.name as board_name,
       coalesce(m.total_score, 0) as total_score, coalesce(m.knowledge_efficiency, 0) as knowledge_efficiency,
       coalesce(m.learning_efficiency, 0) as learning_efficiency, coalesce(m.knowledge_currency, 0) as knowledge_currency,
       coalesce(m.learning_currency, 0) as learning_currency, coalesce(m.chapters_completed, 0) as chapters_completed,
       coalesce(m.time_spent, 0) as time_spent, m.last_activity_at,
       coalesce("lc"."names" ->> $1, "lc"."names" ->> 'en') as last_chapter, coalesce("lt"."names" ->> $2, "lt"."names" ->> 'en') as last_topic
from (
select
e.student_id, e.grade, e.section, e.school_id, e.board_id, s.total_score, s.knowledge_efficiency, s.learning_efficiency,
s.knowledge_currency, s.learning_currency, s.chapters_completed, s.time_spent, s.last_activity_at, s.last_chapter_id, s.last_topic_id
from student_enrolments e
left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any($3)
where e.school_id = any($4) and e.grade = any($5) and true and s.last_activity_at >= $6) m
join users u on u.id = m.student_id
join schools sch on sch.id = m.school_id
            left join boards b on b.id = m.board_id
            left join chapters lc on lc.id = m.last_chapter_id
            left join topics lt on lt.id = m.last_topic_id
order by coalesce(m.total_score, 0) desc, m.student_id;
