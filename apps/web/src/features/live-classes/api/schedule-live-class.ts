import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveClassValues, LiveList, LiveSession } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { liveListQuery, LIVE_KEY } from './live-list';

/** The school calendar's windows of events (features/calendar): a live class is one of its events. */
const CALENDAR_EVENTS_KEY = ['calendar', 'events'] as const;

/**
 * POST /live-classes. Sent at once even offline (networkMode 'always'), so the form says so instead
 * of waiting silently. The new class joins the list at once; the list and the calendar are asked for again.
 */
export function useScheduleLiveClass() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: LiveClassValues) => api.post<LiveSession>('/live-classes', input),
    onSuccess: (session) => {
      client.setQueryData<LiveList>(liveListQuery().queryKey, (data) =>
        data
          ? {
              ...data,
              classes: [...data.classes.filter((c) => c.id !== session.id), session].sort((a, b) =>
                a.start.localeCompare(b.start),
              ),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: LIVE_KEY });
      void client.invalidateQueries({ queryKey: CALENDAR_EVENTS_KEY });
    },
  });
}

/**
 * DELETE /calendar/events/:id: a live class is a calendar event, deleted as one. It leaves the lists
 * at once; the lists and the calendar are asked for again.
 */
export function useDeleteLiveClass() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: number) => api.delete<undefined>(`/calendar/events/${id}`),
    onSuccess: (_, id) => {
      client.setQueryData<LiveList>(liveListQuery().queryKey, (data) =>
        data
          ? {
              classes: data.classes.filter((c) => c.id !== id),
              programmes: data.programmes.filter((c) => c.id !== id),
              recent: data.recent.filter((c) => c.id !== id),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: LIVE_KEY });
      void client.invalidateQueries({ queryKey: CALENDAR_EVENTS_KEY });
    },
  });
}
