import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssessmentDetail, AssignmentInput } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';
import { detailQuery } from './assessments';

/** Sets a published quiz for a class between an opening and a closing time. */
export function useAssign(assessmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignmentInput) =>
      api.post<AssessmentDetail>(`/assessments/${assessmentId}/assignments`, input),
    onSuccess: (detail) => {
      storeAnswer(client, detailQuery(assessmentId).queryKey, detail);
      void client.invalidateQueries({ queryKey: ['assessment', 'reports'] });
    },
  });
}

/** Takes an assignment back (only before anyone started it). */
export function useUnassign(assessmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      api.delete<undefined>(`/assessments/${assessmentId}/assignments/${assignmentId}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: detailQuery(assessmentId).queryKey });
      void client.invalidateQueries({ queryKey: ['assessment', 'reports'] });
    },
  });
}
