/**
 * SQL of the classes a caller may write quizzes for, assign them to and report on (GET
 * /assessments/classes): each (school, board, grade) the school teaches, its sections with students
 * enrolled, and the subjects with published chapters for the board and grade. Typed rows, no rules.
 */
import { sql, type Kysely } from 'kysely';
import type { Language } from '@ki/domain';
import type { DB } from '../../db/schema';

export interface ClassRow {
  school_id: number;
  school_name: string;
  time_zone: string;
  board_id: number;
  board_name: string;
  grade: number;
  sections: string[];
}

export interface ClassSubjectRow {
  board_id: number;
  grade: number;
  subject_id: number;
  name: string;
}

/**
 * The grades each school teaches per board (school_boards), narrowed to `grades` per school when
 * given (a teacher's assignments), with the sections of the grade's enrolled students.
 */
export async function classesOf(
  db: Kysely<DB>,
  schoolIds: readonly number[],
  grades: ReadonlyMap<number, readonly number[]> | null,
): Promise<ClassRow[]> {
  if (schoolIds.length === 0) return [];
  const result = await sql<ClassRow>`
    with offered as (
      select s.id as school_id, s.name as school_name, s.time_zone, sb.board_id, b.name as board_name, g.grade::int as grade
      from schools s
      join school_boards sb on sb.school_id = s.id
      join boards b on b.id = sb.board_id
      cross join lateral unnest(sb.grades) as g(grade)
      where s.id in (${sql.join(schoolIds)})
    )
    select o.school_id, o.school_name, o.time_zone, o.board_id, o.board_name, o.grade,
      coalesce((
        select array_agg(distinct e.section order by e.section)
        from student_enrolments e
        where e.school_id = o.school_id and e.grade = o.grade
      ), array[]::text[]) as sections
    from offered o
    order by o.school_name, o.school_id, o.board_name, o.grade`.execute(db);
  return grades === null ? result.rows : result.rows.filter((r) => grades.get(r.school_id)?.includes(r.grade) ?? false);
}

/** Subjects with published chapters for these boards and grades, named in the language (English where untranslated). */
export async function subjectsOf(
  db: Kysely<DB>,
  pairs: readonly { boardId: number; grade: number }[],
  language: Language,
): Promise<ClassSubjectRow[]> {
  if (pairs.length === 0) return [];
  const wanted = sql.join(pairs.map((p) => sql`(${p.boardId}::int, ${p.grade}::int)`));
  const result = await sql<ClassSubjectRow>`
    select distinct c.board_id, c.grade::int as grade, s.id as subject_id, coalesce(s.names->>${language}, s.names->>'en') as name
    from chapters c
    join subjects s on s.id = c.subject_id
    where c.status = 'published' and (c.board_id, c.grade) in (${wanted})
    order by name`.execute(db);
  return result.rows;
}
