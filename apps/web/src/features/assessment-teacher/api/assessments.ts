import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssessmentDetail,
  AssessmentInput,
  AssessmentKind,
  AssessmentListResponse,
  AssessmentStatus,
} from '@ki/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { classesQuery } from '../../../lib/staff-classes';
import { storeAnswer } from '../../../lib/store-answer';

/** The filter of /quiz-listing (absent: all). */
export interface ListFilter {
  status?: AssessmentStatus | undefined;
  kind?: AssessmentKind | undefined;
}

export const listQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: ['assessments', 'list', filter.status ?? null, filter.kind ?? null],
    queryFn: ({ signal }) =>
      api.get<AssessmentListResponse>('/assessments', { status: filter.status, kind: filter.kind }, signal),
  });
/** The caller's quizzes and tests (a principal: the school's), newest first. */
export const useAssessments = (filter: ListFilter) => useQuery(listQuery(filter));

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessments', 'detail', id],
    queryFn: ({ signal }) => api.get<AssessmentDetail>(`/assessments/${id}`, undefined, signal),
  });
/** One quiz with its questions, answer keys and assignments (staff only). */
export const useAssessment = (id: number | null) => useQuery({ ...detailQuery(id ?? 0), enabled: id !== null });

/** The classes the caller may write for, assign to and report on (kept for the visit: lib/staff-classes). */
export const useAssessmentClasses = () => useQuery(classesQuery());

/** Puts a quiz the server answered with in the cache, and marks the lists as old. */
function useStoreDetail() {
  const client = useQueryClient();
  return (detail: AssessmentDetail) => {
    storeAnswer(client, detailQuery(detail.id).queryKey, detail);
    void client.invalidateQueries({ queryKey: ['assessments', 'list'] });
  };
}

/**
 * Creates a quiz (id null) or replaces one whole, questions in order. Refused once students have
 * attempts (ASSESSMENT_HAS_ATTEMPTS): the quiz is then asked for again, and the editor locks.
 */
export function useSaveAssessment() {
  const store = useStoreDetail();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AssessmentInput }) =>
      id === null
        ? api.post<AssessmentDetail>('/assessments', input)
        : api.put<AssessmentDetail>(`/assessments/${id}`, input),
    onSuccess: store,
    onError: (error, { id }) => {
      if (id !== null && error instanceof ApiError && error.code === 'ASSESSMENT_HAS_ATTEMPTS')
        void client.invalidateQueries({ queryKey: detailQuery(id).queryKey });
    },
  });
}

/** Publishes a quiz: refused (NOT_ENOUGH_QUESTIONS) under 4 questions. */
export function usePublishAssessment() {
  const store = useStoreDetail();
  return useMutation({
    mutationFn: (id: number) => api.post<AssessmentDetail>(`/assessments/${id}/publish`),
    onSuccess: store,
  });
}

export function useDeleteAssessment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`/assessments/${id}`),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: detailQuery(id).queryKey });
      void client.invalidateQueries({ queryKey: ['assessments', 'list'] });
    },
  });
}
