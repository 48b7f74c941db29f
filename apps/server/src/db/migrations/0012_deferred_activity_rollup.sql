-- The per school, grade and day activity rollup (0008) is now updated when a transaction commits
-- instead of when student_stats changes. Every student of a grade who plays on the same day updates
-- the same school_grade_activity_days row, so a class syncing after a lesson queued on that row's lock:
-- an upload took it in the middle of its rollup statement and held it until its commit was on disk,
-- including the time the server took to send the commit while busy with other uploads. The records
-- ingest benchmark (one grade, 20 phones at once) spent most of its database time waiting for it.
-- A deferred constraint trigger runs the same function at commit, so the lock is held only for the
-- commit itself. The table stays equal to its definition after every commit (rollups.int.test.ts
-- and privacy.int.test.ts compare it with a rebuild); inside a writing transaction it reflects the
-- transaction's own student_stats changes only once it commits.
drop trigger student_stats_rollup on student_stats;

create constraint trigger student_stats_rollup after insert or delete or update of school_id, grade, last_activity_at, total_score on student_stats
  deferrable initially deferred
  for each row execute function school_grade_activity_days_apply();
