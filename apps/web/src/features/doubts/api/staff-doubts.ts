import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnswerDoubtBody, Doubt, DoubtsPage, DoubtStatus } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Both staff lists (and each page of them) sit under this key. */
export const STAFF_DOUBTS_KEY = ['doubts', 'staff'] as const;

/** One list's doubts from its first `pages` pages, each once, and the cursor of the page after them. */
export interface StaffDoubts {
  doubts: Doubt[];
  nextBefore: number | null;
}

/** GET /doubts?status=…&before=…: one page of the doubts of the caller's classes, newest first. */
const page = (client: QueryClient, status: DoubtStatus, before: number | null, signal: AbortSignal) =>
  client.fetchQuery({
    queryKey: [...STAFF_DOUBTS_KEY, status, 'page', before],
    queryFn: () => api.get<DoubtsPage>('/doubts', { status, before }, signal),
    // Pages already here are not asked for again by "Load more"; an answer marks them all stale.
    staleTime: 60_000,
  });

/**
 * One list, `pages` pages long ("Load more" asks for one more page: the pages already here come
 * from the cache). While the next page is on its way, the pages before it stay on screen
 * (`isPlaceholderData`). After an answer every page is asked for again; a doubt that moved from
 * one page to the next is listed once.
 */
export function useStaffDoubts(status: DoubtStatus, pages: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...STAFF_DOUBTS_KEY, status, 'list', pages],
    queryFn: async ({ signal }): Promise<StaffDoubts> => {
      const seen = new Set<number>();
      const doubts: Doubt[] = [];
      let before: number | null = null;
      for (let i = 0; i < pages; i++) {
        const next: DoubtsPage = await page(client, status, before, signal);
        for (const d of next.doubts) {
          if (seen.has(d.id)) continue;
          seen.add(d.id);
          doubts.push(d);
        }
        before = next.nextBefore;
        if (before === null) break;
      }
      return { doubts, nextBefore: before };
    },
    placeholderData: (previous) => previous,
  });
}

/**
 * POST /doubts/:id/answers. Sent at once even offline, so the form says so. Both lists are asked
 * for again: the doubt leaves Open and joins Answered.
 */
export function useAnswerDoubt() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, body }: { id: number; body: AnswerDoubtBody }) => api.post<Doubt>(`/doubts/${id}/answers`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_DOUBTS_KEY }),
  });
}
