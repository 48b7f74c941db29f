-- The name search's trigram index without GIN's pending list. With fastupdate (the default) new
-- names wait in an unsorted list, up to gin_pending_list_limit (4 MB), until a vacuum merges them,
-- and every search reads that whole list: on the benchmark chain, after its students were added,
-- a search spent 4 ms in a 274-page list against 0.4 ms in the index itself. Students are added a
-- few at a time (or by a bulk import that can afford the slower insert), so each new name goes
-- straight into the index.
alter index users_name_trgm_idx set (fastupdate = off);
select gin_clean_pending_list('users_name_trgm_idx'::regclass);
