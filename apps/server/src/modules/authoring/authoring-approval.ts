/**
 * What approving a submission does, shared by the decision and by the approver's preview: publish
 * every revision, then check what students will see. Callers authorize; this file only applies.
 */
import { topicReadiness } from '@ki/domain';
import type { SubmissionDetailResponse } from '@ki/contracts';
import type { ContentEntityType } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import * as contentRepo from './authoring-content.repository';
import * as revisionRepo from './authoring-revisions.repository';
import type { RevisionRow } from './authoring-revisions.repository';
import * as submissionRepo from './authoring-submissions.repository';
import { stateOf, type Db } from './authoring-state';

export const APPLY_ORDER: ContentEntityType[] = ['subject', 'chapter', 'topic', 'concept', 'question'];
const PARENT: Partial<
  Record<ContentEntityType, { type: ContentEntityType; column: 'subject_id' | 'chapter_id' | 'topic_id' }>
> = {
  chapter: { type: 'subject', column: 'subject_id' },
  topic: { type: 'chapter', column: 'chapter_id' },
  concept: { type: 'topic', column: 'topic_id' },
  question: { type: 'topic', column: 'topic_id' },
};

/**
 * Publishes every revision of a submission and checks what students will see: every published item
 * sits under published parents, every touched published topic has its 10 auto-markable questions
 * and its English concept, every touched published chapter has a published topic. A failed check
 * throws, and the caller's transaction rolls the whole approval back.
 */
export async function applyApproval(
  trx: Db,
  submissionId: number,
  revisions: readonly RevisionRow[],
  approver: number,
  now: Date,
): Promise<void> {
  const ordered = [...revisions].sort(
    (a, b) => APPLY_ORDER.indexOf(a.entity_type) - APPLY_ORDER.indexOf(b.entity_type) || a.id - b.id,
  );
  for (const r of ordered) {
    const live = await contentRepo.liveRow(trx, r.entity_type, r.entity_id);
    if (!live) throw notFound(r.entity_type);
    const previous = r.action === 'update' ? stateOf(r.entity_type, live) : null;
    await contentRepo.writeLive(trx, r.entity_type, r.entity_id, r.proposed, 'published');
    await revisionRepo.markApproved(trx, r.id, previous, approver, now);
  }

  // Parents must be live for a published item to be reachable at all.
  for (const r of ordered) {
    const parent = PARENT[r.entity_type];
    if (!parent) continue;
    const live = (await contentRepo.liveRow(trx, r.entity_type, r.entity_id))!;
    const parentId = live[parent.column] as number;
    const status = (await contentRepo.liveStatuses(trx, parent.type, [parentId])).get(parentId);
    if (status !== 'published') {
      throw new AppError(
        'PARENT_NOT_PUBLISHED',
        `This ${r.entity_type} belongs to a ${parent.type} that is not published yet; approve that first`,
        {
          entityType: r.entity_type,
          entityId: r.entity_id,
          parentType: parent.type,
          parentId,
        },
      );
    }
  }

  const topicIds = [
    ...new Set(
      revisions.flatMap((r) =>
        r.entity_type === 'topic'
          ? [r.entity_id]
          : r.topic_id !== null && r.entity_type !== 'chapter'
            ? [r.topic_id]
            : [],
      ),
    ),
  ];
  const facts = (await contentRepo.publishedTopicFacts(trx, topicIds)).filter((t) => t.status === 'published');
  const notReady = facts
    .map((t) => ({
      id: t.id,
      name: t.names.en,
      ...topicReadiness({
        autoMarkableQuestions: Number(t.auto_markable ?? 0),
        hasEnglishConcept: Boolean(t.has_english_concept),
      }),
      autoMarkableQuestions: Number(t.auto_markable ?? 0),
      hasEnglishConcept: Boolean(t.has_english_concept),
    }))
    .filter((t) => !t.ready);
  if (notReady.length > 0) {
    throw new AppError(
      'TOPIC_NOT_READY',
      'A topic needs at least 10 questions the app can mark and a concept in English before students can play it',
      {
        topics: notReady.map((t) => ({
          id: t.id,
          name: t.name,
          problems: t.problems,
          autoMarkableQuestions: t.autoMarkableQuestions,
          neededQuestions: t.neededQuestions,
          hasEnglishConcept: t.hasEnglishConcept,
        })),
      },
    );
  }

  const chapterIds = [
    ...new Set([
      ...revisions.filter((r) => r.entity_type === 'chapter').map((r) => r.entity_id),
      ...facts.map((t) => t.chapter_id),
    ]),
  ];
  const empty = (await contentRepo.publishedTopicCounts(trx, chapterIds)).filter(
    (c) => c.status === 'published' && Number(c.topics ?? 0) === 0,
  );
  if (empty.length > 0) {
    throw new AppError('CHAPTER_NOT_READY', 'A chapter needs at least one published topic before students can see it', {
      chapters: empty.map((c) => ({ id: c.id, name: c.names.en })),
    });
  }
  await submissionRepo.closeSubmission(trx, submissionId, 'approved', approver, now, null);
}

export async function lockInReview(trx: Db, id: number) {
  const submission = await submissionRepo.lockSubmission(trx, id);
  if (!submission) throw notFound('Submission');
  if (submission.status !== 'in_review')
    throw new AppError('NOT_IN_REVIEW', 'This submission has already been decided', { status: submission.status });
  const revisions = (await revisionRepo.revisionsOfSubmission(trx, id)).filter((r) => r.status === 'in_review');
  return { submission, revisions };
}

export const authorsOf = (revisions: readonly RevisionRow[]) =>
  revisions.map((r) => ({ createdBy: r.created_by, editedBy: r.edited_by, submittedBy: r.submitted_by }));

class DryRun extends Error {}

/** Tries the approval inside a transaction that is always rolled back: what would stop it, or null. */
export async function approvalBlocker(
  db: Db,
  id: number,
  approver: number,
  now: Date,
): Promise<SubmissionDetailResponse['blocker']> {
  try {
    await db.transaction().execute(async (trx) => {
      const { revisions } = await lockInReview(trx, id);
      await applyApproval(trx, id, revisions, approver, now);
      throw new DryRun();
    });
  } catch (error) {
    if (error instanceof DryRun) return null;
    if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  return null;
}
