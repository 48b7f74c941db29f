import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorBody, SubjectBundle } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { cacheKey, deviceDb } from '../../../lib/device-db';
import { subjectBundleUrl } from './subject-bundle-url';

const preloadsTaken = new Set<string>();

/**
 * True the first time this page asks for `path` after the server had the browser fetch it with the
 * page (a Link preload, build/route-preloads.ts): the browser's cache then holds an answer checked
 * with the server (ETag) a moment ago, which the page may take as it is instead of asking again.
 * Its answer is `private, no-cache`, so without this a preload that had already arrived would be
 * checked with the server a second time: one more round trip before a slow phone draws the game.
 */
function takePreload(path: string): boolean {
  if (preloadsTaken.has(path)) return false;
  const url = new URL(path, window.location.href).href;
  const preloaded = performance
    .getEntriesByName(url, 'resource')
    .some((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'fetch');
  if (preloaded) preloadsTaken.add(path);
  return preloaded;
}

/**
 * A subject's content for offline play. The copy on the device (IndexedDB) is revalidated with its
 * ETag: the server answers 304 when nothing changed, so content downloads again only when it did.
 * Offline, or when the server cannot be reached, the device copy is used. On a page opened cold, the
 * server has had the browser fetch it with the page (revalidated by the browser's own cache): that
 * answer is taken as it is, without waiting for the device database to load.
 */
export async function getSubjectBundle(ownerId: number, slug: string, signal?: AbortSignal): Promise<SubjectBundle> {
  const url = subjectBundleUrl(slug);
  if (navigator.onLine && takePreload(url)) {
    const preloaded = await fetch(url, {
      credentials: 'same-origin',
      cache: 'force-cache',
      signal: signal ?? null,
    }).catch((error: Error) => {
      if (error.name === 'AbortError') throw error;
      return null;
    });
    if (preloaded?.ok) return keep(ownerId, slug, preloaded);
    // Refused, a server in trouble or no network: as at any other time, below.
  }
  const { learnerDb } = await deviceDb();
  const cached = await learnerDb().bundles.get(cacheKey(ownerId, slug));
  if (cached && !navigator.onLine) return cached.bundle;
  let response: Response;
  try {
    // No header but the conditional one: the server asks the browser to fetch this beside a subject's
    // pages (rel=preload), and a request with headers of its own would not be given that answer.
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: cached ? { 'if-none-match': cached.etag } : {},
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
  return keep(ownerId, slug, response);
}

/**
 * The content of a 200 answer, kept on the device for offline play without holding up the screen
 * (storing it is a noticeable moment on a slow phone); a device that cannot store it (storage full)
 * still plays online.
 */
async function keep(ownerId: number, slug: string, response: Response): Promise<SubjectBundle> {
  const bundle = (await response.json()) as SubjectBundle;
  const etag = response.headers.get('etag') ?? `"${bundle.version}"`;
  void deviceDb()
    .then(({ learnerDb }) =>
      learnerDb().bundles.put({ key: cacheKey(ownerId, slug), ownerId, slug, etag, bundle, fetchedAt: Date.now() }),
    )
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
