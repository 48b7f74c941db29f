import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink, CalendarFeedStatus } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';

export const feedQuery = () =>
  queryOptions({
    queryKey: ['calendar', 'feed'],
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/calendar/feed', undefined, signal),
  });
/** Whether the caller's private calendar link is on, and since when. */
export const useFeedStatus = (enabled: boolean) => useQuery({ ...feedQuery(), enabled });

/** Makes a new private link (the old one stops working); the answer is the only time it is shown. */
export function useMakeFeedLink() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => api.post<CalendarFeedLink>('/calendar/feed'),
    onSuccess: () => void client.invalidateQueries({ queryKey: feedQuery().queryKey }),
  });
}

/** Turns the private link off: phones subscribed to it stop getting the events. */
export function useTurnOffFeed() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => api.delete<undefined>('/calendar/feed'),
    onSuccess: () => storeAnswer<CalendarFeedStatus>(client, feedQuery().queryKey, { active: false, createdAt: null }),
  });
}
