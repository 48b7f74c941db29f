import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySchoolsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** GET /me/schools: the schools a member of staff may choose, to name them and switch between them. */
export const mySchoolsQuery = () =>
  queryOptions({
    queryKey: ['me', 'schools'],
    queryFn: ({ signal }) => api.get<MySchoolsResponse>('/me/schools', undefined, signal),
    retry: false,
  });
export const useMySchools = () => useQuery(mySchoolsQuery());
