/** SQL of the subject summary (subject -> chapter -> topic), over the rollups of students in scope. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Language } from '@ki/domain';
import { nameIn } from '../../db/content-names';
import { executePrepared } from '../../db/prepared';
import type { DB, LanguageMap } from '../../db/schema';
import type { AnalyticsScope } from '../../policy/policy';
import { andInPairs } from './analytics.repository';

type Db = Kysely<DB>;

const inScope = (scope: AnalyticsScope): RawBuilder<boolean> =>
  sql<boolean>`e.school_id = any(${scope.schoolIds}) and ${scope.grades === null ? sql`true` : sql`e.grade = any(${scope.grades})`}${andInPairs(scope, sql`e.school_id`, sql`e.grade`)}`;

/** Published chapters of the subject for the grade, on the boards the scope's schools teach. */
export async function chaptersOf(db: Db, scope: AnalyticsScope, subjectId: number, grade: number, language: Language) {
  const { rows } = await sql<{ id: number; name: string }>`
    select c.id, ${nameIn('c.names', language)} as name
    from chapters c
    where c.subject_id = ${subjectId} and c.grade = ${grade} and c.status = 'published'
      and c.board_id in (select sb.board_id from school_boards sb where sb.school_id = any(${scope.schoolIds}))
    order by c.board_id, c.position`.execute(db);
  return rows;
}

export async function chapterOf(db: Db, chapterId: number, language: Language) {
  const { rows } = await sql<{
    subject_id: number;
    name: string;
  }>`select c.subject_id, ${nameIn('c.names', language)} as name from chapters c where c.id = ${chapterId}`.execute(db);
  return rows[0];
}

export async function topicsOf(db: Db, chapterId: number, language: Language) {
  const { rows } = await sql<{ id: number; name: string }>`
    select t.id, ${nameIn('t.names', language)} as name from topics t
    where t.chapter_id = ${chapterId} and t.status = 'published' order by t.position`.execute(db);
  return rows;
}

export async function subjectCounts(db: Db, scope: AnalyticsScope, subjectId: number) {
  const { rows } = await sql<{ attempted: number; chapter_completed: number; topic_completed: number }>`
    select count(*)::int as attempted,
           count(*) filter (where ss.chapters_completed > 0)::int as chapter_completed,
           count(*) filter (where ss.topics_completed > 0)::int as topic_completed
    from student_subject_stats ss
    join student_enrolments e on e.student_id = ss.student_id
    where ss.subject_id = ${subjectId} and ${inScope(scope)}`.execute(db);
  return rows[0]!;
}

/** Per chapter: students in scope who attempted it and who completed it. */
export async function chapterCounts(db: Db, scope: AnalyticsScope, chapterIds: readonly number[]) {
  if (chapterIds.length === 0) return [];
  const { rows } = await sql<{ chapter_id: number; attempted: number; completed: number }>`
    select cs.chapter_id, count(*)::int as attempted, count(*) filter (where cs.is_completed)::int as completed
    from student_chapter_stats cs
    join student_enrolments e on e.student_id = cs.student_id
    where cs.chapter_id = any(${chapterIds}) and ${inScope(scope)}
    group by cs.chapter_id`.execute(db);
  return rows;
}

export interface LevelRow {
  student_id: number;
  first_name: string;
  last_name: string;
  grade: number | null;
  school_id: number;
  school_name: string;
  knowledge_wealth: number | null;
  knowledge_efficiency: number | null;
  learning_efficiency: number;
  knowledge_currency: number | null;
  learning_currency: number;
  chapters_completed: number | null;
  time_spent: number;
  last_played_at: Date | null;
  last_chapter: string | null;
  last_topic: string | null;
}

export type Level =
  { kind: 'subject'; subjectId: number } | { kind: 'chapter'; chapterId: number } | { kind: 'topic'; topicId: number };

