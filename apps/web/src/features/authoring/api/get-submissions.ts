import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmissionStatus, SubmissionsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getSubmissions = (status: SubmissionStatus, signal?: AbortSignal) =>
  api.get<SubmissionsResponse>('/authoring/submissions', { status }, signal);
export const submissionsQuery = (status: SubmissionStatus) =>
  queryOptions({
    queryKey: ['authoring', 'submissions', status],
    queryFn: ({ signal }) => getSubmissions(status, signal),
    staleTime: 0,
  });
export const useSubmissions = (status: SubmissionStatus) => useQuery(submissionsQuery(status));
