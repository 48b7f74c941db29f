import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderBody } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const reorder = (body: ReorderBody) => api.put<{ items: unknown[] }>('/authoring/order', body);

export function useReorder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reorder, onSettled: () => client.invalidateQueries({ queryKey: ['authoring'] }) });
}
