import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DecideParentLinkResponse,
  LinkParentBody,
  LinkParentResponse,
  ParentLinkRequestResponse,
  StudentParentsResponse,
  UnlinkParentResponse,
} from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * A student's parent links (security issue #21): the links, the requests, and what the caller may
 * do. The server decides who may link, request, decide and unlink; the page shows buttons from its flags.
 */
const parentsKey = (studentId: number) => ['students', studentId, 'parents'] as const;

export const getStudentParents = (studentId: number, signal?: AbortSignal) =>
  api.get<StudentParentsResponse>(`/students/${studentId}/parents`, undefined, signal);
export const useStudentParents = (studentId: number) =>
  useQuery({ queryKey: parentsKey(studentId), queryFn: ({ signal }) => getStudentParents(studentId, signal) });

/** Refreshes the student's list after any change. */
function useParentsMutation<V, R>(studentId: number, mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: parentsKey(studentId) }) });
}

/** The principal (or super-admin) links a parent by mobile number. */
export const linkParent = (studentId: number, body: LinkParentBody) =>
  api.post<LinkParentResponse>(`/students/${studentId}/parents`, body);
export const useLinkParent = (studentId: number) =>
  useParentsMutation(studentId, (body: LinkParentBody) => linkParent(studentId, body));

/** A teacher asks for a link; the principal decides. */
export const useRequestParentLink = (studentId: number) =>
  useParentsMutation(studentId, (body: LinkParentBody) =>
    api.post<ParentLinkRequestResponse>(`/students/${studentId}/parent-requests`, body),
  );

export const useDecideParentLink = (studentId: number) =>
  useParentsMutation(studentId, ({ requestId, action }: { requestId: number; action: 'approve' | 'reject' }) =>
    api.post<DecideParentLinkResponse>(`/students/${studentId}/parent-requests/${requestId}/${action}`),
  );

export const useUnlinkParent = (studentId: number) =>
  useParentsMutation(studentId, (linkId: number) =>
    api.delete<UnlinkParentResponse>(`/students/${studentId}/parents/${linkId}`),
  );
