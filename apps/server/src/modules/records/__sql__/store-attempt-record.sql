-- $1 = 42
select pg_advisory_xact_lock(7, ($1::bigint % 2147483647)::int);

-- $1 = '<record id>'
-- $2 = 42
-- $3 = 7
-- $4 = 1
-- $5 = 7
-- $6 = 20
-- $7 = null
-- $8 = null
-- $9 = 'quiz'
-- $10 = '2026-11-21T11:00:00.000Z'
-- $11 = '2026-11-21T11:03:00.000Z'
-- $12 = 2
-- $13 = 1
-- $14 = 1
-- $15 = 8
-- $16 = 8
-- $17 = '[{"q":1,"c":[2],"s":8.4,"ok":true},{"q":2,"c":null,"s":0,"ok":false}]'
-- $18 = null
-- $19 = null
-- $20 = null
-- $21 = 300
-- $22 = '00000000-0000-4000-8000-0000000000aa'
-- $23 = null
insert into "learning_records" ("id", "student_id", "school_id", "board_id", "grade", "subject_id", "chapter_id",
    "topic_id", "kind", "started_at", "finished_at", "question_count", "answered_count", "correct_count",
    "question_seconds", "duration_seconds", "answers", "learning_currency", "learning_efficiency", "percent", "marks",
    "attempt_id", "challenge_game_id")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
on conflict ("attempt_id")
where "attempt_id" is not null do nothing
returning "id";

-- $1 = 42
select "student_enrolments"."student_id", "student_enrolments"."school_id", "student_enrolments"."board_id",
    "student_enrolments"."grade", "student_enrolments"."enrolled_at", "schools"."chain_id"
from "student_enrolments"
inner join "schools" on "schools"."id" = "student_enrolments"."school_id"
where "student_enrolments"."student_id" = $1;

-- $1 = 7
select "time_zone"
from "schools"
where "id" = $1;

-- $1 = 42
-- $2 = 42
-- $3 = 42
-- $4 = '[]'
select
  (select coalesce(json_agg(t), '[]') from student_topic_stats t where t.student_id = $1) as topics,
  (select coalesce(json_agg(c), '[]') from student_chapter_stats c where c.student_id = $2) as chapters,
  (select coalesce(json_agg(p), '[]') from student_subject_practice_stats p where p.student_id = $3) as practice,
  (select coalesce(json_agg(i), '[]') from (
    select chapter_id, count(*)::int as n from topics
    where status = 'published' and chapter_id in (select value::int from json_array_elements_text($4::json))
    group by chapter_id) i) as islands;

-- $1 = '[]'
-- $2 = '[]'
-- $3 = '[{"student_id":42,"subject_id":20,"school_id":7,"records":1,"answered":1,"correct":1,"question_seco... (168 characters)
-- $4 = '[{"student_id":42,"subject_id":20,"school_id":7,"board_id":1,"grade":7,"topics_completed":1,"chapte... (451 characters)
-- $5 = '[{"student_id":42,"school_id":7,"board_id":1,"grade":7,"topics_completed":1,"chapters_completed":0,... (435 characters)
-- $6 = '[{"student_id":42,"day":"2026-11-21","school_id":7,"records":1,"answered":1,"correct":1,"time_spent... (151 characters)
with w0 as (insert into student_topic_stats as t
  select *
  from json_populate_recordset(null::student_topic_stats, $1::json)
  on conflict (student_id, topic_id)
  do update set school_id = excluded.school_id, chapter_id = excluded.chapter_id, subject_id = excluded.subject_id,
      attempts = excluded.attempts, learning_efficiency = excluded.learning_efficiency,
      learning_currency = excluded.learning_currency, best_attempt = excluded.best_attempt,
      answered = excluded.answered, correct = excluded.correct, question_seconds = excluded.question_seconds,
      time_spent = excluded.time_spent, first_completed_at = excluded.first_completed_at,
      last_played_at = excluded.last_played_at, learning_currency_by_day = excluded.learning_currency_by_day),
