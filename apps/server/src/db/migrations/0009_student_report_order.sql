-- The Students Report's order within a school (highest score first, then by id), so a page is found
-- by walking each school's best students instead of sorting every student of the scope
-- (analytics.repository.ts, studentPage).
create index student_stats_report_order_idx on student_stats (school_id, total_score desc, student_id);
