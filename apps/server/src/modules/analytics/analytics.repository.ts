/**
 * Analytics SQL over the rollup tables: one query per screen element, never a scan of raw
 * learning records. Scores are compared "as displayed" by rounding numeric half away from zero
 * (PostgreSQL round() on double precision rounds half to even).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Language } from '@ki/domain';
import { nameIn } from '../../db/content-names';
import { executePrepared } from '../../db/prepared';
import type { DB } from '../../db/schema';
import type { AnalyticsScope } from '../../policy/policy';

type Db = Kysely<DB>;

/**
 * `and` the (school, grade) pairs of a teacher's scope whose assignments differ by school
 * (scope.pairs), on the given columns; nothing for every other scope, whose school and grade
 * filters say it all, so their SQL (and prepared statements) stay as they were. It comes on top of
 * those filters, so the indexes by school and grade still find the rows.
 */
export function andInPairs(
  scope: AnalyticsScope,
  school: RawBuilder<unknown>,
  grade: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (scope.pairs === null) return sql``;
  const schools = scope.pairs.map((p) => p.schoolId);
  const grades = scope.pairs.map((p) => p.grade);
  return sql` and (${school}, ${grade}) in (select * from unnest(${schools}::int[], ${grades}::int[]))`;
}

/** The grades of a scope on an enrolment (alias e = student_enrolments), pair by pair for a teacher. */
const inGrades = (scope: AnalyticsScope): RawBuilder<boolean> =>
  scope.grades === null
    ? sql<boolean>`true`
    : sql<boolean>`e.grade = any(${scope.grades})${andInPairs(scope, sql`e.school_id`, sql`e.grade`)}`;

/** Enrolment filter of a scope (alias e = student_enrolments). */
function inScope(scope: AnalyticsScope): RawBuilder<boolean> {
  return sql<boolean>`e.school_id = any(${scope.schoolIds}) and ${inGrades(scope)}`;
}

/**
 * The rollup row of an enrolled student, fetched through its school (the school index of
 * student_stats) instead of scanning every student of the chain.
 */
function statsJoin(scope: AnalyticsScope): RawBuilder<unknown> {
  return sql`left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any(${scope.schoolIds})`;
}

/** The displayed (rounded) total score of a student_stats row s, 0 for students who never played. */
const displayedScore = sql`round(coalesce(s.total_score, 0)::numeric)`;
/** Band 0..9 of the displayed score: 0-9 ... 80-89, and 90-100 together. */
const band = sql`least(floor(${displayedScore} / 10), 9)::int`;

export async function schoolsOf(db: Db, schoolIds: readonly number[]) {
  return db
    .selectFrom('schools')
    .select(['id', 'name', 'is_pace', 'time_zone'])
    .where('id', 'in', schoolIds)
    .orderBy('name')
    .execute();
}

/** The time zone of each school (migration 0018). */
export async function schoolTimeZones(db: Db, schoolIds: readonly number[]) {
  return db.selectFrom('schools').select(['id', 'time_zone']).where('id', 'in', schoolIds).execute();
}

/**
 * Registered, active and average score of active students, per grade, from the per school and grade
 * rollups (migration 0008, kept by triggers): registered from school_grade_enrolments; active and the
 * score sum from school_grade_activity_days for the days after the window's first day, plus the
 * students whose last activity falls on that first day at or after `since` (an index range of
 * student_stats). The student_stats school and grade are the enrolment's (a transfer is followed by
 * a Reindex). The days are UTC days whatever the schools' time zones: the window is a rolling 30 x 24
 * hours, and the days only partition it (docs/DECISIONS.md, issue #29).
 */
export async function gradeActivity(db: Db, scope: AnalyticsScope, since: Date) {
  const firstDay = since.toISOString().slice(0, 10);
  const nextDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 86_400_000);
  const grades = (column: RawBuilder<unknown>, school: RawBuilder<unknown>) =>
    scope.grades === null ? sql`true` : sql`${column} = any(${scope.grades})${andInPairs(scope, school, column)}`;
  const [registered, active] = await Promise.all([
    sql<{ grade: number; registered: number }>`
      select r.grade, sum(r.students)::int as registered from school_grade_enrolments r
      where r.school_id = any(${scope.schoolIds}) and ${grades(sql`r.grade`, sql`r.school_id`)}
      group by r.grade`.execute(db),
    sql<{ grade: number; active: number; score_sum: string }>`
      select x.grade, sum(x.students)::int as active, sum(x.score_sum)::text as score_sum from (
        select a.grade, a.students, a.score_sum from school_grade_activity_days a
        where a.school_id = any(${scope.schoolIds}) and ${grades(sql`a.grade`, sql`a.school_id`)} and a.day > ${firstDay}::date
        union all
        select s.grade, 1, s.total_score::numeric from student_stats s
        where s.school_id = any(${scope.schoolIds}) and ${grades(sql`s.grade`, sql`s.school_id`)} and s.last_activity_at >= ${since} and s.last_activity_at < ${nextDay}
      ) x group by x.grade`.execute(db),
  ]);
  const byGrade = new Map(active.rows.map((r) => [r.grade, r]));
  return registered.rows
    .map((r) => {
      const a = r.grade === 0 ? undefined : byGrade.get(r.grade);
      return {
        grade: r.grade === 0 ? null : r.grade,
        registered: r.registered,
        active: a?.active ?? 0,
        average_score: a && a.active > 0 ? Number(a.score_sum) / a.active : null,
      };
    })
    .sort((a, b) => (a.grade ?? 99) - (b.grade ?? 99));
}

