-- Live challenge games (issue #24; docs/DECISIONS.md "Live challenge"). A game is played in memory
-- (or Redis) while it runs; this row is its lasting trace: who hosted what, for which class, when it
-- started and ended. Each player's game becomes one chapter-less learning record of kind challenge,
-- written by the server when the game ends.
create table challenge_games (
  id uuid primary key,
  code char(6) not null,
  host_user_id bigint not null references users (id),
  school_id integer not null,
  board_id integer not null,
  grade smallint not null,
  subject_id integer not null references subjects (id),
  -- A teacher's published quiz; null for a student's challenge from the question bank.
  assessment_id integer references assessments (id),
  question_count smallint not null,
  created_at timestamptz not null,
  started_at timestamptz,
  ended_at timestamptz,
  end_reason text check (end_reason in ('finished', 'host_ended', 'host_away', 'lobby_expired'))
);
create index challenge_games_host_idx on challenge_games (host_user_id, created_at);

-- The game a challenge record comes from: one record per player per game, so writing a game's
-- records twice (a retry) cannot count a game twice. Erasing a student who hosted a game deletes the
-- game's row; the other players' records stay, without the link.
alter table learning_records add column challenge_game_id uuid references challenge_games (id) on delete set null;
alter table learning_records add constraint learning_records_challenge_kind_check
  check (challenge_game_id is null or kind = 'challenge');
create unique index learning_records_challenge_idx on learning_records (challenge_game_id, student_id)
  where challenge_game_id is not null;
