/** Leaderboard SQL: ranks from the student_stats rank index, never a sort of raw records. */
import { sql, type Kysely } from 'kysely';
import type { AvatarName, LeaderboardMode } from '@ki/contracts';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;
export interface ClassKey {
  schoolId: number;
  boardId: number;
  grade: number;
}

/** The class's best students, in leaderboard order (score, then learning currency, then earlier). */
export async function topOfClass(db: Db, c: ClassKey, limit: number, offset: number) {
  const { rows } = await sql<{
    student_id: number;
    first_name: string;
    last_name: string;
    avatar: AvatarName;
    total_score: number;
  }>`
    select s.student_id, u.first_name, u.last_name, u.avatar, s.total_score
    from student_stats s join users u on u.id = s.student_id
    where s.school_id = ${c.schoolId} and s.board_id = ${c.boardId} and s.grade = ${c.grade} and s.total_score > 0
    order by s.total_score desc, s.learning_currency desc, s.last_activity_at, s.student_id
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

export async function rankedCount(db: Db, c: ClassKey): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from student_stats s
    where s.school_id = ${c.schoolId} and s.board_id = ${c.boardId} and s.grade = ${c.grade} and s.total_score > 0`.execute(
    db,
  );
  return rows[0]!.n;
}

/** A student's place: 1 + classmates ahead of them in leaderboard order; 0 without a score. */
export async function rankOf(db: Db, c: ClassKey, studentId: number): Promise<{ rank: number; score: number }> {
  const { rows } = await sql<{ rank: number; score: number }>`
    with me as (
      select total_score, learning_currency, last_activity_at from student_stats where student_id = ${studentId}
    )
    select case when me.total_score > 0 then (
             select count(*)::int + 1 from student_stats s
             where s.school_id = ${c.schoolId} and s.board_id = ${c.boardId} and s.grade = ${c.grade} and s.total_score > 0
               and (s.total_score > me.total_score
                    or (s.total_score = me.total_score and s.learning_currency > me.learning_currency)
                    or (s.total_score = me.total_score and s.learning_currency = me.learning_currency and s.last_activity_at < me.last_activity_at)
                    or (s.total_score = me.total_score and s.learning_currency = me.learning_currency and s.last_activity_at = me.last_activity_at and s.student_id < ${studentId})))
           else 0 end as rank,
           me.total_score as score
    from me`.execute(db);
  return rows[0] ?? { rank: 0, score: 0 };
}

export async function classInfo(db: Db, studentId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('student_enrolments as e', 'e.student_id', 'u.id')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .leftJoin('boards as b', 'b.id', 'e.board_id')
    .leftJoin('grade_leaderboard_settings as g', (join) =>
      join.onRef('g.school_id', '=', 'e.school_id').onRef('g.grade', '=', 'e.grade'),
    )
    .select([
      'u.first_name',
      'u.avatar',
      'e.school_id',
      'e.board_id',
      'e.grade',
      'b.name as board_name',
      's.leaderboard_mode',
      'g.mode as grade_mode',
    ])
    .where('u.id', '=', studentId)
    .executeTakeFirst();
}

export async function setMode(db: Db, schoolId: number, mode: LeaderboardMode): Promise<void> {
  await db.updateTable('schools').set({ leaderboard_mode: mode }).where('id', '=', schoolId).execute();
}

/** The school's setting, each grade it teaches, and the grades' own settings. */
export async function settings(db: Db, schoolId: number) {
  const school = await db
    .selectFrom('schools')
    .select('leaderboard_mode')
    .where('id', '=', schoolId)
    .executeTakeFirst();
  if (!school) return undefined;
  const { rows } = await sql<{ grade: number; mode: LeaderboardMode | null }>`
    with taught as (select distinct unnest(grades) as grade from school_boards where school_id = ${schoolId})
    select t.grade::int as grade, g.mode
    from taught t left join grade_leaderboard_settings g on g.school_id = ${schoolId} and g.grade = t.grade
    order by t.grade`.execute(db);
  return { mode: school.leaderboard_mode, grades: rows };
}

/** A grade's own setting, or none (null) so the school's applies. */
export async function setGradeMode(
  db: Db,
  schoolId: number,
  grade: number,
  mode: LeaderboardMode | null,
): Promise<void> {
  if (mode === null) {
    await db
      .deleteFrom('grade_leaderboard_settings')
      .where('school_id', '=', schoolId)
      .where('grade', '=', grade)
      .execute();
    return;
  }
  await db
    .insertInto('grade_leaderboard_settings')
    .values({ school_id: schoolId, grade, mode })
    .onConflict((oc) => oc.columns(['school_id', 'grade']).doUpdateSet({ mode }))
    .execute();
}
