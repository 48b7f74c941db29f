import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LanguageNames, SavedItemResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const createSubject = (names: LanguageNames) => api.post<SavedItemResponse>('/authoring/subjects', { names });
export const updateSubject = (id: number, names: LanguageNames) =>
  api.put<SavedItemResponse>(`/authoring/subjects/${id}`, { names });

/** Creates a subject (id null) or changes its names. */
export function useSaveSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, names }: { id: number | null; names: LanguageNames }) =>
      id === null ? createSubject(names) : updateSubject(id, names),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
