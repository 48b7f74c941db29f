import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Changes the cached answers under `key` as a live event says, where they are. An answer being
 * fetched at that moment was read on the server before the event, and would put the old state back
 * when it lands: it is cancelled and asked for again, so the event is never lost.
 */
export function changeCached<T>(client: QueryClient, key: QueryKey, change: (old: T | undefined) => T | undefined) {
  client.setQueriesData<T>({ queryKey: key }, change);
  if (client.isFetching({ queryKey: key }) > 0) void client.invalidateQueries({ queryKey: key });
}
