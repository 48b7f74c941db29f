import { useQuery } from '@tanstack/react-query';
import type { ParentChildrenResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** The signed-in parent's linked children. */
export const getChildren = (signal?: AbortSignal) => api.get<ParentChildrenResponse>('/me/children', undefined, signal);
export const useChildren = () =>
  useQuery({ queryKey: ['me', 'children'], queryFn: ({ signal }) => getChildren(signal), staleTime: 60_000 });
