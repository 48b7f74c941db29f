import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthoringChapterResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getChapter = (id: number, signal?: AbortSignal) =>
  api.get<AuthoringChapterResponse>(`/authoring/chapters/${id}`, undefined, signal);
export const chapterQuery = (id: number) =>
  queryOptions({ queryKey: ['authoring', 'chapter', id], queryFn: ({ signal }) => getChapter(id, signal) });
export const useChapter = (id: number) => useQuery(chapterQuery(id));
