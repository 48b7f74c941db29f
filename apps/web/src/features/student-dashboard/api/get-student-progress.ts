import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProgressFilter, StudentDashboardResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

type Progress = StudentDashboardResponse['progress'];

/** Learning and knowledge currency per day, week or month (the dashboard's filter). */
export const getStudentProgress = (studentId: number, filter: ProgressFilter, signal?: AbortSignal) =>
  api.get<Progress>(`/students/${studentId}/progress`, { filter }, signal);

export const useStudentProgress = (studentId: number, filter: ProgressFilter, initial?: Progress) =>
  useQuery({
    queryKey: ['student-progress', studentId, filter],
    queryFn: ({ signal }) => getStudentProgress(studentId, filter, signal),
    initialData: initial && initial.filter === filter ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { saveOnDevice: true },
  });
