-- One-to-one calls between colleagues (issue #25; docs/DECISIONS.md "Staff chat", calls). Media flows
-- between the two browsers; this row is the call's trace and what the signalling relay checks: who
-- the two sides are, and whether the call is still on.
create table chat_calls (
  id uuid primary key,
  room_id bigint not null references chat_rooms (id) on delete cascade,
  caller_id bigint references users (id) on delete set null,
  callee_id bigint references users (id) on delete set null,
  kind text not null check (kind in ('audio', 'video')),
  started_at timestamptz not null,
  answered_at timestamptz,
  ended_at timestamptz,
  end_reason text check (end_reason in ('hangup', 'declined', 'missed', 'dropped'))
);
create index chat_calls_room_idx on chat_calls (room_id, started_at);
