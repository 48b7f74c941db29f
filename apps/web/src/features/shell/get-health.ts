import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@ki/contracts';
import { api } from '../../lib/api-client';

export const getHealth = (signal?: AbortSignal) => api.get<HealthResponse>('/health', undefined, signal);

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal), staleTime: 30_000 });

export const useHealth = () => useQuery(healthQueryOptions());
