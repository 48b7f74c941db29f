/**
 * The learner pages' API answers kept on the device, so a page the student has opened once opens
 * again offline after a reload (access-and-app-shell.md 4.7: "When offline, show an offline notice
 * and still render"). Queries opt in with `meta: { saveOnDevice: true }`.
 *
 * - Saved: each answer the server gives such a query, in IndexedDB (LearnerDb.answers), keyed by the
 *   signed-in student's id and the query's hash. Only students' sessions save (their answers are
 *   about themselves); staff and parents keep nothing.
 * - Restored: one query at a time, when it has no data and cannot get any (paused offline, or failed
 *   with no network or a server error), from the row of the student signed in now. Restored data
 *   keeps the time the server gave it, so it is stale at once: the query asks the server again as
 *   soon as it can, and the server's answer replaces it.
 * - Kept for SAVED_ANSWER_MAX_AGE_MS, then dropped; logout clears them all (learner-db.ts).
 *
 * This module loads after the first screen, or at once when the app starts offline, with the offline
 * notice (ui/offline-notice.tsx), which starts it.
 */
import type { MeResponse } from '@ki/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { learnerDb, type LearnerDb } from './learner-db';

/** How long a saved answer may stand in for the server's: a month of school without network. */
export const SAVED_ANSWER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const savedAnswerKey = (ownerId: number, queryHash: string) => `${ownerId}:${queryHash}`;

/** Whose answers this session keeps and may restore: a student's own, nobody else's. */
export function answerOwner(me: MeResponse | null | undefined): number | undefined {
  return me?.abilities.writeRecords ? me.user.id : undefined;
}

/** No network, or a server in trouble: what a device copy stands in for (a 4xx it does not). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cache holds queries of every type
type AnyQuery = Query<any, any, any, any>;

/** A query that should show the device's copy: it opted in, has nothing, and cannot ask the server now. */
export function wantsDeviceCopy(query: Pick<AnyQuery, 'meta' | 'state'>): boolean {
  const { data, fetchStatus, status, error } = query.state;
  if (!query.meta?.saveOnDevice || data !== undefined) return false;
  return fetchStatus === 'paused' || (status === 'error' && isUnreachable(error));
}

/** Where a query's device lookup stands: a page says "not on this device" only once none is looking. */
type LookupState = 'looking' | 'done';

export class SavedAnswers {
  /** Query hash -> the savedAt of the data restored into it (data still equal to it is the device's). */
  private readonly restored = new Map<string, number>();
  private readonly lookups = new Map<string, LookupState>();
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null = null;

  constructor(
    readonly client: QueryClient,
    private readonly db: LearnerDb = learnerDb(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Saves answers as they arrive and restores the ones that cannot arrive. Returns the stop function. */
  start(): () => void {
    if (this.stop) return this.stop;
    const cache = this.client.getQueryCache();
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === 'removed') {
        this.restored.delete(event.query.queryHash);
        this.lookups.delete(event.query.queryHash);
        this.notify();
        return;
      }
      if (event.type !== 'updated') return;
      // Once the signed-in user is known (or has changed), look at every query again.
      if (event.query.queryHash === '["me"]' && event.action.type === 'success') this.scan();
      else if (event.action.type === 'success' && !event.action.manual) void this.save(event.query);
      else if (wantsDeviceCopy(event.query)) void this.restore(event.query);
    });
    void this.db.answers
      .where('savedAt')
      .below(this.now() - SAVED_ANSWER_MAX_AGE_MS)
      .delete()
      .catch(() => undefined);
    this.scan();
    this.stop = () => {
      unsubscribe();
      this.stop = null;
    };
    return this.stop;
  }

  /** Whether a query's data is the device's copy (not an answer the server gave this session). */
  isFromDevice(query: Pick<AnyQuery, 'queryHash' | 'state'>): boolean {
    const savedAt = this.restored.get(query.queryHash);
    return savedAt !== undefined && savedAt === query.state.dataUpdatedAt;
  }

  /** Whether the device is being searched for some query's answer (the page waits before "not here"). */
  isLooking(): boolean {
    for (const state of this.lookups.values()) if (state === 'looking') return true;
    return false;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private owner(): number | undefined {
    return answerOwner(this.client.getQueryData<MeResponse | null>(['me']));
  }

  private scan(): void {
    for (const query of this.client.getQueryCache().getAll()) {
      if (wantsDeviceCopy(query)) void this.restore(query);
      else if (query.meta?.saveOnDevice && query.state.status === 'success' && !this.isFromDevice(query))
        void this.save(query);
    }
  }

  private async save(query: AnyQuery): Promise<void> {
    const ownerId = this.owner();
    const { data, dataUpdatedAt } = query.state;
    if (!query.meta?.saveOnDevice || ownerId === undefined || data === undefined) return;
    // Storage full or unavailable: the page still works online, it just does not open offline.
    await this.db.answers
      .put({
        key: savedAnswerKey(ownerId, query.queryHash),
        ownerId,
        queryKey: query.queryKey,
        data,
        savedAt: dataUpdatedAt,
      })
      .catch(() => undefined);
  }

  private async restore(query: AnyQuery): Promise<void> {
    const hash = query.queryHash;
    const ownerId = this.owner();
    if (ownerId === undefined || this.lookups.get(hash) === 'looking') return;
    if (this.lookups.get(hash) === 'done' && !this.restored.has(hash)) {
      // Looked for already and nothing was there; a page's "Try again" asks the server, not the device.
      return;
    }
    this.lookups.set(hash, 'looking');
    this.notify();
    const key = savedAnswerKey(ownerId, hash);
    const row = await this.db.answers.get(key).catch(() => undefined);
    const fresh = row && this.now() - row.savedAt <= SAVED_ANSWER_MAX_AGE_MS;
    if (row && !fresh) void this.db.answers.delete(key).catch(() => undefined);
    // Still nothing from the server, and still the same student (a sign-out clears the cache).
    if (
      fresh &&
      query.state.data === undefined &&
      this.owner() === ownerId &&
      this.client.getQueryCache().get(hash) === query
    ) {
      this.restored.set(hash, row.savedAt);
      this.client.setQueryData(query.queryKey, row.data, { updatedAt: row.savedAt });
    }
    this.lookups.set(hash, 'done');
    this.notify();
  }

  /** Tells the screens after the current task: starting may happen while React draws. */
  private notify(): void {
    queueMicrotask(() => {
      for (const listener of this.listeners) listener();
    });
  }
}

let instance: SavedAnswers | null = null;

/** Starts the app's one keeper of saved answers (with the layout's offline notice: at once offline, else once idle). */
export function keepAnswers(client: QueryClient): SavedAnswers {
  instance ??= new SavedAnswers(client);
  instance.start();
  return instance;
}

/** The keeper, once started. */
export const savedAnswers = (): SavedAnswers | null => instance;
