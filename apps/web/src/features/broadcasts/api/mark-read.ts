import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyBroadcasts } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { updateAnswer } from '../../../lib/store-answer';
import { myBroadcastsQuery } from './my-broadcasts';

/** One notice marked read in the caller's list, and the unread count with it. */
export function withRead(data: MyBroadcasts, id: number): MyBroadcasts {
  const target = data.broadcasts.find((b) => b.id === id);
  if (!target || target.read) return data;
  return {
    broadcasts: data.broadcasts.map((b) => (b.id === id ? { ...b, read: true } : b)),
    unread: Math.max(0, data.unread - 1),
  };
}

/**
 * POST /broadcasts/:id/read when a notice is opened. The list shows it read at once; offline the
 * request waits for the network (TanStack Query pauses it) and is sent when it returns.
 */
export function useMarkBroadcastRead() {
  const client = useQueryClient();
  const { queryKey } = myBroadcastsQuery();
  return useMutation({
    mutationFn: (id: number) => api.post<undefined>(`/broadcasts/${id}/read`),
    onMutate: (id) => {
      updateAnswer<MyBroadcasts>(client, queryKey, (data) => withRead(data, id));
    },
    // Refused (the notice was deleted meanwhile): the server's list is the word.
    onError: () => void client.invalidateQueries({ queryKey }),
  });
}
