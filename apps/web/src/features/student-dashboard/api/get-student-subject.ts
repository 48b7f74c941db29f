import { useQuery } from '@tanstack/react-query';
import type { StudentSubjectResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** One subject's analysis for a student (dashboards.md 2.2, subject detail). */
export const getStudentSubject = (studentId: number, subjectId: number, signal?: AbortSignal) =>
  api.get<StudentSubjectResponse>(`/students/${studentId}/subjects/${subjectId}`, undefined, signal);

export const useStudentSubject = (studentId: number, subjectId: number | null) =>
  useQuery({
    queryKey: ['student-subject', studentId, subjectId],
    queryFn: ({ signal }) => getStudentSubject(studentId, subjectId!, signal),
    enabled: subjectId !== null,
    staleTime: 60_000,
    meta: { saveOnDevice: true },
  });
