import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JoinInfo } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

export const getJoinInfo = (assessmentId: string, signal?: AbortSignal) =>
  api.get<JoinInfo>(`/assessment/join/${encodeURIComponent(assessmentId)}`, undefined, signal);

/** The join page of a shared quiz or test: what it is, and its assignment to the student's class. */
export const joinInfoQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.join(assessmentId),
    queryFn: ({ signal }) => getJoinInfo(assessmentId, signal),
    staleTime: 0,
  });

export const useJoinInfo = (assessmentId: string) => useQuery(joinInfoQuery(assessmentId));
