import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentClassesResponse } from '@ki/contracts';
import { api } from './api-client';

/**
 * The classes a staff member may put events and live classes on: those they may write quizzes for
 * (GET /assessments/classes, the same scope), with the school's time zone. Kept for the visit, under
 * the quiz screens' key, as they change only when the school changes a teacher's assignments. Shared
 * by the calendar and live classes (features/calendar, features/live-classes).
 */
export const classesQuery = () =>
  queryOptions({
    queryKey: ['assessments', 'classes'],
    queryFn: ({ signal }) => api.get<AssessmentClassesResponse>('/assessments/classes', undefined, signal),
    staleTime: 30 * 60_000,
  });
export const useWriterClasses = (enabled: boolean) => useQuery({ ...classesQuery(), enabled });
