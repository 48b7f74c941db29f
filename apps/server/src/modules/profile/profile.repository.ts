/** SQL of the profile page: the user, their enrolment and parents, and their own rollups and records. */
import type { Language } from '@ki/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export const user = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'role', 'first_name', 'last_name', 'mobile', 'email', 'language'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const enrolment = (db: Db, studentId: number) =>
  db
    .selectFrom('student_enrolments as e')
    .innerJoin('schools as s', 's.id', 'e.school_id')
    .leftJoin('boards as b', 'b.id', 'e.board_id')
    .select(['s.name as school_name', 'b.name as board_name', 'e.grade', 'e.section', 's.time_zone'])
    .where('e.student_id', '=', studentId)
    .executeTakeFirst();

export const parents = (db: Db, studentId: number) =>
  db
    .selectFrom('parent_links as l')
    .innerJoin('users as u', 'u.id', 'l.parent_id')
    .select(['u.first_name', 'u.last_name', 'u.mobile'])
    .where('l.student_id', '=', studentId)
    .orderBy('l.created_at')
    .orderBy('u.id')
    .execute();

/** The student's overall rollup row (none until they have played). */
export const studentStats = (db: Db, studentId: number) =>
  db
    .selectFrom('student_stats')
    .select(['topics_completed', 'chapters_completed', 'time_spent'])
    .where('student_id', '=', studentId)
    .executeTakeFirst();

export const subjectStats = (db: Db, studentId: number) =>
  db
    .selectFrom('student_subject_stats as ss')
    .innerJoin('subjects as s', 's.id', 'ss.subject_id')
    .select(['s.id', 's.names', 'ss.topics_completed', 'ss.chapters_completed', 'ss.time_spent'])
    .where('ss.student_id', '=', studentId)
    .orderBy('s.id')
    .execute();

/**
 * The student's newest practice records (quizzes, tests, challenges). Reads only this student's
 * records through the (student_id, finished_at) index, newest first, stopping at `limit`.
 */
export const practiceRecords = (db: Db, studentId: number, limit: number) =>
  db
    .selectFrom('learning_records as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .select([
      'r.id',
      'r.kind',
      's.names as subject_names',
      'r.finished_at',
      'r.question_count',
      'r.answered_count',
      'r.correct_count',
      'r.duration_seconds',
    ])
    .where('r.student_id', '=', studentId)
    .where('r.kind', 'in', ['quiz', 'test', 'challenge'])
    .orderBy('r.finished_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();

export const updateUser = (
  db: Db,
  id: number,
  set: { first_name: string; last_name: string; email: string | null; language: Language },
) => db.updateTable('users').set(set).where('id', '=', id).execute();
