import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkingQueue } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { updateAnswer } from '../../../lib/store-answer';

export const markingQuery = () =>
  queryOptions({
    queryKey: ['assessment', 'marking'],
    queryFn: ({ signal }) => api.get<MarkingQueue>('/assessment/marking', undefined, signal),
  });
/** Open-ended answers of the caller's classes waiting for marks. */
export const useMarkingQueue = () => useQuery(markingQuery());

export interface Mark {
  attemptId: string;
  position: number;
  marks: number;
  comment: string;
}

/** Marks one answer (0-200 with a comment): it leaves the queue, and reports change. */
export function useMarkAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, position, marks, comment }: Mark) =>
      api.put<undefined>(`/assessment/marking/${encodeURIComponent(attemptId)}/${position}`, { marks, comment }),
    onSuccess: (_, mark) => {
      updateAnswer<MarkingQueue>(client, markingQuery().queryKey, (queue) => ({
        items: queue.items.filter((i) => !(i.attemptId === mark.attemptId && i.position === mark.position)),
      }));
      void client.invalidateQueries({ queryKey: ['assessment'] });
    },
  });
}
