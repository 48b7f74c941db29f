import { queryOptions } from '@tanstack/react-query';
import type { MeResponse, SharedFiles } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** GET /me/shared-files: what teachers shared with the student's class (issue #26, drive), newest first. */
export const sharedFilesQuery = () =>
  queryOptions({
    queryKey: ['me', 'shared-files'],
    queryFn: ({ signal }) => api.get<SharedFiles>('/me/shared-files', undefined, signal),
  });

/** Only a student (who keeps records: abilities.writeRecords) has a class to share with; others are not asked. */
export const hasSharedFiles = (me: MeResponse | null | undefined) => me?.abilities.writeRecords === true;
