import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt, AssessmentKind } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAttempt } from './attempt-writes';
import { received } from './loaded-attempt';

export const startPractice = async (kind: AssessmentKind, subjectId: number) =>
  received(await api.post<Attempt>('/assessment/practice', { kind, subjectId }));

/**
 * A practice quiz or test of one subject, drawn by the server from its question bank. 409
 * ATTEMPT_OPEN (details.attemptId) when another attempt is still open: the page offers it.
 */
export function useStartPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, subjectId }: { kind: AssessmentKind; subjectId: number }) => startPractice(kind, subjectId),
    onSuccess: (attempt) => storeAttempt(client, attempt),
  });
}
