import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LanguageNames, SavedItemResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export interface NewChapter {
  subjectId: number;
  boardId: number;
  grade: number;
  names: LanguageNames;
}
export const createChapter = (chapter: NewChapter) => api.post<SavedItemResponse>('/authoring/chapters', chapter);
export const updateChapter = (id: number, names: LanguageNames) =>
  api.put<SavedItemResponse>(`/authoring/chapters/${id}`, { names });

export function useCreateChapter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChapter,
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
export function useUpdateChapter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, names }: { id: number; names: LanguageNames }) => updateChapter(id, names),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
