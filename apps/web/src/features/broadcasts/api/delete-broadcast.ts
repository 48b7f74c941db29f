import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolBroadcasts } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { updateAnswer } from '../../../lib/store-answer';
import { schoolBroadcastsQuery } from './school-broadcasts';

/** DELETE /broadcasts/:id: taken out of the school's list once the server has deleted it. */
export function useDeleteBroadcast(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: number) => api.delete<undefined>(`/broadcasts/${id}`),
    onSuccess: (_, id) => {
      updateAnswer<SchoolBroadcasts>(client, schoolBroadcastsQuery(schoolId).queryKey, (data) => ({
        ...data,
        broadcasts: data.broadcasts.filter((b) => b.id !== id),
      }));
    },
  });
}
