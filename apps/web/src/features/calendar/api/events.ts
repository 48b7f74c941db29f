import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CalendarEvent, CalendarEventInput, CalendarEventsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Every window of events the calendar has asked for sits under this key. */
export const EVENTS_KEY = ['calendar', 'events'] as const;

/** A window of the calendar: the visible range, as instants with the grid zone's offset. */
export interface Window {
  from: string;
  to: string;
}

export const eventsQuery = ({ from, to }: Window) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, from, to],
    queryFn: ({ signal }) => api.get<CalendarEventsResponse>('/calendar/events', { from, to }, signal),
  });

/**
 * The events the caller sees in a window (at most CALENDAR_RANGE_MAX_DAYS: a month view's six
 * weeks). While the next window loads, the last one's events stay (the grid shows only those in
 * range), so moving a month does not blank the calendar.
 */
export const useCalendarEvents = (window: Window | null) =>
  useQuery({
    ...eventsQuery(window ?? { from: '', to: '' }),
    enabled: window !== null,
    placeholderData: keepPreviousData,
  });

const overlaps = (event: CalendarEvent, from: string, to: string) =>
  Date.parse(event.start) < Date.parse(to) && Date.parse(event.end) > Date.parse(from);

/**
 * Puts a saved event in every window held (or takes it out of those it no longer falls in), so the
 * calendar shows it at once; then asks for the windows again, the server's word being final.
 */
function storeEvent(client: QueryClient, event: CalendarEvent | null, removedId: number) {
  for (const [key, data] of client.getQueriesData<CalendarEventsResponse>({ queryKey: EVENTS_KEY })) {
    if (!data) continue;
    const [, , from, to] = key as [string, string, string, string];
    const others = data.events.filter((e) => e.id !== removedId);
    const events =
      event && overlaps(event, from, to) ? [...others, event].sort((a, b) => a.start.localeCompare(b.start)) : others;
    client.setQueryData<CalendarEventsResponse>(key, { ...data, events });
  }
  void client.invalidateQueries({ queryKey: EVENTS_KEY });
}

/**
 * Creates an event (id null) or replaces one whole. Sent at once even offline (networkMode
 * 'always'), so the form says so instead of waiting silently for the network.
 */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, input }: { id: number | null; input: CalendarEventInput }) =>
      id === null
        ? api.post<CalendarEvent>('/calendar/events', input)
        : api.put<CalendarEvent>(`/calendar/events/${id}`, input),
    onSuccess: (event) => storeEvent(client, event, event.id),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: number) => api.delete<undefined>(`/calendar/events/${id}`),
    onSuccess: (_, id) => storeEvent(client, null, id),
  });
}
