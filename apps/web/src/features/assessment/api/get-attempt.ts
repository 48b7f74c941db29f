import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { assessmentKeys } from './keys';
import { received, type LoadedAttempt } from './loaded-attempt';

export const getAttempt = async (attemptId: string, signal?: AbortSignal): Promise<LoadedAttempt> =>
  received(await api.get<Attempt>(`/assessment/attempts/${encodeURIComponent(attemptId)}`, undefined, signal));

/**
 * One attempt, whole. The attempt lives on the server: a page opened again (a reload, another
 * device) resumes from this answer, and it is asked for again when the tab comes back to the front.
 */
export const attemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: assessmentKeys.attempt(attemptId),
    queryFn: ({ signal }) => getAttempt(attemptId, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useAttempt = (attemptId: string) => useQuery(attemptQuery(attemptId));
