import { useQuery } from '@tanstack/react-query';
import type { SchoolParentRequestsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * A school's parent link requests waiting for its principal (GET /schools/:id/parent-requests).
 * Fetched on each visit: a request decided on a student's page must not linger here.
 */
export const useSchoolParentRequests = (schoolId: number | null) =>
  useQuery({
    queryKey: ['parent-requests', 'school', schoolId],
    queryFn: ({ signal }) =>
      api.get<SchoolParentRequestsResponse>(`/schools/${schoolId}/parent-requests`, undefined, signal),
    enabled: schoolId !== null,
  });
