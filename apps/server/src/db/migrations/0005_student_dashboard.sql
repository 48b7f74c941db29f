-- Student dashboard (dashboards.md 2.2): global averages per board and grade, and per-grade
-- leaderboard settings. Global averages compare one student with every student of the same board
-- and grade across all schools; every ingest would touch them, so they are a small table refreshed
-- per board and grade when older than a few minutes (docs/DECISIONS.md "Global averages").

-- Let a refresh read one board and grade's subject rows, and one chapter's rows, through an index.
create index student_subject_stats_board_grade_idx on student_subject_stats (board_id, grade, subject_id);
create index student_chapter_stats_chapter_idx on student_chapter_stats (chapter_id);

create table global_average_refreshes (
  board_id integer not null references boards (id),
  grade smallint not null,
  refreshed_at timestamptz not null,
  primary key (board_id, grade)
);

-- Per subject: mean accuracy of students who answered a question in it, and how many students of
-- the board and grade fall in each 10-point band of the subject's total score (where a student stands).
create table global_subject_averages (
  board_id integer not null references boards (id),
  grade smallint not null,
  subject_id integer not null references subjects (id),
  students integer not null,
  accuracy double precision,
  score_bands integer[] not null,
  primary key (board_id, grade, subject_id)
);

-- Per chapter: mean accuracy of students who answered in it; mean knowledge efficiency (KE_ch) of
-- students who completed it.
create table global_chapter_averages (
  chapter_id integer primary key references chapters (id),
  board_id integer not null,
  grade smallint not null,
  accuracy double precision,
  knowledge_efficiency double precision,
  completed_students integer not null
);
create index global_chapter_averages_board_grade_idx on global_chapter_averages (board_id, grade);

-- A principal may turn one grade's leaderboard off or to initials; the school's setting applies
-- to grades without a row. The stricter of the two wins.
create table grade_leaderboard_settings (
  school_id integer not null references schools (id) on delete cascade,
  grade smallint not null references grades (grade),
  mode text not null check (mode in ('full', 'initials', 'off')),
  primary key (school_id, grade)
);
