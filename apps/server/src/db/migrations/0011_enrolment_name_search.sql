-- Name search within a scope from one index. The student's lower-case full name is kept on the
-- enrolment, next to its school, and one GIN index holds both (btree_gin lets a GIN index take the
-- school id): a search for "patil" in two schools reads the 66 matching enrolments instead of the
-- 1,384 users of the whole chain who match, then their enrolments (analytics.repository.ts,
-- studentFilter). Triggers keep the copy equal to users' names: set when an enrolment is written,
-- and rewritten when a student's name changes (profile edits, erasure).
create extension if not exists btree_gin with schema public;

alter table student_enrolments add column search_name text not null default '';
update student_enrolments e set search_name = lower(u.first_name || ' ' || u.last_name) from users u where u.id = e.student_id;

create function student_enrolments_search_name() returns trigger language plpgsql as $$
begin
  new.search_name := coalesce((select lower(u.first_name || ' ' || u.last_name) from users u where u.id = new.student_id), '');
  return new;
end $$;
create trigger student_enrolments_search_name before insert or update of student_id on student_enrolments
  for each row execute function student_enrolments_search_name();

create function users_search_name() returns trigger language plpgsql as $$
begin
  update student_enrolments set search_name = lower(new.first_name || ' ' || new.last_name) where student_id = new.id;
  return null;
end $$;
create trigger users_search_name after update of first_name, last_name on users
  for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
  execute function users_search_name();

create index student_enrolments_name_idx on student_enrolments
  using gin (school_id, search_name public.gin_trgm_ops) with (fastupdate = off);
