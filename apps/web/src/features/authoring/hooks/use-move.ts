import type { ReorderBody } from '@ki/contracts';
import { useReorder } from '../api/reorder';
import { useNotifyError } from './use-notify';

/** Moves one item of an ordered list up or down: the whole new order goes to the server. */
export function useMove(parent: ReorderBody['parent'], ids: number[]) {
  const reorder = useReorder();
  const notifyError = useNotifyError();
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    reorder.mutate({ parent, ids: next }, { onError: notifyError });
  };
  return { move, isPending: reorder.isPending };
}