/** The students' figures at the level shown, from that level's rollup. */
function levelSource(level: Level): RawBuilder<unknown> {
  if (level.kind === 'subject') {
    return sql`(select ss.student_id, ss.total_score as knowledge_wealth, ss.knowledge_efficiency, ss.learning_efficiency,
                  ss.knowledge_currency, ss.learning_currency, ss.chapters_completed, ss.time_spent, ss.last_played_at,
                  ss.last_chapter_id, ss.last_topic_id
                from student_subject_stats ss where ss.subject_id = ${level.subjectId})`;
  }
  if (level.kind === 'chapter') {
    // A chapter's learning efficiency is the mean of its topics' (scoring-and-metrics.md).
    return sql`(select cs.student_id,
                  0.2 * coalesce(tl.le, 0) + 0.8 * coalesce(cs.knowledge_efficiency, 0) as knowledge_wealth,
                  coalesce(cs.knowledge_efficiency, 0) as knowledge_efficiency, coalesce(tl.le, 0) as learning_efficiency,
                  cs.knowledge_currency, cs.learning_currency, case when cs.is_completed then 1 else 0 end as chapters_completed,
                  cs.time_spent, cs.last_played_at, cs.chapter_id as last_chapter_id, cs.last_topic_id
                from student_chapter_stats cs
                left join lateral (select avg(ts.learning_efficiency) as le from student_topic_stats ts
                                   where ts.student_id = cs.student_id and ts.chapter_id = cs.chapter_id) tl on true
                where cs.chapter_id = ${level.chapterId})`;
  }
  return sql`(select ts.student_id, null::double precision as knowledge_wealth, null::double precision as knowledge_efficiency,
                ts.learning_efficiency, null::int as knowledge_currency, ts.learning_currency, null::int as chapters_completed,
                ts.time_spent, ts.last_played_at, ts.chapter_id as last_chapter_id, ts.topic_id as last_topic_id
              from student_topic_stats ts where ts.topic_id = ${level.topicId})`;
}

