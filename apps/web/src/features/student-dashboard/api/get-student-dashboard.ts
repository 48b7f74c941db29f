import { useQuery } from '@tanstack/react-query';
import type { ProgressFilter, StudentDashboardResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** The student dashboard: cards, profile, recently played, concepts to relearn, subjects (dashboards.md 2.2). */
export const getStudentDashboard = (studentId: number, signal?: AbortSignal) =>
  api.get<StudentDashboardResponse>(
    `/students/${studentId}/dashboard`,
    { filter: 'day' satisfies ProgressFilter },
    signal,
  );

export const useStudentDashboard = (studentId: number | null) =>
  useQuery({
    queryKey: ['student-dashboard', studentId],
    queryFn: ({ signal }) => getStudentDashboard(studentId!, signal),
    enabled: studentId !== null,
    staleTime: 60_000,
    retry: false,
    // Kept only for a student's own dashboard (lib/saved-answers.ts saves students' sessions only).
    meta: { saveOnDevice: true },
  });
