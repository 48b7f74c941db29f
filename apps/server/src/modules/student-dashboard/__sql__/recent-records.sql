-- $1 = 'en'
-- $2 = 'en'
-- $3 = 'en'
-- $4 = 42
-- $5 = 5
select r.kind, r.finished_at, r.subject_id, coalesce("su"."names" ->> $1, "su"."names" ->> 'en') as subject_name, coalesce("c"."names" ->> $2, "c"."names" ->> 'en') as chapter_name,
       coalesce("t"."names" ->> $3, "t"."names" ->> 'en') as topic_name, r.learning_efficiency, r.percent, r.answered_count, r.correct_count
from (select * from learning_records where student_id = $4 order by finished_at desc, id desc limit $5) r
join subjects su on su.id = r.subject_id
left join chapters c on c.id = r.chapter_id
left join topics t on t.id = r.topic_id
order by r.finished_at desc, r.id desc;
