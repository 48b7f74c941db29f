-- Per school and grade rollups of the dashboards' cards (dashboards.md 2.3-2.5), so that a chain
-- overview sums a few thousand rows instead of scanning every student of the chain. Both tables are
-- functions of other tables and kept equal to them by the triggers below, whatever writes those
-- tables (records ingest, Reindex, the demo generator's COPY, enrolment changes, erasure);
-- rollups.int.test.ts and privacy.int.test.ts compare them with a rebuild.

-- Registered students per school and grade (grade 0: enrolled before a grade was known).
create table school_grade_enrolments (
  school_id integer not null,
  grade smallint not null,
  students integer not null check (students > 0),
  primary key (school_id, grade)
);

-- Played students per school, grade and UTC day of their last activity, with the sum of their total
-- scores (numeric, so that adding and removing a student is exact whatever the order). "Active" is
-- the sum over the days after the window's first day plus the students of that first day whose last
-- activity is within the window.
create table school_grade_activity_days (
  school_id integer not null,
  grade smallint not null,
  day date not null,
  students integer not null check (students > 0),
  score_sum numeric not null,
  primary key (school_id, grade, day)
);

-- The window's days of a set of schools, all grades, read from the index alone.
create index school_grade_activity_days_window_idx on school_grade_activity_days (school_id, day) include (grade, students, score_sum);
-- The students of the window's first day (a short range per school).
create index student_stats_school_activity_idx on student_stats (school_id, last_activity_at) include (grade, total_score);

create function school_grade_enrolments_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update school_grade_enrolments set students = students - 1
      where school_id = old.school_id and grade = coalesce(old.grade, 0) and students > 1;
    if not found then
      delete from school_grade_enrolments where school_id = old.school_id and grade = coalesce(old.grade, 0);
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into school_grade_enrolments (school_id, grade, students) values (new.school_id, coalesce(new.grade, 0), 1)
      on conflict (school_id, grade) do update set students = school_grade_enrolments.students + 1;
  end if;
  return null;
end $$;

create trigger student_enrolments_rollup after insert or delete or update of school_id, grade on student_enrolments
  for each row execute function school_grade_enrolments_apply();

create function school_grade_activity_days_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update school_grade_activity_days set students = students - 1, score_sum = score_sum - old.total_score::numeric
      where school_id = old.school_id and grade = old.grade and day = (old.last_activity_at at time zone 'UTC')::date and students > 1;
    if not found then
      delete from school_grade_activity_days
        where school_id = old.school_id and grade = old.grade and day = (old.last_activity_at at time zone 'UTC')::date;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into school_grade_activity_days (school_id, grade, day, students, score_sum)
      values (new.school_id, new.grade, (new.last_activity_at at time zone 'UTC')::date, 1, new.total_score::numeric)
      on conflict (school_id, grade, day) do update
        set students = school_grade_activity_days.students + 1, score_sum = school_grade_activity_days.score_sum + excluded.score_sum;
  end if;
  return null;
end $$;

create trigger student_stats_rollup after insert or delete or update of school_id, grade, last_activity_at, total_score on student_stats
  for each row execute function school_grade_activity_days_apply();

insert into school_grade_enrolments (school_id, grade, students)
  select school_id, coalesce(grade, 0), count(*) from student_enrolments group by 1, 2;
insert into school_grade_activity_days (school_id, grade, day, students, score_sum)
  select school_id, grade, (last_activity_at at time zone 'UTC')::date, count(*), sum(total_score::numeric) from student_stats group by 1, 2, 3;
