-- Learning records flagged to staff as outliers when they were uploaded (issue #21): a game far above
-- the student's usual accuracy at a speed below the reading allowance (records/batch-rules.ts,
-- outlierReason). A flag is a note for staff, not a verdict: the record counts as any other. Few
-- records are flagged, so ingest inserts here only when one is; the rows go with their record.
create table record_flags (
  record_id uuid primary key references learning_records (id) on delete cascade,
  -- What made it stand out, kept as numbers so every language can say it: the game's accuracy and
  -- seconds per answered question, the student's usual accuracy and over how many answers.
  accuracy double precision not null,
  seconds_per_question double precision not null,
  usual_accuracy double precision not null,
  history_answers integer not null,
  flagged_at timestamptz not null
);
