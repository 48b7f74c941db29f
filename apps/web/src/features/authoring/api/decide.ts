import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const approveSubmission = (id: number) => api.post<SubmissionResponse>(`/authoring/submissions/${id}/approve`);
export const sendBackSubmission = (id: number, comment: string) =>
  api.post<SubmissionResponse>(`/authoring/submissions/${id}/return`, { comment });

/** Approve, or send back with a comment (an approver's two decisions). */
export function useDecide(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { approve: true } | { approve: false; comment: string }) =>
      decision.approve ? approveSubmission(id) : sendBackSubmission(id, decision.comment),
    onSettled: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
