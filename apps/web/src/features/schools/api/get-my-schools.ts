import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySchoolsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getMySchools = (signal?: AbortSignal) => api.get<MySchoolsResponse>('/me/schools', undefined, signal);
export const mySchoolsQuery = () =>
  queryOptions({ queryKey: ['me', 'schools'], queryFn: ({ signal }) => getMySchools(signal), retry: false });
export const useMySchools = () => useQuery(mySchoolsQuery());
