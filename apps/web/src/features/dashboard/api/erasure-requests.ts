import { useQuery } from '@tanstack/react-query';
import type { SchoolErasureRequests } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * A school's erasure requests waiting for its principal (GET /schools/:id/erasure-requests, issue
 * #27), oldest first. Fetched on each visit (never stale): a request answered on a student's page
 * must not linger here.
 */
export const getSchoolErasureRequests = (schoolId: number, signal?: AbortSignal) =>
  api.get<SchoolErasureRequests>(`/schools/${schoolId}/erasure-requests`, undefined, signal);

export const useSchoolErasureRequests = (schoolId: number) =>
  useQuery({
    queryKey: ['erasure-requests', 'school', schoolId],
    queryFn: ({ signal }) => getSchoolErasureRequests(schoolId, signal),
    staleTime: 0,
  });
