/** SQL of content revisions: an item's proposed state, from draft through review to approval. */
import type { Kysely } from 'kysely';
import type { ContentEntityType, DB, RevisionStatus } from '../../db/schema';

type Db = Kysely<DB>;
export const OPEN_REVISION: RevisionStatus[] = ['draft', 'in_review', 'returned'];

export interface RevisionRow {
  id: number;
  entity_type: ContentEntityType;
  entity_id: number;
  subject_id: number;
  chapter_id: number | null;
  topic_id: number | null;
  action: 'create' | 'update';
  proposed: Record<string, unknown>;
  previous: Record<string, unknown> | null;
  status: RevisionStatus;
  submission_id: number | null;
  created_by: number;
  created_at: Date;
  edited_by: number;
  edited_at: Date;
  submitted_by: number | null;
  submitted_at: Date | null;
  approved_by: number | null;
  approved_at: Date | null;
  returned_by: number | null;
  returned_at: Date | null;
  return_comment: string | null;
}

/** Open revisions (not yet approved) of items, by type and id. */
export async function openRevisions(db: Db, type: ContentEntityType, ids: readonly number[]): Promise<RevisionRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('entity_type', '=', type)
    .where('entity_id', 'in', ids)
    .where('status', 'in', OPEN_REVISION)
    .execute()) as RevisionRow[];
}

/** The open revision of one item, locked for the rest of the transaction. */
export async function lockOpenRevision(db: Db, type: ContentEntityType, id: number): Promise<RevisionRow | undefined> {
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('entity_type', '=', type)
    .where('entity_id', '=', id)
    .where('status', 'in', OPEN_REVISION)
    .forUpdate()
    .executeTakeFirst()) as RevisionRow | undefined;
}
export const insertRevision = (
  db: Db,
  v: {
    entityType: ContentEntityType;
    entityId: number;
    subjectId: number;
    chapterId: number | null;
    topicId: number | null;
    action: 'create' | 'update';
    proposed: Record<string, unknown>;
    actor: number;
    now: Date;
  },
) =>
  db
    .insertInto('content_revisions')
    .values({
      entity_type: v.entityType,
      entity_id: v.entityId,
      subject_id: v.subjectId,
      chapter_id: v.chapterId,
      topic_id: v.topicId,
      action: v.action,
      proposed: JSON.stringify(v.proposed),
      status: 'draft',
      created_by: v.actor,
      created_at: v.now,
      edited_by: v.actor,
      edited_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const updateRevisionDraft = (db: Db, id: number, proposed: Record<string, unknown>, actor: number, now: Date) =>
  db
    .updateTable('content_revisions')
    .set({ proposed: JSON.stringify(proposed), status: 'draft', edited_by: actor, edited_at: now })
    .where('id', '=', id)
    .execute();

/** Open revisions in draft or sent back, for a submit: by subtree column or by item. */
export async function submittableRevisions(
  db: Db,
  where: { column: 'chapter_id' | 'topic_id'; id: number } | { entityType: ContentEntityType; entityId: number },
): Promise<RevisionRow[]> {
  let q = db.selectFrom('content_revisions').selectAll().where('status', 'in', ['draft', 'returned']);
  q =
    'column' in where
      ? q.where(where.column, '=', where.id)
      : q.where('entity_type', '=', where.entityType).where('entity_id', '=', where.entityId);
  return (await q.forUpdate().execute()) as RevisionRow[];
}
export const markSubmitted = (db: Db, revisionIds: readonly number[], submissionId: number, actor: number, now: Date) =>
  db
    .updateTable('content_revisions')
    .set({ status: 'in_review', submission_id: submissionId, submitted_by: actor, submitted_at: now })
    .where('id', 'in', revisionIds)
    .execute();

export async function revisionsOfSubmission(db: Db, submissionId: number): Promise<RevisionRow[]> {
  return (await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute()) as RevisionRow[];
}

export const markApproved = (
  db: Db,
  revisionId: number,
  previous: Record<string, unknown> | null,
  actor: number,
  now: Date,
) =>
  db
    .updateTable('content_revisions')
    .set({
      status: 'approved',
      previous: previous === null ? null : JSON.stringify(previous),
      approved_by: actor,
      approved_at: now,
    })
    .where('id', '=', revisionId)
    .execute();

export const markReturned = (db: Db, submissionId: number, actor: number, now: Date, comment: string) =>
  db
    .updateTable('content_revisions')
    .set({ status: 'returned', returned_by: actor, returned_at: now, return_comment: comment })
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'in_review')
    .execute();
