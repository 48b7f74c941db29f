import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopicRatingResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';

export const getTopicRating = (topicId: number, signal?: AbortSignal) =>
  api.get<TopicRatingResponse>(`/learn/topics/${topicId}/rating`, undefined, signal);
export const topicRatingQuery = (topicId: number) =>
  queryOptions({ queryKey: ['learn', 'rating', topicId], queryFn: ({ signal }) => getTopicRating(topicId, signal) });
export const useTopicRating = (topicId: number) => useQuery(topicRatingQuery(topicId));

export const rateTopic = (topicId: number, rating: number) =>
  api.put<TopicRatingResponse>(`/learn/topics/${topicId}/rating`, { rating });
export function useRateTopic(topicId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateTopic(topicId, rating),
    onSuccess: (data) => storeAnswer(client, topicRatingQuery(topicId).queryKey, data),
  });
}
