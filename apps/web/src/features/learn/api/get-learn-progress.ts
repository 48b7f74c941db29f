import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LearnProgressResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getLearnProgress = (signal?: AbortSignal) =>
  api.get<LearnProgressResponse>('/learn/progress', undefined, signal);
export const learnProgressQuery = () =>
  queryOptions({
    queryKey: ['learn', 'summary'],
    queryFn: ({ signal }) => getLearnProgress(signal),
    meta: { saveOnDevice: true },
  });
export const useLearnProgress = (enabled = true) => useQuery({ ...learnProgressQuery(), enabled });
