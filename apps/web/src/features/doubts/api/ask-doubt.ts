import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskDoubtBody, Doubt, MyDoubts } from '@ki/contracts';
import { api, apiRequest } from '../../../lib/api-client';
import { myDoubtsQuery } from '../../../lib/my-doubts';

/** PUT /doubts/:id/picture: the picture as multipart form data (field "file"). */
export const putPicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Doubt>('PUT', `/doubts/${id}/picture`, { body: form });
};

/** What sending a doubt came to: the doubt, and whether its picture could not be added (why). */
export interface Asked {
  doubt: Doubt;
  pictureError: unknown;
}

/**
 * POST /doubts, then (with a picture) PUT its picture. Sent at once even offline (networkMode
 * 'always'), so the form says so instead of waiting silently. A refused picture does not undo the
 * doubt: it is sent, and the page says the picture was not added. The new doubt goes to the top of
 * the student's list.
 */
export function useAskDoubt() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ body, picture }: { body: AskDoubtBody; picture: File | null }): Promise<Asked> => {
      const doubt = await api.post<Doubt>('/doubts', body);
      if (!picture) return { doubt, pictureError: null };
      try {
        return { doubt: await putPicture(doubt.id, picture), pictureError: null };
      } catch (error) {
        return { doubt, pictureError: error };
      }
    },
    onSuccess: ({ doubt }) => {
      const { queryKey } = myDoubtsQuery();
      client.setQueryData<MyDoubts>(queryKey, (data) =>
        data ? { ...data, doubts: [doubt, ...data.doubts.filter((d) => d.id !== doubt.id)] } : data,
      );
      void client.invalidateQueries({ queryKey });
    },
  });
}
