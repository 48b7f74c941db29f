/**
 * The progress a student sees on the device: the server's rollups plus the records not in them yet
 * (queued offline, or saved after the progress was fetched), so a student playing offline goes
 * topic -> revise -> treasure without a network. Computed with the same @ki/domain rules as the
 * server's rollups; the server's answer replaces it once synced.
 */
import { chapterKnowledge, chapterPathState, nextBestTopicAttempt, type ChapterPathState } from '@ki/domain';
import type { SubjectChaptersResponse } from '@ki/contracts';
import type { QueuedRecord } from '../../lib/learner-db';

type ServerChapter = SubjectChaptersResponse['chapters'][number];

export interface TopicView {
  attempts: number;
  /** LE_topic (discounted best). */
  learningEfficiency: number;
  learningCurrency: number;
}

export interface ChapterView {
  islandCount: number;
  topicsCompleted: number;
  topics: Map<number, TopicView>;
  learningCurrency: number;
  reviseDone: boolean;
  treasureDone: boolean;
  /** KE_ch, null before a treasure. */
  knowledgeEfficiency: number | null;
  knowledgeCurrency: number;
  locks: ChapterPathState;
  /** Records of this chapter still waiting for upload. */
  pending: number;
}

/** Local records the server's progress (fetched at `fetchedAt`) cannot contain yet. */
export function unconfirmedRecords(records: readonly QueuedRecord[], fetchedAt: number | null): QueuedRecord[] {
  return records.filter(
    (r) => r.status === 'pending' || (r.status === 'saved' && (fetchedAt === null || (r.savedAt ?? 0) > fetchedAt)),
  );
}

/**
 * @param server the chapter as the server last reported it (undefined when never fetched)
 * @param islandCount published topics of the chapter (from the content bundle)
 * @param local this chapter's records not in `server` (see unconfirmedRecords)
 */
export function mergeChapterProgress(
  server: ServerChapter | undefined,
  islandCount: number,
  local: readonly QueuedRecord[],
): ChapterView {
  const topics = new Map<number, TopicView>();
  for (const t of server?.topicProgress ?? [])
    topics.set(t.topicId, {
      attempts: t.attempts,
      learningEfficiency: t.learningEfficiency,
      learningCurrency: t.learningCurrency,
    });
  const ordered = [...local].sort((a, b) => a.input.finishedAt.localeCompare(b.input.finishedAt));
  let reviseDone = (server?.reviseAttempts ?? 0) > 0;
  let treasureDone = (server?.treasureAttempts ?? 0) > 0;
  let bestTreasure = server?.knowledgeEfficiency ?? null;
  for (const r of ordered) {
    const figures = r.server ?? r.local;
    if (r.input.kind === 'topic' && r.input.topicId != null) {
      const before = topics.get(r.input.topicId);
      const attempts = (before?.attempts ?? 0) + 1;
      // The server's rule of the topic's best attempt (scoring-and-metrics.md, Topic game attempt).
      // Which earlier attempt was the best is not sent (attemptNumber 0): the rule compares figures.
      const best = nextBestTopicAttempt(
        before
          ? {
              learningEfficiency: before.learningEfficiency,
              learningCurrency: before.learningCurrency,
              attemptNumber: 0,
            }
          : null,
        { learningEfficiency: figures.learningEfficiency ?? 0, learningCurrency: figures.learningCurrency ?? 0 },
        attempts,
      );
      topics.set(r.input.topicId, {
        attempts,
        learningEfficiency: best.learningEfficiency,
        learningCurrency: best.learningCurrency,
      });
    } else if (r.input.kind === 'revise') {
      reviseDone = true;
    } else if (r.input.kind === 'treasure') {
      treasureDone = true;
      bestTreasure = Math.max(bestTreasure ?? 0, figures.percent ?? 0);
    }
  }
  const islands = Math.max(islandCount, server?.topics ?? 0);
  const topicsCompleted = topics.size;
  const currencies = [...topics.values()].map((t) => t.learningCurrency);
  const knowledgeCurrency =
    local.length === 0 || bestTreasure === null
      ? (server?.knowledgeCurrency ?? 0)
      : chapterKnowledge({
          topicLearningCurrencies: currencies,
          islandCount: Math.max(islands, currencies.length, 1),
          bestTreasurePercent: bestTreasure,
        }).knowledgeCurrency;
  return {
    islandCount: islands,
    topicsCompleted,
    topics,
    learningCurrency: currencies.reduce((a, b) => a + b, 0),
    reviseDone,
    treasureDone,
    knowledgeEfficiency: bestTreasure,
    knowledgeCurrency,
    locks: chapterPathState({ islandCount: islands, topicsCompleted, reviseDone, treasureDone }),
    pending: local.filter((r) => r.status === 'pending').length,
  };
}