function searchFilter(search: string | undefined): RawBuilder<boolean> {
  if (!search) return sql<boolean>`true`;
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${`%${escaped}%`}`;
}

/**
 * The students of the level in scope, with their names. "offset 0" keeps the in-scope rows a
 * subquery of their own: left to itself the planner joined all 100,000 users to the scope's
 * enrolments before looking at the level's rows (a parallel scan of users, 15 ms, for a topic that
 * 77 students of the scope had played).
 */
const levelRows = (scope: AnalyticsScope, level: Level, search: string | undefined) => sql`
  select x.*, u.first_name, u.last_name
  from (select x.*, e.grade, e.school_id from ${levelSource(level)} x
        join student_enrolments e on e.student_id = x.student_id
        where ${inScope(scope)} offset 0) x
  join users u on u.id = x.student_id
  where ${searchFilter(search)}`;

/**
 * The listed columns of levelRows (alias x). School, chapter and topic names come from scalar
 * subqueries, not joins: fewer joins to order makes the planning several times cheaper (as for the
 * Students Report, analytics.repository.ts).
 */
const LEVEL_COLUMNS = (language: Language) => sql`
  x.student_id, x.first_name, x.last_name, x.grade, x.school_id, (select sch.name from schools sch where sch.id = x.school_id) as school_name,
  x.knowledge_wealth, x.knowledge_efficiency, x.learning_efficiency, x.knowledge_currency, x.learning_currency,
  x.chapters_completed, x.time_spent, x.last_played_at,
  (select ${nameIn('lc.names', language)} from chapters lc where lc.id = x.last_chapter_id) as last_chapter,
  (select ${nameIn('lt.names', language)} from topics lt where lt.id = x.last_topic_id) as last_topic`;
/** Best knowledge wealth (learning efficiency for a topic) first, then by name. */
const levelOrder = (alias: 'x' | 'p') =>
  sql`order by coalesce(${sql.ref(`${alias}.knowledge_wealth`)}, ${sql.ref(`${alias}.learning_efficiency`)}) desc, ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)}, ${sql.ref(`${alias}.student_id`)}`;

/**
 * One page of the level's students in scope and how many there are, in one statement (one round
 * trip): the level's rows are read once, counted, sorted, and only the page gets its labels. It is
 * planned with its values, not prepared (db/prepared.ts): the best plan depends on them. A small
 * scope starts from its enrolments and looks each student's row up in the level's rollup (7 ms for
 * a topic in two schools); the generic plan read the topic's rows of every school (34 ms).
 */
export async function levelStudentPage(
  db: Db,
  scope: AnalyticsScope,
  level: Level,
  search: string | undefined,
  page: { limit: number; offset: number },
  language: Language,
): Promise<{ total: number; rows: LevelRow[] }> {
  const { rows } = await sql<Partial<LevelRow> & { total_count: number }>`
      with lv as materialized (${levelRows(scope, level, search)}),
           total as (select count(*)::int as n from lv)
      select t.n as total_count, p.*
      from total t
      left join lateral (
        select ${LEVEL_COLUMNS(language)}
        from (select * from lv x ${levelOrder('x')} limit ${page.limit} offset ${page.offset}) x) p on true
      ${levelOrder('p')}`.execute(db);
  return {
    total: rows[0]?.total_count ?? 0,
    rows: rows.filter((r): r is LevelRow & { total_count: number } => r.student_id != null),
  };
}

export async function* streamLevelStudents(
  db: Db,
  scope: AnalyticsScope,
  level: Level,
  search: string | undefined,
  language: Language,
): AsyncIterable<LevelRow[]> {
  const compiled =
    sql<LevelRow>`select ${LEVEL_COLUMNS(language)} from (${levelRows(scope, level, search)}) x ${levelOrder('x')}`.compile(
      db,
    );
  for await (const chunk of db.getExecutor().stream(compiled, 1000)) yield chunk.rows;
}

export interface ChapterReportRow {
  student_id: number;
  first_name: string;
  last_name: string;
  grade: number | null;
  school_id: number;
  school_name: string;
  topics_completed: number;
  knowledge_efficiency: number;
  learning_efficiency: number;
  knowledge_currency: number;
  learning_currency: number;
  time_spent: number;
  last_played_at: Date | null;
}

/**
 * Students of the subject in scope behind one figure of the chapter's completion card, with their
 * figures in the chapter (0 for a chapter not attempted): the same sets subjectCounts and
 * chapterCounts count, best knowledge wealth in the chapter first.
 */
export async function* streamChapterReport(
  db: Db,
  scope: AnalyticsScope,
  subjectId: number,
  chapterId: number,
  card: 'notAttempted' | 'completed' | 'onlyTopics',
): AsyncIterable<ChapterReportRow[]> {
  const which =
    card === 'notAttempted'
      ? sql`cs.student_id is null`
      : card === 'completed'
        ? sql`cs.is_completed`
        : sql`cs.student_id is not null and not cs.is_completed`;
  const compiled = sql<ChapterReportRow>`
    select ss.student_id, u.first_name, u.last_name, e.grade, e.school_id, sch.name as school_name,
           coalesce(cs.topics_completed, 0) as topics_completed, coalesce(cs.knowledge_efficiency, 0) as knowledge_efficiency,
           coalesce(tl.le, 0) as learning_efficiency, coalesce(cs.knowledge_currency, 0) as knowledge_currency,
           coalesce(cs.learning_currency, 0) as learning_currency, coalesce(cs.time_spent, 0) as time_spent, cs.last_played_at
    from student_subject_stats ss
    join student_enrolments e on e.student_id = ss.student_id
    join users u on u.id = ss.student_id
    join schools sch on sch.id = e.school_id
    left join student_chapter_stats cs on cs.student_id = ss.student_id and cs.chapter_id = ${chapterId}
    left join lateral (select avg(ts.learning_efficiency) as le from student_topic_stats ts
                       where ts.student_id = cs.student_id and ts.chapter_id = cs.chapter_id) tl on true
    where ss.subject_id = ${subjectId} and ${inScope(scope)} and ${which}
    order by 0.2 * coalesce(tl.le, 0) + 0.8 * coalesce(cs.knowledge_efficiency, 0) desc, u.first_name, u.last_name, ss.student_id`.compile(
    db,
  );
  for await (const chunk of db.getExecutor().stream(compiled, 1000)) yield chunk.rows;
}

/**
 * The subject, and whether the chapter and topic asked for (if any) belong to it: a chapter of the
 * subject, a topic of that chapter, and no topic without its chapter. One round trip, prepared
 * (db/prepared.ts): three primary-key lookups, the same plan for any ids.
 */
export async function subjectDrill(db: Db, subjectId: number, chapterId?: number, topicId?: number) {
  const chapter = chapterId ?? null;
  const topic = topicId ?? null;
  const { rows } = await executePrepared(
    db,
    sql<{ id: number; slug: string; names: LanguageMap; drill_ok: boolean }>`
    select s.id, s.slug, s.names,
           case when ${chapter}::int is null then ${topic}::int is null
                else exists (select 1 from chapters c where c.id = ${chapter}::int and c.subject_id = s.id)
                     and (${topic}::int is null or exists (select 1 from topics t where t.id = ${topic}::int and t.chapter_id = ${chapter}::int))
           end as drill_ok
    from subjects s where s.id = ${subjectId}`,
  );
  const row = rows[0];
  return row ? { subject: { id: row.id, slug: row.slug, names: row.names }, drillOk: row.drill_ok } : undefined;
}
