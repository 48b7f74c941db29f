import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthoringChaptersResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getChapters = (boardId: number, grade: number, signal?: AbortSignal) =>
  api.get<AuthoringChaptersResponse>('/authoring/chapters', { boardId, grade }, signal);
export const chaptersQuery = (boardId: number, grade: number) =>
  queryOptions({
    queryKey: ['authoring', 'chapters', boardId, grade],
    queryFn: ({ signal }) => getChapters(boardId, grade, signal),
  });
export const useChapters = (boardId: number | null, grade: number | null) =>
  useQuery({ ...chaptersQuery(boardId ?? 0, grade ?? 0), enabled: boardId !== null && grade !== null });
