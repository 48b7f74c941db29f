-- $1 = 1
-- $2 = 7
-- $3 = 'en'
-- $4 = 42
with curriculum as (
  select c.subject_id, count(t.id)::int as total_topics
  from chapters c left join topics t on t.chapter_id = c.id and t.status = 'published'
  where c.board_id = $1 and c.grade = $2 and c.status = 'published'
  group by c.subject_id
)
select cu.subject_id, coalesce("su"."names" ->> $3, "su"."names" ->> 'en') as subject_name, cu.total_topics,
       coalesce(ss.topics_completed, 0)::int as completed_topics
from curriculum cu
join subjects su on su.id = cu.subject_id
left join student_subject_stats ss on ss.student_id = $4 and ss.subject_id = cu.subject_id
order by subject_name;
