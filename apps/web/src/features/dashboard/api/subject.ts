import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChapterReportCard, SubjectStudentsResponse, SubjectSummary } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export interface SubjectScope {
  schoolIds: number[];
  grade: number;
  subjectId: number;
  chapterId: number | null;
  topicId: number | null;
}

const query = (s: SubjectScope) => ({
  schoolIds: s.schoolIds.length ? s.schoolIds.join(',') : undefined,
  grade: s.grade,
  subjectId: s.subjectId,
  chapterId: s.chapterId ?? undefined,
  topicId: s.topicId ?? undefined,
});

export const useSubjectSummary = (s: SubjectScope) =>
  useQuery({
    queryKey: ['analytics', 'subject', s],
    queryFn: ({ signal }) => api.get<SubjectSummary>('/analytics/subject', query(s), signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useSubjectStudents = (s: SubjectScope, search: string, page: number) =>
  useQuery({
    queryKey: ['analytics', 'subject', 'students', s, search, page],
    queryFn: ({ signal }) =>
      api.get<SubjectStudentsResponse>(
        '/analytics/subject/students',
        { ...query(s), search: search || undefined, page },
        signal,
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function subjectStudentsCsvUrl(s: SubjectScope, search: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query(s), search: search || undefined }))
    if (value !== undefined) params.set(key, String(value));
  return `/api/v1/analytics/subject/students.csv?${params.toString()}`;
}

/** The chapter-wise report of one completion-card figure (dashboards.md 2.7), streamed as CSV. */
export function chapterReportCsvUrl(s: SubjectScope & { chapterId: number }, card: ChapterReportCard): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query(s), subjectId: undefined, topicId: undefined, card }))
    if (value !== undefined) params.set(key, String(value));
  return `/api/v1/analytics/subject/chapter-report.csv?${params.toString()}`;
}
