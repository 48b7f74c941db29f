import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthoringTopicResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getTopic = (id: number, signal?: AbortSignal) =>
  api.get<AuthoringTopicResponse>(`/authoring/topics/${id}`, undefined, signal);
export const topicQuery = (id: number) =>
  queryOptions({ queryKey: ['authoring', 'topic', id], queryFn: ({ signal }) => getTopic(id, signal) });
export const useTopic = (id: number) => useQuery(topicQuery(id));
