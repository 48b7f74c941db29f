import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meeting, ScheduleMeeting } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { CHAT_KEY } from './rooms';

/**
 * Staff meetings over HTTP (contracts: chat/meetings.ts). Their answers sit under chat's key, so a
 * reconnect asks for them again with the rest of chat, and the socket's 'refresh-meetings'
 * (chat-events.ts) asks for the list and a shown meeting again.
 */
export const MEETINGS_KEY = [...CHAT_KEY, 'meetings'] as const;

export const meetingsQuery = () =>
  queryOptions({
    queryKey: [...MEETINGS_KEY, 'list'],
    queryFn: ({ signal }) =>
      api.get<{ meetings: Meeting[] }>('/chat/meetings', undefined, signal).then((r) => r.meetings),
  });
/** The caller's coming and running meetings, soonest first. */
export const useMeetings = () => useQuery(meetingsQuery());

export const meetingQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...MEETINGS_KEY, 'one', meetingId],
    queryFn: ({ signal }) => api.get<Meeting>(`/chat/meetings/${meetingId}`, undefined, signal),
  });
/** One meeting the caller is invited to (NOT_FOUND once cancelled); null: no meeting's id to ask about. */
export const useMeeting = (meetingId: string | null) =>
  useQuery({ ...meetingQuery(meetingId ?? ''), enabled: meetingId !== null });

function useMeetingsChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: MEETINGS_KEY });
}

export function useScheduleMeeting() {
  const changed = useMeetingsChanged();
  return useMutation({
    mutationFn: (input: ScheduleMeeting) => api.post<Meeting>('/chat/meetings', input),
    onSuccess: changed,
  });
}

/** The organiser cancels a meeting: it leaves everyone's list. */
export function useCancelMeeting() {
  const changed = useMeetingsChanged();
  return useMutation({
    mutationFn: (meetingId: string) => api.delete<undefined>(`/chat/meetings/${meetingId}`),
    onSuccess: changed,
  });
}
