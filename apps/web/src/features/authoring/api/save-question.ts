import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionInput, SavedItemResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const createQuestion = (topicId: number, question: QuestionInput) =>
  api.post<SavedItemResponse>('/authoring/questions', { ...question, topicId });
export const updateQuestion = (id: number, question: QuestionInput) =>
  api.put<SavedItemResponse>(`/authoring/questions/${id}`, question);

/** Creates a question in a topic (id null) or changes one. */
export function useSaveQuestion(topicId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, question }: { id: number | null; question: QuestionInput }) =>
      id === null ? createQuestion(topicId, question) : updateQuestion(id, question),
    onSuccess: () => client.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
