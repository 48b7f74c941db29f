-- A group's picture (issue #25): a picture file of the room (chat_files, fetched by its members
-- only), set and removed by the group's creator.
alter table chat_rooms add column picture_file_id uuid references chat_files (id) on delete set null;
