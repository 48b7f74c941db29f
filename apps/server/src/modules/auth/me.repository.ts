/** SQL of the /me pickers: the schools a staff member may open and a student's subjects. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * Schools with their boards (one row per school and board, or one with null board columns), by
 * name: of a chain, or of a list of ids (none when the list is empty).
 */
export async function findSchoolsWithBoards(db: Db, schools: { chainId: number } | { schoolIds: readonly number[] }) {
  let q = db
    .selectFrom('schools')
    .leftJoin('school_boards', 'school_boards.school_id', 'schools.id')
    .leftJoin('boards', 'boards.id', 'school_boards.board_id')
    .select([
      'schools.id',
      'schools.name',
      'schools.city',
      'schools.is_pace',
      'boards.id as board_id',
      'boards.name as board_name',
    ])
    .orderBy('schools.name')
    .orderBy('schools.id');
  q =
    'chainId' in schools
      ? q.where('schools.chain_id', '=', schools.chainId)
      : schools.schoolIds.length
        ? q.where('schools.id', 'in', schools.schoolIds)
        : q.where((eb) => eb.val(false));
  return q.execute();
}

/** Subjects with published chapters for a board and grade, with how many, by subject id. */
export async function findPublishedSubjects(db: Db, boardId: number, grade: number) {
  return db
    .selectFrom('chapters')
    .innerJoin('subjects', 'subjects.id', 'chapters.subject_id')
    .select((eb) => [
      'subjects.id',
      'subjects.slug',
      'subjects.names',
      'subjects.theme',
      eb.fn.countAll<number>().as('chapters'),
    ])
    .where('chapters.board_id', '=', boardId)
    .where('chapters.grade', '=', grade)
    .where('chapters.status', '=', 'published')
    .groupBy(['subjects.id', 'subjects.slug', 'subjects.names', 'subjects.theme'])
    .orderBy('subjects.id')
    .execute();
}

/** A user's language: null when they have not picked one, undefined when there is no such user. */
export async function findUserLanguage(db: Db, userId: number): Promise<string | null | undefined> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language;
}
