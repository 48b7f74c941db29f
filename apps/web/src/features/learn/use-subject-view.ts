import { useEffect, useMemo, useState } from 'react';
import type { BundleChapter, BundleTopic } from '@ki/contracts';
import { deviceDb, type DeviceDb } from '../../lib/device-db';
import type { QueuedRecord } from '../../lib/learner-db';
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
 * A live query of the device database (Dexie's liveQuery), as dexie-react-hooks' useLiveQuery gives
 * one, without Dexie in the page's first load: undefined until its first answer for the current
 * `deps` (the values the query reads: the database is on its way or being read), then every change.
 */
function useDeviceQuery<T>(
  query: (db: DeviceDb) => Promise<T> | T,
  deps: readonly unknown[],
  fallback: T,
): T | undefined {
  const key = JSON.stringify(deps);
  const [value, setValue] = useState<{ answer: T; key: string } | undefined>(undefined);
  useEffect(() => {
    let active = true;
    let stop = () => {};
    deviceDb().then(
      (db) => {
        if (!active) return;
        const subscription = db
          .liveQuery(() => query(db))
          .subscribe({
            next: (answer) => {
              if (active) setValue({ answer, key });
            },
            // A database that cannot be opened (a private window, storage refused) reads as `fallback`.
            error: () => {
              if (active) setValue({ answer: fallback, key });
            },
          });
        stop = () => subscription.unsubscribe();
      },
      () => {
        if (active) setValue({ answer: fallback, key });
      },
    );
    return () => {
      active = false;
      stop();
    };
    // The query reads only what `deps` names (as with useLiveQuery).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // An answer for other deps (the subject or student just changed) is not this one's.
  return value?.key === key ? value.answer : undefined;
}

/**
 * A subject as the student sees it on this device: the content bundle (offline-capable), the
 * server's progress and the records not yet in it, merged per chapter.
 */
export function useSubjectView(subjectSlug: string) {
  const { data: me } = useMe();
  const ownerId = me?.abilities.writeRecords ? me.user.id : undefined;
  const bundle = useSubjectBundle(ownerId, subjectSlug);
  const progress = useSubjectChapters(ownerId, subjectSlug);
  // The records this device holds for the subject: undefined while the device database is on its way.
  const deviceRecords = useDeviceQuery(
    ({ learnerDb }) =>
      ownerId === undefined
        ? NO_RECORDS
        : learnerDb().records.where('[ownerId+subjectSlug]').equals([ownerId, subjectSlug]).toArray(),
    [ownerId, subjectSlug],
    NO_RECORDS,
  );
  const records = deviceRecords ?? NO_RECORDS;
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
  return {
    ownerId,
    bundle,
    progress,
    chapters,
    /** False until this device's records are read: until then, locks and progress leave out games played here and not yet sent. */
    recordsRead: deviceRecords !== undefined,
    pendingCount: records.filter((r) => r.status === 'pending').length,
  };
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
