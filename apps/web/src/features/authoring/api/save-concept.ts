import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedItemResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const saveConcept = (topicId: number, language: string, body: string) =>
  api.put<SavedItemResponse>(`/authoring/topics/${topicId}/concepts/${language}`, { body });

export function useSaveConcept(topicId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: string; body: string }) => saveConcept(topicId, language, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
