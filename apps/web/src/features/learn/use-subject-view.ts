import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { BundleChapter, BundleTopic } from '@ki/contracts';
import { learnerDb, type QueuedRecord } from '../../lib/learner-db';
import { useMe } from '../../lib/session';
import { useSubjectBundle } from './api/get-subject-bundle';
import { useSubjectChapters } from './api/get-subject-chapters';
import { mergeChapterProgress, unconfirmedRecords, type ChapterView } from './progress-merge';

export interface ChapterWithView {
  chapter: BundleChapter;
  view: ChapterView;
}

const NO_RECORDS: QueuedRecord[] = [];

/**
 * A subject as the student sees it on this device: the content bundle (offline-capable), the
 * server's progress and the records not yet in it, merged per chapter.
 */
export function useSubjectView(subjectSlug: string) {
  const { data: me } = useMe();
  const ownerId = me?.abilities.writeRecords ? me.user.id : undefined;
  const bundle = useSubjectBundle(ownerId, subjectSlug);
  const progress = useSubjectChapters(ownerId, subjectSlug);
  const records =
    useLiveQuery(
      () =>
        ownerId === undefined
          ? NO_RECORDS
          : learnerDb().records.where('[ownerId+subjectSlug]').equals([ownerId, subjectSlug]).toArray(),
      [ownerId, subjectSlug],
    ) ?? NO_RECORDS;
  const fetchedAt = progress.data?.fetchedAt ?? null;
  const chapters = useMemo<ChapterWithView[] | undefined>(() => {
    if (!bundle.data) return undefined;
    const unconfirmed = unconfirmedRecords(records, fetchedAt);
    return bundle.data.chapters.map((chapter) => ({
      chapter,
      view: mergeChapterProgress(
        progress.data?.data.chapters.find((c) => c.id === chapter.id),
        chapter.topics.length,
        unconfirmed.filter((r) => r.input.chapterId === chapter.id),
      ),
    }));
  }, [bundle.data, progress.data, records, fetchedAt]);
  return { ownerId, bundle, progress, chapters, pendingCount: records.filter((r) => r.status === 'pending').length };
}

/** One chapter (and optionally a topic) of the subject view by slug. */
export function findChapter(
  chapters: ChapterWithView[] | undefined,
  chapterSlug: string,
  topicSlug?: string,
): { entry: ChapterWithView; topic: BundleTopic | undefined; topicIndex: number } | null {
  const entry = chapters?.find((c) => c.chapter.slug === chapterSlug);
  if (!entry) return null;
  const topicIndex = topicSlug ? entry.chapter.topics.findIndex((t) => t.slug === topicSlug) : -1;
  return { entry, topic: topicIndex >= 0 ? entry.chapter.topics[topicIndex] : undefined, topicIndex };
}
