-- A picture in a school notice (issue #26, "Broadcasts": text, image, link): in the file store under
-- its content address, with its type read from its bytes.
alter table broadcasts add column picture_key text check (picture_key ~ '^[0-9a-f]{64}$');
alter table broadcasts add column picture_type text check (picture_type in ('image/png', 'image/jpeg', 'image/webp'));
alter table broadcasts add constraint broadcasts_picture_check check ((picture_key is null) = (picture_type is null));
