import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorBody, SubjectBundle } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { cacheKey, learnerDb } from '../../../lib/learner-db';

/**
 * A subject's content for offline play. The copy on the device (IndexedDB) is revalidated with its
 * ETag: the server answers 304 when nothing changed, so content downloads again only when it did.
 * Offline, or when the server cannot be reached, the device copy is used.
 */
export async function getSubjectBundle(ownerId: number, slug: string, signal?: AbortSignal): Promise<SubjectBundle> {
  const db = learnerDb();
  const key = cacheKey(ownerId, slug);
  const cached = await db.bundles.get(key);
  if (cached && !navigator.onLine) return cached.bundle;
  let response: Response;
  try {
    response = await fetch(`/api/v1/learn/subjects/${encodeURIComponent(slug)}/bundle`, {
      credentials: 'same-origin',
      headers: cached ? { accept: 'application/json', 'if-none-match': cached.etag } : { accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (cached) return cached.bundle;
    throw new ApiError(0, 'NETWORK', 'Could not connect to server.');
  }
  if (response.status === 304 && cached) return cached.bundle;
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
    // A server in trouble should not take away content the device already has.
    if (response.status >= 500 && cached) return cached.bundle;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText, body?.details);
  }
  const bundle = (await response.json()) as SubjectBundle;
  // Kept for offline play without holding up the screen (storing it is a noticeable moment on a
  // slow phone); a device that cannot store it (storage full) still plays online.
  db.bundles
    .put({ key, ownerId, slug, etag: response.headers.get('etag') ?? `"${bundle.version}"`, bundle, fetchedAt: Date.now() })
    .catch(() => undefined);
  return bundle;
}

export const subjectBundleQuery = (ownerId: number, slug: string) =>
  queryOptions({
    queryKey: ['learn', 'bundle', ownerId, slug],
    queryFn: ({ signal }) => getSubjectBundle(ownerId, slug, signal),
    // Runs offline too: the device copy answers.
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });

export const useSubjectBundle = (ownerId: number | undefined, slug: string) =>
  useQuery({ ...subjectBundleQuery(ownerId ?? 0, slug), enabled: ownerId !== undefined });
