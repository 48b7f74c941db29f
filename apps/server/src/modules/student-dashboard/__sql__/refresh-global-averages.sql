-- $1 = 1
-- $2 = 7
delete from global_subject_averages
where board_id = $1 and grade = $2;

-- $1 = 1
-- $2 = 7
-- $3 = 0
-- $4 = 1
-- $5 = 2
-- $6 = 3
-- $7 = 4
-- $8 = 5
-- $9 = 6
-- $10 = 7
-- $11 = 8
-- $12 = 9
-- $13 = 1
-- $14 = 7
insert into global_subject_averages (board_id, grade, subject_id, students, accuracy, score_bands)
select $1, $2, subject_id, count(*)::int,
       avg(case when answered > 0 then correct * 100.0::float8 / answered end),
       array[(count(*) filter (where band = $3))::int, (count(*) filter (where band = $4))::int, (count(*) filter (where band = $5))::int, (count(*) filter (where band = $6))::int, (count(*) filter (where band = $7))::int, (count(*) filter (where band = $8))::int, (count(*) filter (where band = $9))::int, (count(*) filter (where band = $10))::int, (count(*) filter (where band = $11))::int, (count(*) filter (where band = $12))::int]
from (
  select subject_id, answered, correct, least(floor(round(total_score::numeric) / 10), 9)::int as band
  from student_subject_stats where board_id = $13 and grade = $14
) s
group by subject_id;

-- $1 = 1
-- $2 = 7
delete from global_chapter_averages
where board_id = $1 and grade = $2;

-- $1 = 1
-- $2 = 7
-- $3 = 1
-- $4 = 7
insert into global_chapter_averages (chapter_id, board_id, grade, accuracy, knowledge_efficiency, completed_students)
select c.id, $1, $2,
       avg(case when s.answered > 0 then s.correct * 100.0::float8 / s.answered end),
       avg(s.knowledge_efficiency) filter (where s.is_completed),
       (count(*) filter (where s.is_completed))::int
from chapters c join student_chapter_stats s on s.chapter_id = c.id
where c.board_id = $3 and c.grade = $4
group by c.id;

-- $1 = 1
-- $2 = 7
-- $3 = '2026-11-27T09:30:00.000Z'
insert into global_average_refreshes (board_id, grade, refreshed_at) values ($1, $2, $3)
on conflict (board_id, grade) do update set refreshed_at = excluded.refreshed_at;
