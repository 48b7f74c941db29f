import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/** A list asked for page by page: the first page, then each older (or further) one after it. */
export interface Paged<P> {
  pages: P[];
}

/**
 * A list that loads more on request (the rooms list, a room's history): the first page is a query
 * (asked again after a reconnect, which keeps only it), and `more()` adds the page after the last.
 * Not TanStack's infinite query: its code would join the shared query chunk every page's first load
 * carries (docs/PERFORMANCE.md), for two lists only staff open.
 */
export function usePaged<P extends { next: C | null }, C>(
  queryKey: QueryKey,
  fetchPage: (after: C | undefined, signal?: AbortSignal) => Promise<P>,
  staleTime?: number,
) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<Paged<P>> => ({ pages: [await fetchPage(undefined, signal)] }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const next = query.data?.pages.at(-1)?.next ?? null;
  const more = async () => {
    if (next === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(next);
      client.setQueryData<Paged<P>>(queryKey, (old) => (old ? { pages: [...old.pages, page] } : old));
    } finally {
      setLoadingMore(false);
    }
  };
  return { ...query, hasMore: next !== null, loadingMore, more };
}
