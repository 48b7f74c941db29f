import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpSchool } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** GET /sign-up/schools/:code: the school of a sign-up code, with what a family may choose there. */
export const getSignUpSchool = (code: string, signal?: AbortSignal) =>
  api.get<SignUpSchool>(`/sign-up/schools/${encodeURIComponent(code)}`, undefined, signal);

export const signUpSchoolQuery = (code: string) =>
  queryOptions({
    queryKey: ['sign-up', 'school', code],
    queryFn: ({ signal }) => getSignUpSchool(code, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * Looks a code up when the family asks (Continue), not as it is typed: unknown codes tried count
 * against the device (20 an hour). A code found before answers from the cache.
 */
export function useFindSignUpSchool() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (code: string) => client.fetchQuery(signUpSchoolQuery(code)) });
}
