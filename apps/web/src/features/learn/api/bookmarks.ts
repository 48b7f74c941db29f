import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookmarksResponse, BookmarkState } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getBookmarks = (subject?: string, signal?: AbortSignal) =>
  api.get<BookmarksResponse>('/bookmarks', { subject }, signal);
export const bookmarksQuery = (subject?: string) =>
  queryOptions({
    queryKey: ['learn', 'bookmarks', subject ?? null],
    queryFn: ({ signal }) => getBookmarks(subject, signal),
    meta: { saveOnDevice: true },
  });
export const useBookmarks = (subject?: string) => useQuery(bookmarksQuery(subject));

export type BookmarkKind = 'concepts' | 'questions';
export const setBookmark = (kind: BookmarkKind, id: number, bookmarked: boolean) =>
  bookmarked
    ? api.put<BookmarkState>(`/bookmarks/${kind}/${id}`)
    : api.delete<BookmarkState>(`/bookmarks/${kind}/${id}`);

/** Adds or removes a bookmark; every bookmark list is refetched after. */
export function useSetBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, bookmarked }: { kind: BookmarkKind; id: number; bookmarked: boolean }) =>
      setBookmark(kind, id, bookmarked),
    onSettled: () => client.invalidateQueries({ queryKey: ['learn', 'bookmarks'] }),
  });
}
