import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { attemptScope, refreshAfterRefusal, useStoreAttempt, writeRetry, writeRetryDelay } from './attempt-writes';
import { received } from './loaded-attempt';

export const viewQuestion = async (attemptId: string, position: number) =>
  received(await api.post<Attempt>(`/assessment/attempts/${attemptId}/questions/${position}/view`));

/**
 * The question is on screen: its first view starts its clock on the server (a quiz's marks count from
 * it). `onFailed` hears of a view that failed for good (its tries spent, or refused).
 */
export function useViewQuestion(attemptId: string, onFailed?: (position: number) => void) {
  const store = useStoreAttempt();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (position: number) => viewQuestion(attemptId, position),
    scope: attemptScope(attemptId),
    retry: writeRetry,
    retryDelay: writeRetryDelay,
    onSuccess: store,
    onError: (error, position) => {
      refreshAfterRefusal(client, attemptId, error);
      onFailed?.(position);
    },
  });
}
