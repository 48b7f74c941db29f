import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubjectChaptersResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getSubjectChapters = (slug: string, signal?: AbortSignal) => api.get<SubjectChaptersResponse>(`/learn/subjects/${encodeURIComponent(slug)}`, undefined, signal);
export const subjectChaptersQuery = (slug: string) =>
  queryOptions({ queryKey: ['learn', 'subjects', slug], queryFn: ({ signal }) => getSubjectChapters(slug, signal) });
export const useSubjectChapters = (slug: string) => useQuery(subjectChaptersQuery(slug));
