import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportDetail, ReportsQuery, ReportsResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** The query string of the reports and of their CSV: the file is the screen's query. */
export function reportsParams(q: ReportsQuery): URLSearchParams {
  const params = new URLSearchParams({ from: q.from, to: q.to });
  if (q.schoolId !== undefined) params.set('schoolId', String(q.schoolId));
  if (q.grade !== undefined) params.set('grade', String(q.grade));
  if (q.section !== undefined) params.set('section', q.section);
  return params;
}

export const reportsQuery = (q: ReportsQuery) =>
  queryOptions({
    queryKey: ['assessment', 'reports', q.from, q.to, q.schoolId ?? null, q.grade ?? null, q.section ?? null],
    queryFn: ({ signal }) =>
      api.get<ReportsResponse>(`/assessment/reports?${reportsParams(q).toString()}`, undefined, signal),
  });
/** One row per assignment in the range and class; the last rows stay on screen while new ones load. */
export const useReports = (q: ReportsQuery) => useQuery({ ...reportsQuery(q), placeholderData: keepPreviousData });
export const reportsCsvUrl = (q: ReportsQuery) => `/api/v1/assessment/reports.csv?${reportsParams(q).toString()}`;

export const reportDetailQuery = (assignmentId: number) =>
  queryOptions({
    queryKey: ['assessment', 'report', assignmentId],
    queryFn: ({ signal }) => api.get<ReportDetail>(`/assessment/reports/${assignmentId}`, undefined, signal),
  });
/** Per student and per question of one assignment. */
export const useReportDetail = (assignmentId: number | null) =>
  useQuery({ ...reportDetailQuery(assignmentId ?? 0), enabled: assignmentId !== null });
export const studentsCsvUrl = (assignmentId: number) => `/api/v1/assessment/reports/${assignmentId}/students.csv`;
export const questionsCsvUrl = (assignmentId: number) => `/api/v1/assessment/reports/${assignmentId}/questions.csv`;
