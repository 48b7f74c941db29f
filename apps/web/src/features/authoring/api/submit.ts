import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityType, SubmissionResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const submitForReview = (entityType: EntityType, entityId: number) =>
  api.post<SubmissionResponse>('/authoring/submissions', { entityType, entityId });

export function useSubmitForReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entityType, entityId }: { entityType: EntityType; entityId: number }) =>
      submitForReview(entityType, entityId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
