import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthoringCatalogResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getCatalog = (signal?: AbortSignal) =>
  api.get<AuthoringCatalogResponse>('/authoring/catalog', undefined, signal);
export const catalogQuery = () =>
  queryOptions({ queryKey: ['authoring', 'catalog'], queryFn: ({ signal }) => getCatalog(signal) });
export const useCatalog = () => useQuery(catalogQuery());
