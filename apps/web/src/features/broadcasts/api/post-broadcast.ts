import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBroadcastBody, SchoolBroadcasts, StaffBroadcast } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { schoolBroadcastsQuery } from './school-broadcasts';

/**
 * POST /schools/:id/broadcasts. Sent at once even offline (networkMode 'always'), so the form says
 * so instead of waiting silently. The new notice goes to the top of the school's list.
 */
export function usePostBroadcast(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CreateBroadcastBody) => api.post<StaffBroadcast>(`/schools/${schoolId}/broadcasts`, body),
    onSuccess: (posted) => {
      const { queryKey } = schoolBroadcastsQuery(schoolId);
      client.setQueryData<SchoolBroadcasts>(queryKey, (data) =>
        data ? { ...data, broadcasts: [posted, ...data.broadcasts.filter((b) => b.id !== posted.id)] } : data,
      );
    },
  });
}
