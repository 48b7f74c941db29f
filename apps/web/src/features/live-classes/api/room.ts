import { useMutation, useQuery } from '@tanstack/react-query';
import type { JoinLiveClassBody, LiveLaunch, LiveSession } from '@ki/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { LIVE_KEY } from './live-list';

/**
 * GET /live-classes/rooms/:schoolId/:room: the class a join link names (404 when there is none, or
 * it is not the caller's). Asked again each minute while shown, so its status follows the clock; a
 * refusal is final, not tried again.
 */
export const useLiveRoom = (schoolId: string, room: string, enabled = true) =>
  useQuery({
    queryKey: [...LIVE_KEY, 'room', schoolId, room],
    queryFn: ({ signal }) =>
      api.get<LiveSession>(
        `/live-classes/rooms/${encodeURIComponent(schoolId)}/${encodeURIComponent(room)}`,
        undefined,
        signal,
      ),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    refetchInterval: 60_000,
    enabled,
  });

/**
 * POST /live-classes/:id/join: how to open the class for this person (the server records a
 * student's attendance). Sent at once even offline, so the page says so.
 */
export const useJoinLiveClass = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: ({ id, body }: { id: number; body: JoinLiveClassBody }) =>
      api.post<LiveLaunch>(`/live-classes/${id}/join`, body),
  });
