-- Live challenge (issue #24): a game whose host leaves the scoreboard standing for 10 minutes ends
-- ('idle'), so players are not kept waiting and the game leaves memory.
alter table challenge_games drop constraint challenge_games_end_reason_check;
alter table challenge_games add constraint challenge_games_end_reason_check
  check (end_reason in ('finished', 'host_ended', 'host_away', 'lobby_expired', 'idle'));
