import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) => api.get<ProfileResponse>('/me/profile', undefined, signal);
export const profileQuery = () =>
  queryOptions({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
    meta: { saveOnDevice: true },
  });
export const useProfile = () => useQuery(profileQuery());
