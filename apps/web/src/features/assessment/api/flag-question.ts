import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { apiRequest } from '../../../lib/api-client';
import { attemptScope, refreshAfterRefusal, useStoreAttempt, writeRetry, writeRetryDelay } from './attempt-writes';
import { received } from './loaded-attempt';

export interface QuestionFlags {
  position: number;
  review?: boolean;
  bookmarked?: boolean;
}

export const flagQuestion = async (attemptId: string, { position, ...flags }: QuestionFlags) =>
  received(
    await apiRequest<Attempt>('PATCH', `/assessment/attempts/${attemptId}/questions/${position}`, { body: flags }),
  );

/** The panel's flags of a question: to be reviewed, bookmarked. */
export function useFlagQuestion(attemptId: string) {
  const store = useStoreAttempt();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flags: QuestionFlags) => flagQuestion(attemptId, flags),
    scope: attemptScope(attemptId),
    retry: writeRetry,
    retryDelay: writeRetryDelay,
    onSuccess: store,
    onError: (error) => refreshAfterRefusal(client, attemptId, error),
  });
}
