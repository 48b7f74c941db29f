/** SQL of the live challenge: the game's lasting row, the player's name and picture, the quiz a teacher hosts. */
import type { Kysely } from 'kysely';
import type { GameEndReason } from '@ki/contracts';
import type { Language } from '@ki/domain';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export async function findPlayerFace(
  db: Db,
  userId: number,
): Promise<{ firstName: string; lastName: string; avatar: string; language: Language }> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'avatar', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    avatar: row.avatar ?? 'owl',
    language: row.language ?? 'en',
  };
}

/** A subject's name in the language, English when it has none there. */
export async function subjectName(db: Db, subjectId: number, language: Language): Promise<string> {
  const row = await db.selectFrom('subjects').select('names').where('id', '=', subjectId).executeTakeFirst();
  const names = (row?.names ?? {}) as Partial<Record<Language, string>>;
  return names[language] ?? names.en ?? '';
}

/** What hosting a quiz depends on, with its name. */
export async function findQuizForGame(db: Db, assessmentId: number) {
  return db
    .selectFrom('assessments as a')
    .innerJoin('schools as s', 's.id', 'a.school_id')
    .select([
      'a.id',
      'a.school_id',
      's.chain_id',
      'a.board_id',
      'a.grade',
      'a.subject_id',
      'a.created_by',
      'a.kind',
      'a.status',
      'a.deleted_at',
      'a.name',
    ])
    .where('a.id', '=', assessmentId)
    .executeTakeFirst();
}

export async function insertGame(
  db: Db,
  g: {
    id: string;
    code: string;
    hostUserId: number;
    schoolId: number;
    boardId: number;
    grade: number;
    subjectId: number;
    assessmentId: number | null;
    questionCount: number;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('challenge_games')
    .values({
      id: g.id,
      code: g.code,
      host_user_id: g.hostUserId,
      school_id: g.schoolId,
      board_id: g.boardId,
      grade: g.grade,
      subject_id: g.subjectId,
      assessment_id: g.assessmentId,
      question_count: g.questionCount,
      created_at: g.createdAt,
    })
    .execute();
}

export async function markGameEnded(
  db: Db,
  id: string,
  v: { startedAt: Date | null; endedAt: Date; reason: GameEndReason },
): Promise<void> {
  await db
    .updateTable('challenge_games')
    .set({ started_at: v.startedAt, ended_at: v.endedAt, end_reason: v.reason })
    .where('id', '=', id)
    .execute();
}
