-- Staff meetings (issue #25; docs/DECISIONS.md "Staff chat", meetings): scheduled by a member of
-- staff for colleagues of one chain. Media flows between the browsers (a mesh); these rows say who
-- may join and when, and what the lists show.
create table chat_meetings (
  id uuid primary key,
  chain_id integer not null references school_chains (id),
  title text not null check (length(title) between 1 and 100),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  organiser_id bigint references users (id) on delete set null,
  created_at timestamptz not null,
  cancelled_at timestamptz,
  check (ends_at > starts_at)
);

create table chat_meeting_people (
  meeting_id uuid not null references chat_meetings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  primary key (meeting_id, user_id)
);
-- A person's coming meetings (the list) start from their invitations.
create index chat_meeting_people_user_idx on chat_meeting_people (user_id, meeting_id);
