/** The review queue and one submission as the approver previews it, with what would stop its approval. */
import { personName } from '@ki/domain';
import type { SubmissionDetailResponse, SubmissionItem, SubmissionSummary, SubmissionsResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { ContentEntityType, QuestionContent, QuestionType } from '../../db/schema';
import { notFound } from '../../errors';
import { authorizeReadAuthoring, reviewAbilities, type Principal } from '../../policy/policy';
import { approvalBlocker, authorsOf } from './authoring-approval';
import * as contentRepo from './authoring-content.repository';
import * as revisionRepo from './authoring-revisions.repository';
import * as submissionRepo from './authoring-submissions.repository';
import { stateOf, type Db, type Names, type State } from './authoring-state';

export async function listSubmissions(
  deps: AppDeps,
  principal: Principal | null,
  status: 'in_review' | 'approved' | 'returned',
): Promise<SubmissionsResponse> {
  authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const rows = await submissionRepo.submissions(db, status);
  return { submissions: await summaries(db, rows) };
}

export async function getSubmission(
  deps: AppDeps,
  principal: Principal | null,
  id: number,
): Promise<SubmissionDetailResponse> {
  const p = authorizeReadAuthoring(principal);
  const { db } = deps.database;
  const submission = await summary(db, id);
  const revisions = await revisionRepo.revisionsOfSubmission(db, id);
  const people = await submissionRepo.userNames(
    db,
    revisions.flatMap((r) =>
      [r.created_by, r.edited_by, r.submitted_by, r.approved_by, r.returned_by].filter((x): x is number => x !== null),
    ),
  );
  const person = (userId: number | null) => (userId === null ? null : { id: userId, name: people.get(userId) ?? '' });
  const items: SubmissionItem[] = [];
  for (const r of revisions) {
    const live =
      r.status === 'approved'
        ? r.previous
        : r.action === 'update'
          ? stateOf(r.entity_type, (await contentRepo.liveRow(db, r.entity_type, r.entity_id)) ?? {})
          : null;
    items.push({
      revisionId: r.id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      topicId: r.entity_type === 'chapter' || r.entity_type === 'subject' ? null : r.topic_id,
      proposed: shapeOf(r.entity_type, r.proposed),
      current: live ? shapeOf(r.entity_type, live) : null,
      audit: {
        createdBy: person(r.created_by),
        createdAt: r.created_at.toISOString(),
        editedBy: person(r.edited_by),
        editedAt: r.edited_at.toISOString(),
        submittedBy: person(r.submitted_by),
        submittedAt: r.submitted_at?.toISOString() ?? null,
        approvedBy: person(r.approved_by),
        approvedAt: r.approved_at?.toISOString() ?? null,
        returnedBy: person(r.returned_by),
        returnedAt: r.returned_at?.toISOString() ?? null,
        returnComment: r.return_comment,
      },
    });
  }
  const topicIds = [...new Set(items.map((i) => i.topicId).filter((x): x is number => x !== null))];
  const topicNames = await contentRepo.names(db, 'topic', topicIds);
  const inReview = submission.status === 'in_review';
  return {
    submission,
    topics: topicIds.map((tid) => ({
      id: tid,
      names:
        (items.find((i) => i.entityType === 'topic' && i.entityId === tid)?.proposed.names as Names | undefined) ??
        topicNames.get(tid) ??
        {},
    })),
    items,
    blocker: inReview ? await approvalBlocker(db, id, p.userId, deps.clock()) : null,
    abilities: reviewAbilities(p, authorsOf(revisions), inReview),
  };
}

function shapeOf(type: ContentEntityType, state: State): SubmissionItem['proposed'] {
  switch (type) {
    case 'subject':
      return { names: state.names as Names };
    case 'chapter':
    case 'topic':
      return { names: state.names as Names, position: state.position as number };
    case 'concept':
      return { language: state.language as string, body: state.body as string };
    case 'question':
      return {
        question: {
          type: state.type as QuestionType,
          content: state.content as Record<string, QuestionContent>,
          answer: state.answer as number[],
          position: state.position as number,
        },
      };
  }
}

type SubmissionRow = Awaited<ReturnType<typeof submissionRepo.submissions>>[number];

export async function summary(db: Db, id: number): Promise<SubmissionSummary> {
  const row = await submissionRepo.submissionById(db, id);
  if (!row) throw notFound('Submission');
  return (await summaries(db, [row]))[0]!;
}

async function summaries(db: Db, rows: readonly SubmissionRow[]): Promise<SubmissionSummary[]> {
  const counts = await submissionRepo.submissionCounts(
    db,
    rows.map((r) => r.id),
  );
  const titles = new Map<string, Names>();
  for (const type of ['subject', 'chapter', 'topic'] as const) {
    const found = await contentRepo.names(
      db,
      type,
      rows.filter((r) => r.root_type === type).map((r) => r.root_id),
    );
    for (const [rid, n] of found) titles.set(`${type}:${rid}`, n);
  }
  for (const r of rows.filter((x) => x.root_type === 'concept' || x.root_type === 'question')) {
    const live = await contentRepo.liveRow(db, r.root_type, r.root_id);
    const topicNames = live
      ? (await contentRepo.names(db, 'topic', [live.topic_id as number])).get(live.topic_id as number)
      : undefined;
    titles.set(`${r.root_type}:${r.root_id}`, topicNames ?? {});
  }
  return rows.map((r) => {
    const count = (type: ContentEntityType) =>
      Number(counts.find((c) => c.submission_id === r.id && c.entity_type === type)?.n ?? 0);
    return {
      id: r.id,
      rootType: r.root_type,
      rootId: r.root_id,
      title: titles.get(`${r.root_type}:${r.root_id}`) ?? {},
      subjectNames: r.subject_names,
      boardName: r.board_name,
      grade: r.grade,
      status: r.status,
      submittedBy: { id: r.submitted_by, name: personName(r.submitter_first, r.submitter_last) },
      submittedAt: new Date(r.submitted_at).toISOString(),
      reviewedBy:
        r.reviewed_by === null
          ? null
          : { id: r.reviewed_by, name: personName(r.reviewer_first ?? '', r.reviewer_last ?? '') },
      reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
      comment: r.review_comment,
      counts: {
        subject: count('subject'),
        chapter: count('chapter'),
        topic: count('topic'),
        concept: count('concept'),
        question: count('question'),
      },
    };
  });
}
