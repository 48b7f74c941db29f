import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { attemptScope, refreshAfterRefusal, storeAttempt, writeRetry, writeRetryDelay } from './attempt-writes';
import { received } from './loaded-attempt';

/** How the student ends an attempt (time_up is the server's own). */
export type FinishReasonInput = 'submitted' | 'left_full_screen' | 'aborted';

export const finishAttempt = async (attemptId: string, reason: FinishReasonInput) =>
  received(await api.post<Attempt>(`/assessment/attempts/${attemptId}/finish`, { reason }));

/**
 * Submit, abort, or the test left full screen. For the page's attempt it waits behind the answers
 * still on their way (the same scope), so a submission never overtakes the last answer.
 */
export function useFinishAttempt(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: FinishReasonInput) => finishAttempt(attemptId, reason),
    scope: attemptScope(attemptId),
    retry: writeRetry,
    retryDelay: writeRetryDelay,
    onSuccess: (attempt) => storeAttempt(client, attempt),
    onError: (error) => refreshAfterRefusal(client, attemptId, error),
  });
}

/** Aborting an attempt shown elsewhere (the home's open attempt, or the one a new start ran into). */
export function useAbortAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => finishAttempt(attemptId, 'aborted'),
    onSuccess: (attempt) => storeAttempt(client, attempt),
  });
}
