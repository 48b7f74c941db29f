import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySubjectsResponse, SubjectBundle } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** GET /me/subjects: the student's subjects (the same answer as the home's, under the same key). */
export const useSubjects = () =>
  useQuery(
    queryOptions({
      queryKey: ['me', 'subjects'],
      queryFn: ({ signal }) => api.get<MySubjectsResponse>('/me/subjects', undefined, signal),
      meta: { saveOnDevice: true },
    }),
  );

/** A subject's chapters and their topics, as the topic picker lists them. */
export interface SubjectTopics {
  chapters: { slug: string; name: string; topics: { id: number; name: string }[] }[];
}

/**
 * The chapters and topics of one subject, from its bundle (GET /learn/subjects/:slug/bundle, the
 * learner pages' content): kept as names and ids only.
 */
export const useSubjectTopics = (slug: string | null) =>
  useQuery({
    queryKey: ['doubts', 'topics', slug],
    queryFn: async ({ signal }): Promise<SubjectTopics> => {
      const bundle = await api.get<SubjectBundle>(
        `/learn/subjects/${encodeURIComponent(slug ?? '')}/bundle`,
        undefined,
        signal,
      );
      return {
        chapters: bundle.chapters.map((c) => ({
          slug: c.slug,
          name: c.name,
          topics: c.topics.map((tp) => ({ id: tp.id, name: tp.name })),
        })),
      };
    },
    enabled: slug !== null,
    staleTime: 5 * 60_000,
  });
