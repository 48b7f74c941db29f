-- $1 = 'en'
-- $2 = 'en'
-- $3 = 42
select cs.chapter_id, coalesce("c"."names" ->> $1, "c"."names" ->> 'en') as chapter_name, cs.subject_id, coalesce("su"."names" ->> $2, "su"."names" ->> 'en') as subject_name,
       cs.knowledge_efficiency, g.knowledge_efficiency as global_knowledge_efficiency
from student_chapter_stats cs
join chapters c on c.id = cs.chapter_id
join subjects su on su.id = cs.subject_id
left join global_chapter_averages g on g.chapter_id = cs.chapter_id
where cs.student_id = $3 and cs.is_completed
order by subject_name, c.position;
