/** SQL of content submissions: what an editor sent for review, and the approver's decision. */
import type { Kysely } from 'kysely';
import type { ContentEntityType, DB } from '../../db/schema';

type Db = Kysely<DB>;

export const insertSubmission = (
  db: Db,
  v: {
    rootType: ContentEntityType;
    rootId: number;
    subjectId: number;
    boardId: number | null;
    grade: number | null;
    actor: number;
    now: Date;
  },
) =>
  db
    .insertInto('content_submissions')
    .values({
      root_type: v.rootType,
      root_id: v.rootId,
      subject_id: v.subjectId,
      board_id: v.boardId,
      grade: v.grade,
      status: 'in_review',
      submitted_by: v.actor,
      submitted_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
export const lockSubmission = (db: Db, id: number) =>
  db.selectFrom('content_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const closeSubmission = (
  db: Db,
  id: number,
  status: 'approved' | 'returned',
  actor: number,
  now: Date,
  comment: string | null,
) =>
  db
    .updateTable('content_submissions')
    .set({ status, reviewed_by: actor, reviewed_at: now, review_comment: comment })
    .where('id', '=', id)
    .execute();

function submissionQuery(db: Db) {
  return db
    .selectFrom('content_submissions as s')
    .innerJoin('subjects as subj', 'subj.id', 's.subject_id')
    .leftJoin('boards as b', 'b.id', 's.board_id')
    .innerJoin('users as u', 'u.id', 's.submitted_by')
    .leftJoin('users as r', 'r.id', 's.reviewed_by')
    .select([
      's.id',
      's.root_type',
      's.root_id',
      's.subject_id',
      's.board_id',
      's.grade',
      's.status',
      's.submitted_by',
      's.submitted_at',
      's.reviewed_by',
      's.reviewed_at',
      's.review_comment',
      'subj.names as subject_names',
      'b.name as board_name',
      'u.first_name as submitter_first',
      'u.last_name as submitter_last',
      'r.first_name as reviewer_first',
      'r.last_name as reviewer_last',
    ]);
}

/** Submissions in one status: the queue oldest first, decided ones newest first (at most 200). */
export function submissions(db: Db, status: 'in_review' | 'approved' | 'returned') {
  return submissionQuery(db)
    .where('s.status', '=', status)
    .orderBy('s.submitted_at', status === 'in_review' ? 'asc' : 'desc')
    .orderBy('s.id')
    .limit(200)
    .execute();
}

export const submissionById = (db: Db, id: number) => submissionQuery(db).where('s.id', '=', id).executeTakeFirst();

/** Items per kind in each submission. */
export async function submissionCounts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('content_revisions')
    .select((eb) => ['submission_id', 'entity_type', eb.fn.countAll<number>().as('n')])
    .where('submission_id', 'in', ids)
    .groupBy(['submission_id', 'entity_type'])
    .execute();
}

export async function userNames(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
}
