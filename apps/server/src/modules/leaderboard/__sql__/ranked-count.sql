-- $1 = 4
-- $2 = 1
-- $3 = 7
select count(*)::int as n from student_stats s
where s.school_id = $1 and s.board_id = $2 and s.grade = $3 and s.total_score > 0;
