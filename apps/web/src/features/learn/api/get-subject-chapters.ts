import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubjectChaptersResponse } from '@ki/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { cacheKey, deviceDb } from '../../../lib/device-db';
import type { CachedProgress } from '../../../lib/learner-db';

export const getSubjectChapters = (slug: string, signal?: AbortSignal) =>
  api.get<SubjectChaptersResponse>(`/learn/subjects/${encodeURIComponent(slug)}`, undefined, signal);

/**
 * The student's chapters of a subject with their progress from the server's rollups, kept on the
 * device for offline use. `fetchedAt` tells which saved records the answer already contains.
 */
export async function getSubjectProgress(
  ownerId: number,
  slug: string,
  signal?: AbortSignal,
): Promise<Pick<CachedProgress, 'data' | 'fetchedAt'>> {
  const key = cacheKey(ownerId, slug);
  try {
    if (!navigator.onLine) throw new ApiError(0, 'NETWORK', 'offline');
    const requestedAt = Date.now();
    const data = await getSubjectChapters(slug, signal);
    const entry: CachedProgress = { key, ownerId, slug, data, fetchedAt: requestedAt };
    // Kept for offline use once the device database is here; the page does not wait for it.
    void deviceDb()
      .then(({ learnerDb }) => learnerDb().progress.put(entry))
      .catch(() => undefined);
    return entry;
  } catch (error) {
    const cached =
      error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500)
        ? await deviceDb()
            .then(({ learnerDb }) => learnerDb().progress.get(key))
            .catch(() => undefined)
        : undefined;
    if (cached) return cached;
    throw error;
  }
}

export const subjectChaptersQuery = (ownerId: number, slug: string) =>
  queryOptions({
    queryKey: ['learn', 'progress', ownerId, slug],
    queryFn: ({ signal }) => getSubjectProgress(ownerId, slug, signal),
    networkMode: 'always',
    staleTime: 30_000,
    // Offline it answers from the device at once (so it looks fresh): ask the server on reconnecting.
    refetchOnReconnect: 'always',
    // Offline this is the device's copy: the notice says when the server gave it.
    meta: { savedAt: (data) => (data as Pick<CachedProgress, 'fetchedAt'>).fetchedAt },
  });

export const useSubjectChapters = (ownerId: number | undefined, slug: string) =>
  useQuery({ ...subjectChaptersQuery(ownerId ?? 0, slug), enabled: ownerId !== undefined });
