-- Chapter-less learning records (issue #23; docs/DECISIONS.md "Assessment"): a finished quiz or test
-- attempt becomes one learning record written by the server, with no chapter (a teacher's question
-- has none, and a practice attempt spans the chapters of a subject). Such a record adds to the
-- student's and the subject's accuracy and time spent, never to topic, chapter or knowledge figures.

-- Only quizzes, tests and challenges may lack a chapter; the games of an island always have one.
alter table learning_records alter column chapter_id drop not null;
alter table learning_records add constraint learning_records_chapter_check
  check (chapter_id is not null or kind in ('quiz', 'test', 'challenge'));

-- The attempt a server-written record comes from: at most one record per attempt, so a retried
-- finish cannot count an attempt twice.
alter table learning_records add column attempt_id uuid references assessment_attempts (id);
alter table learning_records add constraint learning_records_attempt_kind_check
  check (attempt_id is null or kind in ('quiz', 'test'));
create unique index learning_records_attempt_idx on learning_records (attempt_id) where attempt_id is not null;

-- The chapter-less records of one student x subject, summed: what the subject and student rows add
-- to the sums over their chapter rows (records/rollup-rules.ts). Rebuilt by Reindex, kept current
-- by the record's writer, like the other rollups. No currency, no efficiency: these records have none.
create table student_subject_practice_stats (
  student_id bigint not null references users (id),
  subject_id integer not null references subjects (id),
  school_id integer not null,
  records integer not null,
  answered integer not null,
  correct integer not null,
  question_seconds integer not null,
  time_spent integer not null,
  last_played_at timestamptz not null,
  primary key (student_id, subject_id)
);
