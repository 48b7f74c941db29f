-- $1 = 42
-- $2 = 42
-- $3 = 42
-- $4 = '[300]'
select
  (select coalesce(json_agg(t), '[]') from student_topic_stats t where t.student_id = $1) as topics,
  (select coalesce(json_agg(c), '[]') from student_chapter_stats c where c.student_id = $2) as chapters,
  (select coalesce(json_agg(p), '[]') from student_subject_practice_stats p where p.student_id = $3) as practice,
  (select coalesce(json_agg(i), '[]') from (
    select chapter_id, count(*)::int as n from topics
    where status = 'published' and chapter_id in (select value::int from json_array_elements_text($4::json))
    group by chapter_id) i) as islands;

-- $1 = 42
-- $2 = 300
select "id", "kind", "subject_id", "chapter_id", "topic_id", "started_at", "finished_at", "answered_count",
    "correct_count", "question_seconds", "duration_seconds", "learning_currency", "learning_efficiency", "percent"
from "learning_records"
where "student_id" = $1 and "chapter_id" in ($2);

-- $1 = '[{"student_id":42,"topic_id":3001,"school_id":7,"chapter_id":300,"subject_id":20,"attempts":2,"lear... (381 characters)
-- $2 = '[{"student_id":42,"chapter_id":300,"school_id":7,"subject_id":20,"topics_completed":1,"island_count... (418 characters)
-- $3 = '[]'
-- $4 = '[{"student_id":42,"subject_id":20,"school_id":7,"board_id":1,"grade":7,"topics_completed":1,"chapte... (451 characters)
-- $5 = '[{"student_id":42,"school_id":7,"board_id":1,"grade":7,"topics_completed":1,"chapters_completed":0,... (435 characters)
-- $6 = '[{"student_id":42,"day":"2026-11-20","school_id":7,"records":1,"answered":10,"correct":8,"time_spen... (305 characters)
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
