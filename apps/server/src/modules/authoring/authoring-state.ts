/**
 * How content authoring reads an item (docs/DECISIONS.md "Authoring").
 *
 * Every change is a revision. A new item is inserted as a 'draft' row (students read only
 * 'published' rows) together with a 'create' revision; a change to a published item is an 'update'
 * revision and leaves the live row alone until an approver approves it. A revision always holds the
 * item's full proposed state, so approving is "write the proposed state, mark published" in one
 * transaction, followed by the publication checks, which roll everything back when they fail.
 *
 * The module's services: authoring-tree (what editors and approvers browse), authoring-edits
 * (drafts), authoring-review (submit, approve, send back) and authoring-submissions (the queue).
 */
import type { Kysely } from 'kysely';
import type { ItemState } from '@ki/contracts';
import type { ContentEntityType, ContentStatus, DB } from '../../db/schema';
import * as revisionRepo from './authoring-revisions.repository';
import type { RevisionRow } from './authoring-revisions.repository';

export type Db = Kysely<DB>;
export type Names = Record<string, string>;
export type State = Record<string, unknown>;

/** Where an item stands: its live status, and its unapproved change if any. */
export function itemState(status: ContentStatus, revision: RevisionRow | undefined): ItemState {
  return {
    status,
    pending: revision && revision.status !== 'approved' ? revision.status : null,
    returnComment: revision?.return_comment ?? null,
  };
}

/** The open revisions of items, by item id. */
export async function openRevisionsById(
  db: Db,
  type: ContentEntityType,
  ids: readonly number[],
): Promise<Map<number, RevisionRow>> {
  const revisions = await revisionRepo.openRevisions(db, type, ids);
  return new Map(revisions.map((r) => [r.entity_id, r]));
}

/** The editable state of an item's live row, in the shape of a proposed state. */
export function stateOf(type: ContentEntityType, live: State): State {
  switch (type) {
    case 'subject':
      return { names: live.names };
    case 'chapter':
    case 'topic':
      return { names: live.names, position: live.position };
    case 'concept':
      return { language: live.language, body: live.body };
    case 'question':
      return { type: live.type, content: live.content, answer: live.answer, position: live.position };
  }
}
