-- Assessment reports (issue #23; docs/PERFORMANCE.md "Assessment reports"): a term's report of a
-- 2,000-student school has 576 rows summed from about 82,000 finished attempts; summing them per
-- request cost about 17 of the request's 22 ms of PostgreSQL time. Each assignment keeps the sums
-- its report row shows instead, so a term's report reads one row per assignment.
--
-- The sums are kept by a trigger on the attempts, as the difference each written attempt row makes:
-- an attempt counts once it is finished (submitted, time up, full screen left, aborted or finished
-- by the housekeeping), with its answered and right counts (written at the commit of the finishing
-- transaction, migration 0021) and its marks (a teacher's marking of an open-ended answer adds to
-- them). The figures are exactly the sums over the finished attempts, whatever wrote them.
create table assessment_assignment_stats (
  assignment_id integer primary key references assessment_assignments (id) on delete cascade,
  -- Finished attempts.
  participants integer not null default 0,
  -- Auto-marked questions answered over those attempts, and of those the right ones.
  answered integer not null default 0,
  correct integer not null default 0,
  -- Marks so far over those attempts.
  marks_total integer not null default 0
);

insert into assessment_assignment_stats (assignment_id, participants, answered, correct, marks_total)
select t.assignment_id, count(*), coalesce(sum(t.answered_count), 0), coalesce(sum(t.correct_count), 0), coalesce(sum(t.marks), 0)
  from assessment_attempts t
 where t.assignment_id is not null and t.finished_at is not null
 group by t.assignment_id;

create function assessment_assignment_stats_delta() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.assignment_id is not null and old.finished_at is not null then
    update assessment_assignment_stats s
       set participants = s.participants - 1,
           answered = s.answered - coalesce(old.answered_count, 0),
           correct = s.correct - coalesce(old.correct_count, 0),
           marks_total = s.marks_total - coalesce(old.marks, 0)
     where s.assignment_id = old.assignment_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.assignment_id is not null and new.finished_at is not null then
    insert into assessment_assignment_stats as s (assignment_id, participants, answered, correct, marks_total)
    values (new.assignment_id, 1, coalesce(new.answered_count, 0), coalesce(new.correct_count, 0), coalesce(new.marks, 0))
    on conflict (assignment_id) do update
       set participants = s.participants + 1,
           answered = s.answered + excluded.answered,
           correct = s.correct + excluded.correct,
           marks_total = s.marks_total + excluded.marks_total;
  end if;
  return null;
end
$$;

-- Only writes that can change a sum: an open attempt's answers (most writes) pass by.
create trigger assessment_assignment_stats_delta
  after insert or delete or update of finished_at, answered_count, correct_count, marks, assignment_id on assessment_attempts
  for each row execute function assessment_assignment_stats_delta();
