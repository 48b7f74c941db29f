import { useMutation } from '@tanstack/react-query';
import type { ReindexResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Rebuilds one student's figures from their learning records (staff with the qa role). */
export const reindexStudent = (studentId: number) => api.post<ReindexResponse>(`/students/${studentId}/reindex`);
export const useReindexStudent = () => useMutation({ mutationFn: reindexStudent });
