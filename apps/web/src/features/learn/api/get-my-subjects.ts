import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySubjectsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getMySubjects = (signal?: AbortSignal) => api.get<MySubjectsResponse>('/me/subjects', undefined, signal);
export const mySubjectsQuery = () =>
  queryOptions({
    queryKey: ['me', 'subjects'],
    queryFn: ({ signal }) => getMySubjects(signal),
    meta: { saveOnDevice: true },
  });
export const useMySubjects = (enabled = true) => useQuery({ ...mySubjectsQuery(), enabled });
