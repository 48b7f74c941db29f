/** Review: an editor submits a subtree, an approver approves it (all of it goes live) or sends it back. */
import type { EntityType, SubmissionSummary } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { ContentEntityType, ContentStatus } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { authorizeEditContent, authorizeReviewContent, type Principal } from '../../policy/policy';
import { APPLY_ORDER, applyApproval, authorsOf, lockInReview } from './authoring-approval';
import * as contentRepo from './authoring-content.repository';
import * as revisionRepo from './authoring-revisions.repository';
import * as submissionRepo from './authoring-submissions.repository';
import type { Db } from './authoring-state';
import { summary } from './authoring-submissions.service';

// Submitting ------------------------------------------------------------------------------------

interface Located {
  subjectId: number;
  subjectStatus: ContentStatus;
  chapter: { id: number; status: ContentStatus; boardId: number; grade: number } | null;
  topic: { id: number; status: ContentStatus } | null;
}

async function locate(db: Db, type: ContentEntityType, id: number): Promise<Located> {
  if (type === 'subject') {
    const s = await contentRepo.subject(db, id);
    if (!s) throw notFound('Subject');
    return { subjectId: s.id, subjectStatus: s.status, chapter: null, topic: null };
  }
  if (type === 'chapter') {
    const c = await contentRepo.chapter(db, id);
    if (!c) throw notFound('Chapter');
    return {
      subjectId: c.subject_id,
      subjectStatus: c.subject_status,
      chapter: { id: c.id, status: c.status, boardId: c.board_id, grade: c.grade },
      topic: null,
    };
  }
  let topicId = id;
  if (type === 'concept') {
    const k = await contentRepo.concept(db, id);
    if (!k) throw notFound('Concept');
    topicId = k.topic_id;
  } else if (type === 'question') {
    const q = await contentRepo.question(db, id);
    if (!q) throw notFound('Question');
    topicId = q.topic_id;
  }
  const t = await contentRepo.topic(db, topicId);
  if (!t) throw notFound('Topic');
  return {
    subjectId: t.subject_id,
    subjectStatus: t.subject_status,
    chapter: { id: t.chapter_id, status: t.chapter_status, boardId: t.board_id, grade: t.grade },
    topic: { id: t.id, status: t.status },
  };
}

/**
 * Submits an item for review with everything unapproved beneath it (a chapter's topics, a topic's
 * concepts and questions) and its unpublished ancestors (a new topic cannot go live in a chapter
 * students cannot see). An unpublished ancestor already under review must be decided first.
 */
export async function submit(
  deps: AppDeps,
  principal: Principal | null,
  body: { entityType: EntityType; entityId: number },
): Promise<{ submission: SubmissionSummary }> {
  const p = authorizeEditContent(principal);
  const now = deps.clock();
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const where = await locate(trx, body.entityType, body.entityId);
    const revisions =
      body.entityType === 'chapter'
        ? await revisionRepo.submittableRevisions(trx, { column: 'chapter_id', id: body.entityId })
        : body.entityType === 'topic'
          ? await revisionRepo.submittableRevisions(trx, { column: 'topic_id', id: body.entityId })
          : await revisionRepo.submittableRevisions(trx, { entityType: body.entityType, entityId: body.entityId });

    const ancestors: { type: ContentEntityType; id: number; status: ContentStatus }[] = [];
    if (body.entityType !== 'subject')
      ancestors.push({ type: 'subject', id: where.subjectId, status: where.subjectStatus });
    if (where.chapter && body.entityType !== 'chapter') ancestors.push({ type: 'chapter', ...where.chapter });
    if (where.topic && body.entityType !== 'topic') ancestors.push({ type: 'topic', ...where.topic });
    for (const a of ancestors.filter((x) => x.status !== 'published')) {
      const open = await revisionRepo.lockOpenRevision(trx, a.type, a.id);
      if (open?.status === 'in_review') {
        throw new AppError(
          'ITEM_IN_REVIEW',
          `The ${a.type} this belongs to is waiting for review; submit again once it is decided`,
          { entityType: a.type, entityId: a.id },
        );
      }
      if (open) revisions.push(open);
    }
    if (revisions.length === 0) throw new AppError('NOTHING_TO_SUBMIT', 'There are no changes to submit here');

    const submissionId = await submissionRepo.insertSubmission(trx, {
      rootType: body.entityType,
      rootId: body.entityId,
      subjectId: where.subjectId,
      boardId: where.chapter?.boardId ?? null,
      grade: where.chapter?.grade ?? null,
      actor: p.userId,
      now,
    });
    await revisionRepo.markSubmitted(
      trx,
      revisions.map((r) => r.id),
      submissionId,
      p.userId,
      now,
    );
    for (const type of ['subject', 'chapter', 'topic', 'concept', 'question'] as const) {
      await contentRepo.setLiveStatus(
        trx,
        type,
        revisions.filter((r) => r.entity_type === type).map((r) => r.entity_id),
        'in_review',
      );
    }
    return submissionId;
  });
  return { submission: await summary(deps.database.db, id) };
}

// Deciding ------------------------------------------------------------------------------------

/** Approves a submission: everything in it goes live at once, or nothing does. */
export async function approve(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<{ submission: SubmissionSummary }> {
  authorizeReviewContent(principal, []);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { revisions } = await lockInReview(trx, id);
    const p = authorizeReviewContent(principal, authorsOf(revisions));
    await applyApproval(trx, id, revisions, p.userId, now);
  });
  return { submission: await summary(deps.database.db, id) };
}

/** Sends a submission back to the editors with a comment; new items return to draft. */
export async function sendBack(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
  comment: string,
): Promise<{ submission: SubmissionSummary }> {
  authorizeReviewContent(principal, []);
  const now = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { revisions } = await lockInReview(trx, id);
    const p = authorizeReviewContent(principal, authorsOf(revisions));
    await revisionRepo.markReturned(trx, id, p.userId, now, comment);
    for (const type of APPLY_ORDER) {
      await contentRepo.setLiveStatus(
        trx,
        type,
        revisions.filter((r) => r.entity_type === type).map((r) => r.entity_id),
        'draft',
      );
    }
    await submissionRepo.closeSubmission(trx, id, 'returned', p.userId, now, comment);
  });
  return { submission: await summary(deps.database.db, id) };
}