/** Students of one grade per score band (students who never played are in band 0). */
export async function scoreDistribution(db: Db, scope: AnalyticsScope) {
  const { rows } = await sql<{ band: number; students: number }>`
    select ${band} as band, count(*)::int as students
    from student_enrolments e
    ${statsJoin(scope)}
    where ${inScope(scope)}
    group by 1`.execute(db);
  return rows;
}

/** Subjects played in the scope, with how many students played each. */
export async function subjectsPlayed(db: Db, scope: AnalyticsScope) {
  const grades =
    scope.grades === null
      ? sql`true`
      : sql`ss.grade = any(${scope.grades})${andInPairs(scope, sql`ss.school_id`, sql`ss.grade`)}`;
  const subject = scope.subjectId === null ? sql`true` : sql`ss.subject_id = ${scope.subjectId}`;
  const { rows } = await sql<{ subject_id: number; slug: string; names: Record<string, string>; students: number }>`
    select ss.subject_id, sub.slug, sub.names, count(*)::int as students
    from student_subject_stats ss
    join subjects sub on sub.id = ss.subject_id
    where ss.school_id = any(${scope.schoolIds}) and ${grades} and ${subject}
    group by ss.subject_id, sub.slug, sub.names
    order by sub.slug`.execute(db);
  return rows;
}

export interface StudentFilter {
  category: 'registered' | 'active' | 'inactive' | 'band';
  band?: number | undefined;
  search?: string | undefined;
  since: Date;
}

function studentFilter(f: StudentFilter): RawBuilder<boolean> {
  const parts = [sql`true`];
  if (f.category === 'active') parts.push(sql`s.last_activity_at >= ${f.since}`);
  if (f.category === 'inactive') parts.push(sql`(s.last_activity_at is null or s.last_activity_at < ${f.since})`);
  if (f.category === 'band') parts.push(sql`${band} = ${f.band ?? 0}`);
  if (f.search) {
    // The search text is a literal, never a pattern: % and _ typed by a user match themselves.
    // The enrolment's copy of the student's name and its index by school and trigram answer it
    // (migration 0011).
    const escaped = f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`e.search_name like ${`%${escaped}%`}`);
  }
  return sql.join(parts, sql` and `) as RawBuilder<boolean>;
}

/** Whether pg_trgm can take a trigram from the text: a run of three letters or digits. */
export const hasTrigram = (text: string): boolean => /[\p{L}\p{N}]{3}/u.test(text);

/** A listed student's enrolment and rollup figures (aliases e and s). */
const STUDENT_COLUMNS = sql`
  e.student_id, e.grade, e.section, e.school_id, e.board_id, s.total_score, s.knowledge_efficiency, s.learning_efficiency,
  s.knowledge_currency, s.learning_currency, s.chapters_completed, s.time_spent, s.last_activity_at, s.last_chapter_id, s.last_topic_id`;

/** Students of the scope that pass the filter, with their rollup row (no names yet). */
const matching = (scope: AnalyticsScope, filter: StudentFilter) => sql`
  select ${STUDENT_COLUMNS}
  from student_enrolments e
  ${statsJoin(scope)}
  where ${inScope(scope)} and ${studentFilter(filter)}`;

/** Highest score first, then by id: the order of the Students Report and its CSV. */
const STUDENT_ORDER = sql`order by coalesce(m.total_score, 0) desc, m.student_id`;

/**
 * Above this many candidate rows (schools x (offset + page size)) a page is sorted from the whole
 * scope instead of walked school by school: deep pages of a large chain.
 */
const WALK_MAX_CANDIDATES = 10_000;

