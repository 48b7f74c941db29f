-- Files and pictures attached to chat messages (issue #25; docs/DECISIONS.md "Staff chat"). The
-- bytes are in the file store under their content address; this row says which room's members may
-- fetch them, who sent them, under what name and type (read from the bytes).
create table chat_files (
  id uuid primary key,
  room_id bigint not null references chat_rooms (id) on delete cascade,
  uploaded_by bigint references users (id) on delete set null,
  name text not null,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation')),
  byte_size integer not null check (byte_size > 0),
  storage_key text not null,
  created_at timestamptz not null
);
create index chat_files_room_idx on chat_files (room_id);

alter table chat_messages add column file_id uuid references chat_files (id) on delete set null;
-- A message is some text, a file, or both.
alter table chat_messages add constraint chat_messages_content_check check (body <> '' or file_id is not null);
