import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentHome } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * The student's subjects with the size of their question banks, from the quizzes home's answer
 * (GET /assessment/home). Under the home's own query key: the same request, so a student coming from
 * the home sees the subjects at once.
 */
export const subjectsQuery = () =>
  queryOptions({
    queryKey: ['assessment', 'home'],
    queryFn: ({ signal }) => api.get<AssessmentHome>('/assessment/home', undefined, signal),
    staleTime: 0,
    select: (home) => home.subjects,
  });

export const useChallengeSubjects = () => useQuery(subjectsQuery());
