import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBroadcasts } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /me/broadcasts: a student's or parent's notices, newest first, with the number unread. A
 * student's answer is kept on the device (saveOnDevice), so the home shows the last notices offline.
 */
export const myBroadcastsQuery = () =>
  queryOptions({
    queryKey: ['broadcasts', 'mine'],
    queryFn: ({ signal }) => api.get<MyBroadcasts>('/me/broadcasts', undefined, signal),
    meta: { saveOnDevice: true },
  });
export const useMyBroadcasts = () => useQuery(myBroadcastsQuery());
