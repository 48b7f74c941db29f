import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolBroadcasts } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Every school's notices sit under this key. */
export const SCHOOL_BROADCASTS_KEY = ['broadcasts', 'school'] as const;

/** GET /schools/:id/broadcasts: the school's notices with read counts, and the grades the caller may post to. */
export const schoolBroadcastsQuery = (schoolId: number) =>
  queryOptions({
    queryKey: [...SCHOOL_BROADCASTS_KEY, schoolId],
    queryFn: ({ signal }) => api.get<SchoolBroadcasts>(`/schools/${schoolId}/broadcasts`, undefined, signal),
  });

export const useSchoolBroadcasts = (schoolId: number | null) =>
  useQuery({ ...schoolBroadcastsQuery(schoolId ?? 0), enabled: schoolId !== null });
