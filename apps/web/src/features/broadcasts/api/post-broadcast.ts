import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBroadcastBody, SchoolBroadcasts, StaffBroadcast } from '@ki/contracts';
import { api, apiRequest } from '../../../lib/api-client';
import { updateAnswer } from '../../../lib/store-answer';
import { schoolBroadcastsQuery } from './school-broadcasts';

/** PUT /broadcasts/:id/picture: the picture as multipart form data (field "file"). */
export const putNoticePicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<StaffBroadcast>('PUT', `/broadcasts/${id}/picture`, { body: form });
};

/** What posting came to: the notice, and why its picture could not be added (null when it was, or none was chosen). */
export interface Posted {
  posted: StaffBroadcast;
  pictureError: unknown;
}

/**
 * POST /schools/:id/broadcasts, then (with a picture) PUT its picture. Sent at once even offline
 * (networkMode 'always'), so the form says so instead of waiting silently. A refused picture does not
 * undo the notice: it is posted, and the form says the picture was not added. The new notice goes to
 * the top of the school's list.
 */
export function usePostBroadcast(schoolId: number) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ body, picture }: { body: CreateBroadcastBody; picture: File | null }): Promise<Posted> => {
      const posted = await api.post<StaffBroadcast>(`/schools/${schoolId}/broadcasts`, body);
      if (!picture) return { posted, pictureError: null };
      try {
        return { posted: await putNoticePicture(posted.id, picture), pictureError: null };
      } catch (error) {
        return { posted, pictureError: error };
      }
    },
    onSuccess: ({ posted }) => {
      const { queryKey } = schoolBroadcastsQuery(schoolId);
      updateAnswer<SchoolBroadcasts>(client, queryKey, (data) => ({
        ...data,
        broadcasts: [posted, ...data.broadcasts.filter((b) => b.id !== posted.id)],
      }));
    },
  });
}
