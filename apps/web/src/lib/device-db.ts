import type * as LearnerDbModule from './learner-db';

/**
 * The learner's database on the device (lib/learner-db.ts: Dexie over IndexedDB), loaded when a page
 * first reads or writes it rather than with the page's code: a game or subject page opened cold draws
 * from the network's answers without waiting for Dexie's 31 KB, which arrives beside them (records,
 * cached content and progress are read and written once it is here). Offline, the service worker
 * has it.
 */
export type DeviceDb = typeof LearnerDbModule;

let loading: Promise<DeviceDb> | null = null;
/** The database's module; a fetch that failed is tried again on the next call. */
export function deviceDb(): Promise<DeviceDb> {
  loading ??= import('./learner-db').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The key of a subject's cached content and progress: one per student and subject. */
export const cacheKey = (ownerId: number, slug: string) => `${ownerId}:${slug}`;
