/**
 * The learner's database on the device (IndexedDB through Dexie): the queue of learning records
 * waiting for upload, and the content and progress cached for offline play.
 *
 * Records are never cleared by logout (unsent learning must not be lost); each carries the id of the
 * student who played it, and only that student's session uploads it. Content, progress and the saved
 * answers of the learner's pages are personal (language, grade, scores): logout clears them
 * (access-and-app-shell.md 4.5).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { RecordInput, SubjectBundle, SubjectChaptersResponse } from '@ki/contracts';

export type RecordStatus = 'pending' | 'saved' | 'rejected';

/** Figures the device computed at once with @ki/domain; the server's marking confirms them. */
export interface RecordFigures {
  correct: number;
  answered: number;
  /** Topic games. */
  learningCurrency: number | null;
  learningEfficiency: number | null;
  /** Percent correct (treasure and revise; accuracy of a topic game). */
  percent: number | null;
}

export interface QueuedRecord {
  /** The record's client UUID (crypto.randomUUID): the server's idempotency key. */
  id: string;
  /** The student who played it: only their session may upload it. */
  ownerId: number;
  status: RecordStatus;
  input: RecordInput;
  /** Where it was played, for showing progress offline. */
  subjectSlug: string;
  local: RecordFigures;
  /** The server's marking once stored (or found stored already). */
  server: RecordFigures | null;
  createdAt: number;
  /** When the server confirmed it: progress fetched before this moment does not include it yet. */
  savedAt: number | null;
  rejection: { code: string; message: string } | null;
}

export interface CachedBundle {
  /** `${ownerId}:${slug}` */
  key: string;
  ownerId: number;
  slug: string;
  etag: string;
  bundle: SubjectBundle;
  fetchedAt: number;
}

export interface CachedProgress {
  key: string;
  ownerId: number;
  slug: string;
  data: SubjectChaptersResponse;
  /** Device time the server answered: saved records newer than this are not in it yet. */
  fetchedAt: number;
}

/** A learner page's API answer kept for an offline start (lib/saved-answers.ts). */
export interface SavedAnswer {
  /** `${ownerId}:${queryHash}` */
  key: string;
  ownerId: number;
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server gave it (the query's dataUpdatedAt): the offline notice says how old it is. */
  savedAt: number;
}

export class LearnerDb extends Dexie {
  records!: EntityTable<QueuedRecord, 'id'>;
  bundles!: EntityTable<CachedBundle, 'key'>;
  progress!: EntityTable<CachedProgress, 'key'>;
  answers!: EntityTable<SavedAnswer, 'key'>;

  constructor(name = 'ki-learner') {
    super(name);
    this.version(1).stores({
      records: '&id, [ownerId+status], [ownerId+subjectSlug], createdAt',
      bundles: '&key, ownerId',
      progress: '&key, ownerId',
    });
    this.version(2).stores({ answers: '&key, ownerId, savedAt' });
  }
}

let instance: LearnerDb | null = null;
/** The app's one database (opened on first use). */
export function learnerDb(): LearnerDb {
  instance ??= new LearnerDb();
  return instance;
}

// This module loads on first use (lib/device-db.ts, which also holds the cache key): its readers
// subscribe through Dexie's liveQuery from here (features/learn/use-subject-view.ts).
export { liveQuery } from 'dexie';

/** Logout: forget cached content, progress and saved answers; the records queue stays. */
export async function clearCachedContent(db: LearnerDb = learnerDb()): Promise<void> {
  await db.transaction('rw', db.bundles, db.progress, db.answers, async () => {
    await db.bundles.clear();
    await db.progress.clear();
    await db.answers.clear();
  });
}
