import { useMutation } from '@tanstack/react-query';
import type { LinkParentBody, LinkParentResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Staff link a parent (by mobile number) to a student. */
export const linkParent = (studentId: number, body: LinkParentBody) =>
  api.post<LinkParentResponse>(`/students/${studentId}/parents`, body);
export const useLinkParent = (studentId: number) =>
  useMutation({ mutationFn: (body: LinkParentBody) => linkParent(studentId, body) });
