import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeclineErasureBody,
  EraseStudentBody,
  EraseStudentResponse,
  ErasureRequest,
  ErasureRequestBody,
  StudentPrivacy,
} from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * A student's data rights (issue #27; DPDP Act 2023: the parent of a child exercises the child's
 * rights): what the caller may do with the data, the erasure requests, and the three decisions on
 * them. The server decides who may export, ask, decline and erase; the panel shows its flags.
 */
export const privacyKey = (studentId: number) => ['students', studentId, 'privacy'] as const;

export const getStudentPrivacy = (studentId: number, signal?: AbortSignal) =>
  api.get<StudentPrivacy>(`/students/${studentId}/privacy`, undefined, signal);
export const useStudentPrivacy = (studentId: number) =>
  useQuery({ queryKey: privacyKey(studentId), queryFn: ({ signal }) => getStudentPrivacy(studentId, signal) });

/** Refreshes the flags and requests after an answer, and after a refusal (a request already waiting). */
function usePrivacyMutation<V, R>(studentId: number, mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: privacyKey(studentId) }) });
}

/** A linked parent asks the school to erase the child's data (409 CONFLICT while one waits). */
export const useRequestErasure = (studentId: number) =>
  usePrivacyMutation(studentId, (body: ErasureRequestBody) =>
    api.post<ErasureRequest>(`/students/${studentId}/erasure-requests`, body),
  );

/** The principal (or super-admin) declines a request; the parent is texted the note. */
export const useDeclineErasure = (studentId: number) =>
  usePrivacyMutation(studentId, ({ requestId, body }: { requestId: number; body: DeclineErasureBody }) =>
    api.post<ErasureRequest>(`/students/${studentId}/erasure-requests/${requestId}/decline`, body),
  );

/**
 * The principal (or super-admin) erases the student: irreversible. Every cached figure may count
 * the student, so all go stale, but none is fetched again here: this student's own queries would
 * answer 404 while the page is still open. The pages opened next fetch theirs afresh.
 */
export function useEraseStudent(studentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseStudentBody) => api.post<EraseStudentResponse>(`/students/${studentId}/erasure`, body),
    onSuccess: () =>
      client.invalidateQueries({ refetchType: 'none', predicate: (query) => query.queryKey[0] !== 'me' }),
  });
}
