import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyDoubts } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { myDoubtsQuery } from '../../../lib/my-doubts';
import { updateAnswer } from '../../../lib/store-answer';

/** GET /me/doubts (a student): their doubts, newest first, and the answers not seen yet. */
export const useMyDoubts = () => useQuery(myDoubtsQuery());

/** Every answer of the list marked seen, as POST /me/doubts/seen leaves them on the server. */
export const withAnswersSeen = (data: MyDoubts): MyDoubts => ({
  doubts: data.doubts.map((d) => (d.answers.length > 0 && !d.answerSeen ? { ...d, answerSeen: true } : d)),
  unseenAnswers: 0,
});

/**
 * POST /me/doubts/seen, once the page shows answers not seen yet: the list (and the home's card,
 * which reads the same answer) stops counting them. Offline it waits for the network.
 */
export function useMarkAnswersSeen() {
  const client = useQueryClient();
  const { queryKey } = myDoubtsQuery();
  return useMutation({
    mutationFn: () => api.post<undefined>('/me/doubts/seen'),
    onSuccess: () => {
      updateAnswer<MyDoubts>(client, queryKey, withAnswersSeen);
    },
  });
}
