import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriveListing } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Every folder's listing sits under this key: a change anywhere asks for them again. */
export const DRIVE_KEY = ['drive'] as const;

/** GET /drive?folderId=: one folder of the caller's drive (null: the top), with the space used. */
export const driveQuery = (folderId: number | null) =>
  queryOptions({
    queryKey: [...DRIVE_KEY, folderId],
    queryFn: ({ signal }) => api.get<DriveListing>('/drive', { folderId }, signal),
  });

export const useDriveListing = (folderId: number | null) => useQuery(driveQuery(folderId));
