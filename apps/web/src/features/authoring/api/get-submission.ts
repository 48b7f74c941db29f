import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionDetailResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getSubmission = (id: number, signal?: AbortSignal) =>
  api.get<SubmissionDetailResponse>(`/authoring/submissions/${id}`, undefined, signal);
export const submissionQuery = (id: number) =>
  queryOptions({
    queryKey: ['authoring', 'submission', id],
    queryFn: ({ signal }) => getSubmission(id, signal),
    staleTime: 0,
  });
export const useSubmission = (id: number) => useQuery(submissionQuery(id));
