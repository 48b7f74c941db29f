-- Live classes and educational TV (issue #26; docs/DECISIONS.md "Live classes"). A live class is a
-- class event of the school calendar held in the app: a random room and one of two providers (a
-- Jitsi Meet room or BigBlueButton). A programme is an event of type 'programme' (a TV or online
-- broadcast) with who presents it.
alter table calendar_events drop constraint calendar_events_type_check;
alter table calendar_events add constraint calendar_events_type_check
  check (type in ('class', 'test', 'holiday', 'meeting', 'event', 'programme'));
alter table calendar_events add column live_room text check (live_room ~ '^[a-z0-9]{12}$');
alter table calendar_events add column live_provider text check (live_provider in ('jitsi', 'bigbluebutton'));
alter table calendar_events add column host_name text check (length(host_name) between 1 and 120);
alter table calendar_events add constraint calendar_events_live_check
  check ((live_room is null) = (live_provider is null) and (live_room is null or (type = 'class' and grade is not null)));
create unique index calendar_events_live_room_idx on calendar_events (school_id, live_room) where live_room is not null;

-- Who joined a live class: one row per person and class, from their first join; the name they gave.
create table live_class_attendance (
  event_id bigint not null references calendar_events (id) on delete cascade,
  user_id bigint not null references users (id),
  display_name text not null check (length(display_name) between 1 and 60),
  first_joined_at timestamptz not null,
  last_joined_at timestamptz not null,
  joins integer not null default 1 check (joins >= 1),
  primary key (event_id, user_id)
);
create index live_class_attendance_user_idx on live_class_attendance (user_id);
