-- $1 = [4,5]
-- $2 = [6,7]
-- $3 = [4,5]
-- $4 = [6,7]
-- $5 = 20
select ss.subject_id, sub.slug, sub.names, count(*)::int as students
from student_subject_stats ss
join subjects sub on sub.id = ss.subject_id
where ss.school_id = any($1) and ss.grade = any($2) and (ss.school_id, ss.grade) in (select * from unnest($3::int[], $4::int[])) and ss.subject_id = $5
group by ss.subject_id, sub.slug, sub.names
order by sub.slug;
