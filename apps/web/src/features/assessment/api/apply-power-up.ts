import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt, PowerUp } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { attemptScope, refreshAfterRefusal, useStoreAttempt } from './attempt-writes';
import { received } from './loaded-attempt';

export const applyPowerUp = async (attemptId: string, powerUp: PowerUp, position: number) =>
  received(await api.post<Attempt>(`/assessment/attempts/${attemptId}/power-ups`, { powerUp, position }));

/** Timer or 50-50 on a question, once per attempt (the server refuses a second use). Not retried: the student sees the outcome. */
export function useApplyPowerUp(attemptId: string) {
  const store = useStoreAttempt();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ powerUp, position }: { powerUp: PowerUp; position: number }) =>
      applyPowerUp(attemptId, powerUp, position),
    scope: attemptScope(attemptId),
    onSuccess: store,
    onError: (error) => refreshAfterRefusal(client, attemptId, error),
  });
}
