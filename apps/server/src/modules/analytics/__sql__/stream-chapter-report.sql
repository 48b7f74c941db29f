-- $1 = 300
-- $2 = 20
-- $3 = [4,5]
-- $4 = [7]
select ss.student_id, u.first_name, u.last_name, e.grade, e.school_id, sch.name as school_name,
       coalesce(cs.topics_completed, 0) as topics_completed, coalesce(cs.knowledge_efficiency, 0) as knowledge_efficiency,
       coalesce(tl.le, 0) as learning_efficiency, coalesce(cs.knowledge_currency, 0) as knowledge_currency,
       coalesce(cs.learning_currency, 0) as learning_currency, coalesce(cs.time_spent, 0) as time_spent, cs.last_played_at
from student_subject_stats ss
join student_enrolments e on e.student_id = ss.student_id
join users u on u.id = ss.student_id
join schools sch on sch.id = e.school_id
left join student_chapter_stats cs on cs.student_id = ss.student_id and cs.chapter_id = $1
left join lateral (select avg(ts.learning_efficiency) as le from student_topic_stats ts
                   where ts.student_id = cs.student_id and ts.chapter_id = cs.chapter_id) tl on true
where ss.subject_id = $2 and e.school_id = any($3) and e.grade = any($4) and cs.student_id is not null and not cs.is_completed
order by 0.2 * coalesce(tl.le, 0) + 0.8 * coalesce(cs.knowledge_efficiency, 0) desc, u.first_name, u.last_name, ss.student_id;
