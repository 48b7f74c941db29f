-- $1 = 20
-- $2 = [4,5]
-- $3 = [7]
select count(*)::int as attempted,
       count(*) filter (where ss.chapters_completed > 0)::int as chapter_completed,
       count(*) filter (where ss.topics_completed > 0)::int as topic_completed
from student_subject_stats ss
join student_enrolments e on e.student_id = ss.student_id
where ss.subject_id = $1 and e.school_id = any($2) and e.grade = any($3);
