-- $1 = 42
delete from "student_topic_stats"
where "student_id" = $1;

-- $1 = 42
delete from "student_chapter_stats"
where "student_id" = $1;

-- $1 = 42
delete from "student_subject_practice_stats"
where "student_id" = $1;

-- $1 = 42
delete from "student_subject_stats"
where "student_id" = $1;

-- $1 = 42
delete from "student_stats"
where "student_id" = $1;

-- $1 = 42
delete from "student_daily_stats"
where "student_id" = $1;

-- $1 = 42
select "id", "kind", "subject_id", "chapter_id", "topic_id", "started_at", "finished_at", "answered_count",
    "correct_count", "question_seconds", "duration_seconds", "learning_currency", "learning_efficiency", "percent"
from "learning_records"
where "student_id" = $1;

-- $1 = 300
-- $2 = 'published'
select "chapter_id", count(*) as "n"
from "topics"
where "chapter_id" in ($1) and "status" = $2
group by "chapter_id";

-- $1 = 42
-- $2 = 3001
-- $3 = 7
-- $4 = 300
-- $5 = 20
-- $6 = 2
-- $7 = 79.27272727272727
-- $8 = 87
-- $9 = 1
-- $10 = 20
-- $11 = 16
-- $12 = 240
-- $13 = 360
-- $14 = '2026-11-20T10:00:00.000Z'
-- $15 = '2026-11-21T10:00:00.000Z'
-- $16 = '{"2026-11-20":87}'
insert into "student_topic_stats" ("student_id", "topic_id", "school_id", "chapter_id", "subject_id", "attempts",
    "learning_efficiency", "learning_currency", "best_attempt", "answered", "correct", "question_seconds", "time_spent",
    "first_completed_at", "last_played_at", "learning_currency_by_day")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16);

-- $1 = 42
-- $2 = 300
-- $3 = 7
-- $4 = 20
-- $5 = 1
-- $6 = 4
-- $7 = 87
-- $8 = 0
-- $9 = null
-- $10 = 0
-- $11 = false
-- $12 = 2
-- $13 = 20
-- $14 = 16
-- $15 = 240
-- $16 = 360
-- $17 = '2026-11-21T10:00:00.000Z'
-- $18 = 3001
-- $19 = '{}'
-- $20 = 0
insert into "student_chapter_stats" ("student_id", "chapter_id", "school_id", "subject_id", "topics_completed",
    "island_count", "learning_currency", "treasure_attempts", "knowledge_efficiency", "knowledge_currency",
    "is_completed", "records", "answered", "correct", "question_seconds", "time_spent", "last_played_at",
    "last_topic_id", "knowledge_currency_by_day", "revise_attempts")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- $1 = 42
-- $2 = 20
-- $3 = 7
-- $4 = 1
-- $5 = 7
-- $6 = 1
-- $7 = 0
-- $8 = 79.27272727272727
-- $9 = 0
-- $10 = 15.854545454545454
-- $11 = 87
-- $12 = 0
-- $13 = 2
-- $14 = 20
-- $15 = 16
-- $16 = 240
-- $17 = 360
-- $18 = 1
-- $19 = '2026-11-21T10:00:00.000Z'
-- $20 = 300
-- $21 = 3001
insert into "student_subject_stats" ("student_id", "subject_id", "school_id", "board_id", "grade", "topics_completed",
    "chapters_completed", "learning_efficiency", "knowledge_efficiency", "total_score", "learning_currency",
    "knowledge_currency", "records", "answered", "correct", "question_seconds", "time_spent", "chapters_attempted",
    "last_played_at", "last_chapter_id", "last_topic_id")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21);

-- $1 = 42
-- $2 = 7
-- $3 = 1
-- $4 = 7
-- $5 = 1
-- $6 = 0
-- $7 = 79.27272727272727
-- $8 = 0
-- $9 = 15.854545454545454
-- $10 = 87
-- $11 = 0
-- $12 = 2
-- $13 = 20
-- $14 = 16
-- $15 = 240
-- $16 = 360
-- $17 = '2026-11-21T10:00:00.000Z'
-- $18 = 20
-- $19 = 300
-- $20 = 3001
insert into "student_stats" ("student_id", "school_id", "board_id", "grade", "topics_completed", "chapters_completed",
    "learning_efficiency", "knowledge_efficiency", "total_score", "learning_currency", "knowledge_currency", "records",
    "answered", "correct", "question_seconds", "time_spent", "last_activity_at", "last_subject_id", "last_chapter_id",
    "last_topic_id")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- $1 = 42
-- $2 = '2026-11-20'
-- $3 = 7
-- $4 = 1
-- $5 = 10
-- $6 = 8
-- $7 = 180
-- $8 = 87
-- $9 = 0
-- $10 = 42
-- $11 = '2026-11-21'
-- $12 = 7
-- $13 = 1
-- $14 = 10
-- $15 = 8
-- $16 = 180
-- $17 = 0
-- $18 = 0
insert into "student_daily_stats" ("student_id", "day", "school_id", "records", "answered", "correct", "time_spent",
    "learning_currency", "knowledge_currency")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11, $12, $13, $14, $15, $16, $17, $18);
