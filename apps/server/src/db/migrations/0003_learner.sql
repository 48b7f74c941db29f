-- Learner journey: revise progress on the chapter rollup, bookmarks and topic ratings.

-- Revise sessions finished in the chapter: revise is "done" at 1 and opens the treasure
-- (scoring-and-metrics.md, Chapter). Kept by the same rollup rules as the other columns.
alter table student_chapter_stats add column revise_attempts integer not null default 0;
update student_chapter_stats cs
   set revise_attempts = r.n
  from (select student_id, chapter_id, count(*)::int as n
          from learning_records
         where kind = 'revise'
         group by student_id, chapter_id) r
 where r.student_id = cs.student_id and r.chapter_id = cs.chapter_id;

-- A student's bookmarked concepts (one per topic) and questions. Only the student reads them.
create table concept_bookmarks (
  student_id bigint not null references users (id) on delete cascade,
  topic_id integer not null references topics (id),
  school_id integer not null,
  created_at timestamptz not null default now(),
  primary key (student_id, topic_id)
);
create index concept_bookmarks_list_idx on concept_bookmarks (student_id, created_at desc);

create table question_bookmarks (
  student_id bigint not null references users (id) on delete cascade,
  question_id integer not null references questions (id),
  school_id integer not null,
  created_at timestamptz not null default now(),
  primary key (student_id, question_id)
);
create index question_bookmarks_list_idx on question_bookmarks (student_id, created_at desc);

-- "Rate us" after a topic's result: one rating per student and topic, replaced on re-rating.
create table topic_ratings (
  student_id bigint not null references users (id) on delete cascade,
  topic_id integer not null references topics (id),
  school_id integer not null,
  rating smallint not null check (rating between 1 and 5),
  rated_at timestamptz not null,
  primary key (student_id, topic_id)
);
create index topic_ratings_topic_idx on topic_ratings (topic_id);
