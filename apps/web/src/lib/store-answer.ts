import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A write's answer put in the page's copy. A read of the same thing still on its way is dropped
 * first: the server may have answered it before the write, and its older copy arriving last would
 * undo the write on screen (a question shown as never opened, a sent message gone, the old language
 * back, a signed-out user shown signed in). TanStack keeps the stored answer when it drops the read.
 */
export function storeAnswer<T>(client: QueryClient, queryKey: QueryKey, data: T): void {
  void client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<T>(queryKey, data);
}

/**
 * A write's effect applied to the page's copy (an item added, removed or marked), with the same care
 * for a read on its way: what else that read would have brought (a colleague's change) comes with
 * the next one. Nothing is held yet: nothing to change, and the first read, which brings the
 * server's word, is left to arrive (dropping it would leave the page waiting for good).
 */
export function updateAnswer<T>(client: QueryClient, queryKey: QueryKey, update: (data: T) => T): void {
  const data = client.getQueryData<T>(queryKey);
  if (data === undefined) return;
  void client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<T>(queryKey, update(data));
}