/**
 * One page of the scope's students in report order without sorting the whole scope (no name
 * search). The global first `offset + limit` students are among each school's first
 * `offset + limit`, so each school's best are walked on its report-order index and the few
 * candidates sorted. A student whose rollup row belongs to another school (moved, not yet
 * reindexed) or who never scored sorts with score 0 after every scored student; those are read
 * only when the scored candidates cannot fill the page. The enrolment is checked in a scalar
 * subquery, row by row as the index is walked, so the planner cannot turn the walk into a join of
 * every student. Same rows and order as sorting `matching` (student-page.int.test.ts checks both).
 */
const walkedPage = (scope: AnalyticsScope, filter: StudentFilter, page: { limit: number; offset: number }) => {
  const take = page.offset + page.limit;
  return sql`
    with scored as (
      select w.student_id, w.school_id, w.score
      from unnest(${scope.schoolIds}::int[]) as sc(id)
      cross join lateral (
        select s.student_id, s.school_id, s.total_score as score
        from student_stats s
        where s.school_id = sc.id and s.total_score > 0 and ${studentFilter(filter)}
          and (select true from student_enrolments e where e.student_id = s.student_id and e.school_id = s.school_id and ${inGrades(scope)})
        order by s.total_score desc, s.student_id
        limit ${take}) w),
    unscored as (
      select w.student_id, w.school_id, 0::float8 as score
      from unnest(${scope.schoolIds}::int[]) as sc(id)
      cross join lateral (
        select e.student_id, e.school_id
        from student_enrolments e
        left join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id
        where e.school_id = sc.id and ${inGrades(scope)} and ${studentFilter(filter)} and coalesce(s.total_score, 0) <= 0
        order by e.student_id
        limit ${take}) w
      where (select count(*) from scored) < ${take}),
    k as (
      select * from (select * from scored union all select * from unscored) c
      order by c.score desc, c.student_id
      limit ${page.limit} offset ${page.offset})
    select ${STUDENT_COLUMNS}
    from k
    join student_enrolments e on e.student_id = k.student_id and e.school_id = k.school_id
    left join student_stats s on s.student_id = k.student_id and s.school_id = k.school_id`;
};

/**
 * Names and labels added to a set of students. For a page (an already ordered, already limited set)
 * school, board, chapter and topic come from scalar subqueries rather than joins: with only the
 * users join left, PostgreSQL plans the statement in a fraction of the time (planning was a third
 * of a page's cost). For a download of every student the joins are the cheaper way by far: four
 * subqueries per row of 100,000 took 0.8 s of the 1.2 s the CSV's statement ran, joins 0.3 s.
 */
const withNames = (source: RawBuilder<unknown>, language: Language, labels: 'per row' | 'joined') => {
  const [schoolName, boardName, lastChapter, lastTopic, joins] =
    labels === 'per row'
      ? [
          sql`(select sch.name from schools sch where sch.id = m.school_id)`,
          sql`(select b.name from boards b where b.id = m.board_id)`,
          sql`(select ${nameIn('lc.names', language)} from chapters lc where lc.id = m.last_chapter_id)`,
          sql`(select ${nameIn('lt.names', language)} from topics lt where lt.id = m.last_topic_id)`,
          sql``,
        ]
      : [
          sql`sch.name`,
          sql`b.name`,
          nameIn('lc.names', language),
          nameIn('lt.names', language),
          sql`join schools sch on sch.id = m.school_id
              left join boards b on b.id = m.board_id
              left join chapters lc on lc.id = m.last_chapter_id
              left join topics lt on lt.id = m.last_topic_id`,
        ];
  return sql`
  select m.student_id, u.first_name, u.last_name, u.email, m.grade, m.section, m.school_id,
         ${schoolName} as school_name, ${boardName} as board_name,
         coalesce(m.total_score, 0) as total_score, coalesce(m.knowledge_efficiency, 0) as knowledge_efficiency,
         coalesce(m.learning_efficiency, 0) as learning_efficiency, coalesce(m.knowledge_currency, 0) as knowledge_currency,
         coalesce(m.learning_currency, 0) as learning_currency, coalesce(m.chapters_completed, 0) as chapters_completed,
         coalesce(m.time_spent, 0) as time_spent, m.last_activity_at,
         ${lastChapter} as last_chapter, ${lastTopic} as last_topic
  from (${source}) m
  join users u on u.id = m.student_id
  ${joins}
  ${STUDENT_ORDER}`;
};

export interface StudentDbRow {
  student_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  grade: number | null;
  section: string;
  school_id: number;
  school_name: string;
  board_name: string | null;
  total_score: number;
  knowledge_efficiency: number;
  learning_efficiency: number;
  knowledge_currency: number;
  learning_currency: number;
  chapters_completed: number;
  time_spent: number;
  last_activity_at: Date | null;
  last_chapter: string | null;
  last_topic: string | null;
}

