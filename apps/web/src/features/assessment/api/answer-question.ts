import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { pendingAnswers, type AnswerInput } from '../pending-answers';
import { attemptScope, isTransient, storeAttempt, writeRetry, writeRetryDelay } from './attempt-writes';
import { assessmentKeys } from './keys';
import { received } from './loaded-attempt';

export const answerQuestion = async (attemptId: string, position: number, answer: AnswerInput) =>
  received(await api.put<Attempt>(`/assessment/attempts/${attemptId}/questions/${position}/answer`, answer));

export interface AnswerVariables {
  position: number;
  answer: AnswerInput;
}

/**
 * Sends an answer. It is kept on the device as pending (pending-answers.ts) from the moment it is
 * given until the server has it: retried when the network fails, held while offline, marked for
 * "Send again" when the tries run out, and dropped only once the server accepted it or refused it
 * for good (ANSWER_FINAL, TIME_UP, ATTEMPT_FINISHED: the attempt is then read again).
 */
export function useAnswerQuestion(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['assessment', 'answer', attemptId],
    mutationFn: ({ position, answer }: AnswerVariables) => answerQuestion(attemptId, position, answer),
    scope: attemptScope(attemptId),
    retry: writeRetry,
    retryDelay: writeRetryDelay,
    onSuccess: (attempt, { position, answer }) => {
      pendingAnswers.settle(attemptId, position, answer);
      storeAttempt(client, attempt);
    },
    onError: (error, { position, answer }) => {
      if (isTransient(error)) return pendingAnswers.fail(attemptId, position, answer);
      pendingAnswers.settle(attemptId, position, answer);
      void client.invalidateQueries({ queryKey: assessmentKeys.attempt(attemptId) });
    },
  });
}
