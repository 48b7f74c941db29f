import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse } from '@ki/contracts';
import { api } from '../../lib/api-client';

export const getLeaderboard = (page: number, signal?: AbortSignal) =>
  api.get<LeaderboardResponse>('/leaderboard', { page }, signal);
export const useLeaderboard = (page: number) =>
  useQuery({
    queryKey: ['leaderboard', page],
    queryFn: ({ signal }) => getLeaderboard(page, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { saveOnDevice: true },
  });
