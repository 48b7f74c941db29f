import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardSettingsResponse, MySchoolsResponse } from '@ki/contracts';
import { api } from '../../lib/api-client';
import { storeAnswer } from '../../lib/store-answer';

type Mode = LeaderboardSettingsResponse['mode'];

/** The schools the signed-in principal may set (GET /me/schools). */
export const useSettingsSchools = () =>
  useQuery({
    queryKey: ['me', 'schools'],
    queryFn: ({ signal }) => api.get<MySchoolsResponse>('/me/schools', undefined, signal),
    staleTime: 300_000,
  });

const key = (schoolId: number | null) => ['leaderboard-settings', schoolId] as const;

/** A school's leaderboard setting and each grade's own. */
export const useLeaderboardSettings = (schoolId: number | null) =>
  useQuery({
    queryKey: key(schoolId),
    queryFn: ({ signal }) =>
      api.get<LeaderboardSettingsResponse>(`/schools/${schoolId}/leaderboard`, undefined, signal),
    enabled: schoolId !== null,
  });

export function useSetSchoolMode(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: Mode) => api.put<{ schoolId: number; mode: Mode }>(`/schools/${schoolId}/leaderboard`, { mode }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(schoolId) }),
  });
}

export function useSetGradeMode(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ grade, mode }: { grade: number; mode: Mode | null }) =>
      api.put<LeaderboardSettingsResponse>(`/schools/${schoolId}/leaderboard/grades/${grade}`, { mode }),
    onSuccess: (data) => storeAnswer(client, key(schoolId), data),
  });
}