w1 as (insert into student_chapter_stats as t
  select *
  from json_populate_recordset(null::student_chapter_stats, $2::json)
  on conflict (student_id, chapter_id)
  do update set school_id = excluded.school_id, subject_id = excluded.subject_id,
      topics_completed = excluded.topics_completed, island_count = excluded.island_count,
      learning_currency = excluded.learning_currency, treasure_attempts = excluded.treasure_attempts,
      knowledge_efficiency = excluded.knowledge_efficiency, knowledge_currency = excluded.knowledge_currency,
      is_completed = excluded.is_completed, records = excluded.records, answered = excluded.answered,
      correct = excluded.correct, question_seconds = excluded.question_seconds, time_spent = excluded.time_spent,
      last_played_at = excluded.last_played_at, last_topic_id = excluded.last_topic_id,
      knowledge_currency_by_day = excluded.knowledge_currency_by_day, revise_attempts = excluded.revise_attempts),
w2 as (insert into student_subject_practice_stats as t
  select *
  from json_populate_recordset(null::student_subject_practice_stats, $3::json)
  on conflict (student_id, subject_id)
  do update set school_id = excluded.school_id, records = excluded.records, answered = excluded.answered,
      correct = excluded.correct, question_seconds = excluded.question_seconds, time_spent = excluded.time_spent,
      last_played_at = excluded.last_played_at),
w3 as (insert into student_subject_stats as t
  select *
  from json_populate_recordset(null::student_subject_stats, $4::json)
  on conflict (student_id, subject_id)
  do update set school_id = excluded.school_id, board_id = excluded.board_id, grade = excluded.grade,
      topics_completed = excluded.topics_completed, chapters_completed = excluded.chapters_completed,
      chapters_attempted = excluded.chapters_attempted, learning_efficiency = excluded.learning_efficiency,
      knowledge_efficiency = excluded.knowledge_efficiency, total_score = excluded.total_score,
      learning_currency = excluded.learning_currency, knowledge_currency = excluded.knowledge_currency,
      records = excluded.records, answered = excluded.answered, correct = excluded.correct,
      question_seconds = excluded.question_seconds, time_spent = excluded.time_spent,
      last_played_at = excluded.last_played_at, last_chapter_id = excluded.last_chapter_id,
      last_topic_id = excluded.last_topic_id),
w4 as (insert into student_stats as t
  select *
  from json_populate_recordset(null::student_stats, $5::json)
  on conflict (student_id)
  do update set school_id = excluded.school_id, board_id = excluded.board_id, grade = excluded.grade,
      topics_completed = excluded.topics_completed, chapters_completed = excluded.chapters_completed,
      learning_efficiency = excluded.learning_efficiency, knowledge_efficiency = excluded.knowledge_efficiency,
      total_score = excluded.total_score, learning_currency = excluded.learning_currency,
      knowledge_currency = excluded.knowledge_currency, records = excluded.records, answered = excluded.answered,
      correct = excluded.correct, question_seconds = excluded.question_seconds, time_spent = excluded.time_spent,
      last_activity_at = excluded.last_activity_at, last_subject_id = excluded.last_subject_id,
      last_chapter_id = excluded.last_chapter_id, last_topic_id = excluded.last_topic_id),
w5 as (insert into student_daily_stats as t
  select *
  from json_populate_recordset(null::student_daily_stats, $6::json)
  on conflict (student_id, day)
  do update set school_id = excluded.school_id, records = t.records + excluded.records,
      answered = t.answered + excluded.answered, correct = t.correct + excluded.correct,
      time_spent = t.time_spent + excluded.time_spent,
      learning_currency = t.learning_currency + excluded.learning_currency,
      knowledge_currency = t.knowledge_currency + excluded.knowledge_currency)
select 1;
