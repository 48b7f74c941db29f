import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GradeResponse,
  InsightsResponse,
  OverviewResponse,
  StudentListView,
  StudentsResponse,
} from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** The scope every dashboard call carries: chosen schools and an optional grade. */
export interface Scope {
  schoolIds: number[];
  grade: number | null;
}

const scopeQuery = (s: Scope) => ({
  schoolIds: s.schoolIds.length ? s.schoolIds.join(',') : undefined,
  grade: s.grade ?? undefined,
});

/**
 * Dashboard statistics are reused between visits for a few minutes (the spec kept them in browser
 * storage) and fetched again when the grade changes (it is part of every key).
 */
const STALE_MS = 5 * 60_000;

export const overviewQuery = (s: Scope) =>
  queryOptions({
    queryKey: ['analytics', 'overview', s],
    queryFn: ({ signal }) => api.get<OverviewResponse>('/analytics/overview', scopeQuery(s), signal),
    staleTime: STALE_MS,
  });
export const useOverview = (s: Scope) => useQuery(overviewQuery(s));

export const gradeQuery = (s: Scope, grade: number) =>
  queryOptions({
    queryKey: ['analytics', 'grade', s.schoolIds, grade],
    queryFn: ({ signal }) => api.get<GradeResponse>('/analytics/grade', { ...scopeQuery(s), grade }, signal),
    staleTime: STALE_MS,
  });
export const useGrade = (s: Scope, grade: number | null) =>
  useQuery({ ...gradeQuery(s, grade ?? 0), enabled: grade !== null });

export const insightsQuery = (s: Scope) =>
  queryOptions({
    queryKey: ['analytics', 'insights', s.schoolIds],
    queryFn: ({ signal }) =>
      api.get<InsightsResponse>('/analytics/insights', scopeQuery({ ...s, grade: null }), signal),
    staleTime: STALE_MS,
  });
export const useInsights = (s: Scope, enabled: boolean) => useQuery({ ...insightsQuery(s), enabled });

export interface StudentsParams {
  category: 'registered' | 'active' | 'inactive' | 'band';
  band?: number | undefined;
  search?: string | undefined;
  page: number;
  /** How the list was opened (dashboards.md 2.8); the Students Report when absent. */
  view?: StudentListView | undefined;
}
const studentsQuery = (s: Scope, p: StudentsParams) => ({
  ...scopeQuery(s),
  category: p.category,
  band: p.band,
  search: p.search || undefined,
  page: p.page,
  view: p.view === 'report' ? undefined : p.view,
});

export const useStudents = (s: Scope, p: StudentsParams) =>
  useQuery({
    queryKey: ['analytics', 'students', s, p],
    queryFn: ({ signal }) => api.get<StudentsResponse>('/analytics/students', studentsQuery(s, p), signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The CSV of the same list (the server streams it; the browser downloads it). */
export function studentsCsvUrl(s: Scope, p: Omit<StudentsParams, 'page'>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(studentsQuery(s, { ...p, page: 1 }))) {
    if (value !== undefined && key !== 'page' && key !== 'view') params.set(key, String(value));
  }
  return `/api/v1/analytics/students.csv?${params.toString()}`;
}