/**
 * One page of the matching students (highest score first) and how many match in all, in one
 * statement (one round trip). With a name search the matching set is computed once and both read
 * it, so the trigram match runs once, and the page is sorted from it. Without one, the count of
 * registered students never touches the score rows and the page is walked school by school
 * (walkedPage). A page past the end still gives the total.
 */
export async function studentPage(
  db: Db,
  scope: AnalyticsScope,
  filter: StudentFilter,
  page: { limit: number; offset: number },
  language: Language,
): Promise<{ total: number; rows: StudentDbRow[] }> {
  const walk = !filter.search && scope.schoolIds.length * (page.offset + page.limit) <= WALK_MAX_CANDIDATES;
  const source = walk
    ? walkedPage(scope, filter, page)
    : sql`select * from m ${STUDENT_ORDER} limit ${page.limit} offset ${page.offset}`;
  const query = sql<Partial<StudentDbRow> & { total_count: number }>`
    with m as ${filter.search ? sql`materialized` : sql`not materialized`} (${matching(scope, filter)}),
         total as (select count(*)::int as n from m)
    select t.n as total_count, p.*
    from total t
    left join lateral (${withNames(source, language, 'per row')}) p on true
    order by p.total_score desc, p.student_id`;
  // The walk's plan is the same for every scope and page (index walks per school): planned once
  // per connection, it costs a fraction (db/prepared.ts). So is a search's when the text has a
  // trigram: the index of enrolments by school and name trigram finds the scope's matches. A text
  // of one or two letters has no trigram for the index (read whole, it took 31 ms for two schools),
  // and its best plan depends on the scope's size, so it is planned with its values.
  const prepared = walk || (filter.search !== undefined && hasTrigram(filter.search));
  const { rows } = prepared ? await executePrepared(db, query) : await query.execute(db);
  return {
    total: rows[0]?.total_count ?? 0,
    rows: rows.filter((r): r is StudentDbRow & { total_count: number } => r.student_id != null),
  };
}

/**
 * Every matching student, streamed from a database cursor (PostgreSQL) in chunks so memory stays
 * flat: the CSV is the same query as the screen, without paging.
 */
export async function* streamStudents(
  db: Db,
  scope: AnalyticsScope,
  filter: StudentFilter,
  language: Language,
): AsyncIterable<StudentDbRow[]> {
  const compiled = sql<StudentDbRow>`${withNames(matching(scope, filter), language, 'joined')}`.compile(db);
  for await (const chunk of db.getExecutor().stream(compiled, 5000)) yield chunk.rows;
}

/** Per school and grade: registered, at 90-100, below 50 and inactive students (insights). */
export async function gradeBands(db: Db, scope: AnalyticsScope, since: Date) {
  const { rows } = await sql<{
    school_id: number;
    school_name: string;
    grade: number;
    registered: number;
    top: number;
    below: number;
    inactive: number;
  }>`
    select e.school_id, sch.name as school_name, e.grade,
           count(*)::int as registered,
           count(*) filter (where ${displayedScore} >= 90)::int as top,
           count(*) filter (where ${displayedScore} < 50)::int as below,
           count(*) filter (where s.last_activity_at is null or s.last_activity_at < ${since})::int as inactive
    from student_enrolments e
    join schools sch on sch.id = e.school_id
    ${statsJoin(scope)}
    where ${inScope(scope)} and e.grade is not null
    group by e.school_id, sch.name, e.grade
    order by e.grade, sch.name`.execute(db);
  return rows;
}

/** The 3 highest total scores per grade (ties as on the leaderboard). */
export async function toppers(db: Db, scope: AnalyticsScope) {
  const { rows } = await sql<{
    grade: number;
    student_id: number;
    first_name: string;
    last_name: string;
    total_score: number;
    school_id: number;
    school_name: string;
  }>`
    with ranked as (
      select e.grade, e.student_id, s.total_score, e.school_id,
             row_number() over (partition by e.grade order by s.total_score desc, s.learning_currency desc, s.last_activity_at, e.student_id) as place
      from student_enrolments e
      join student_stats s on s.student_id = e.student_id and s.school_id = e.school_id and s.school_id = any(${scope.schoolIds})
      where ${inScope(scope)} and e.grade is not null and s.total_score > 0
    )
    select r.grade, r.student_id, u.first_name, u.last_name, r.total_score, r.school_id, sch.name as school_name
    from ranked r join users u on u.id = r.student_id join schools sch on sch.id = r.school_id
    where r.place <= 3
    order by r.grade, r.place`.execute(db);
  return rows;
}
