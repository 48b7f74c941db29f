/**
 * The last attempt of a chapter game (the treasure) as this device saved it, rebuilt for its score
 * card and review: pure, so it is tested without a browser.
 */
import { isAnswerCorrect } from '@ki/domain';
import type { BundleChapter, BundleQuestion } from '@ki/contracts';
import type { QueuedRecord } from '../../lib/learner-db';
import type { GivenAnswer } from './game-state';

/** The chapter's most recently finished record of one kind, rejected ones left out; null when none. */
export function latestRecord(
  records: readonly QueuedRecord[],
  kind: 'revise' | 'treasure',
  chapterId: number,
): QueuedRecord | null {
  let latest: QueuedRecord | null = null;
  for (const r of records) {
    if (r.status === 'rejected' || r.input.kind !== kind || r.input.chapterId !== chapterId) continue;
    if (!latest || r.input.finishedAt > latest.input.finishedAt) latest = r;
  }
  return latest;
}

/**
 * The questions and answers of a saved record, marked as the game marked them (isAnswerCorrect).
 * A question no longer in the chapter's content is left out of the review.
 */
export function reviewOfRecord(
  chapter: BundleChapter,
  record: Pick<QueuedRecord, 'input'>,
): { questions: BundleQuestion[]; answers: GivenAnswer[] } {
  const byId = new Map(chapter.topics.flatMap((t) => t.questions.map((q) => [q.id, q] as const)));
  const questions: BundleQuestion[] = [];
  const answers: GivenAnswer[] = [];
  for (const a of record.input.answers) {
    const q = byId.get(a.questionId);
    if (!q) continue;
    const chosen = a.chosen && a.chosen.length > 0 ? a.chosen : null;
    questions.push(q);
    answers.push({
      questionId: q.id,
      chosen,
      seconds: a.seconds,
      correct: chosen !== null && isAnswerCorrect(q.type, q.answer, chosen),
    });
  }
  return { questions, answers };
}
