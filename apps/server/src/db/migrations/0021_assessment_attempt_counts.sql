-- Assessment reports (issue #23; docs/DECISIONS.md "Assessment"): a report row's accuracy is the
-- share of answered auto-marked questions that were right over every finished attempt of an
-- assignment. A term of a 2,000-student school holds hundreds of thousands of answers; summing them
-- per request would not meet the report's 100 ms (bench/assessment-reports.ts). Each finished
-- attempt keeps its own two counts instead, so a report sums attempt rows.
--
-- The counts are written at the commit of the transaction that finishes the attempt (a deferred
-- constraint trigger), whoever finishes it (submit, time up, full screen left, abort, housekeeping)
-- and whatever order that transaction marks the answers in: by then every answer of the attempt is
-- final (a finished attempt's auto-marked answers never change; marking open-ended ones does not
-- touch these counts). A loader that already knows them (the demo and benchmark generators) writes
-- them itself and the trigger leaves the row alone.
alter table assessment_attempts
  -- Auto-marked (not open-ended) questions answered, and of those the right ones; null until finished.
  add column answered_count smallint,
  add column correct_count smallint;

create function assessment_attempt_counts() returns trigger language plpgsql as $$
begin
  update assessment_attempts t
     set answered_count = c.answered, correct_count = c.correct
    from (select count(*) filter (where x.type <> 'open_ended' and x.answered_at is not null) as answered,
                 count(*) filter (where x.type <> 'open_ended' and x.answered_at is not null and x.correct) as correct
            from attempt_answers x where x.attempt_id = new.id) c
   where t.id = new.id and t.finished_at is not null;
  return null;
end
$$;

create constraint trigger assessment_attempt_counts after insert or update of finished_at on assessment_attempts
  deferrable initially deferred
  for each row when (new.finished_at is not null and new.answered_count is null)
  execute function assessment_attempt_counts();

-- A report's attempts: the finished ones of its assignments, with what the row sums.
create index assessment_attempts_report_idx on assessment_attempts (assignment_id)
  include (marks, answered_count, correct_count) where finished_at is not null;
