-- $1 = 42
-- $2 = 20
select chapter_id, topic_id, kind, sum(question_count)::int as questions, sum(question_seconds)::int as seconds
from learning_records
where student_id = $1 and subject_id = $2
group by chapter_id, topic_id, kind;
