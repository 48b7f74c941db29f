import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAttempt } from './attempt-writes';
import { received } from './loaded-attempt';

export const startAssignment = async (assignmentId: number) =>
  received(await api.post<Attempt>(`/assessment/assignments/${assignmentId}/attempt`));

/** Starts an assigned quiz or test, or resumes the student's attempt at it (one per assignment). */
export function useStartAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startAssignment,
    onSuccess: (attempt) => storeAttempt(client, attempt),
  });
}
