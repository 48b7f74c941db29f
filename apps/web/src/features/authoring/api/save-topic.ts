import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LanguageNames, SavedItemResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const createTopic = (chapterId: number, names: LanguageNames) =>
  api.post<SavedItemResponse>('/authoring/topics', { chapterId, names });
export const updateTopic = (id: number, names: LanguageNames) =>
  api.put<SavedItemResponse>(`/authoring/topics/${id}`, { names });

export function useCreateTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, names }: { chapterId: number; names: LanguageNames }) => createTopic(chapterId, names),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
export function useUpdateTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, names }: { id: number; names: LanguageNames }) => updateTopic(id, names),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
