import { queryOptions } from '@tanstack/react-query';
import type { MyDoubts } from '@ki/contracts';
import { api } from './api-client';

/**
 * GET /me/doubts: a student's doubts, newest first, and how many answers they have not seen yet.
 * Shared by /ask-doubts (features/doubts) and the learner home's "a teacher answered" card
 * (features/learn), so marking the answers seen on the one updates the other.
 */
export const myDoubtsQuery = () =>
  queryOptions({
    queryKey: ['doubts', 'mine'],
    queryFn: ({ signal }) => api.get<MyDoubts>('/me/doubts', undefined, signal),
  });
