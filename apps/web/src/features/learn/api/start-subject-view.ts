import { queryClient } from '../../../lib/query-client';
import { meQueryOptions } from '../../../lib/session';
import { subjectBundleQuery } from './get-subject-bundle';
import { subjectChaptersQuery } from './get-subject-chapters';

/**
 * Starts reading a subject's content (device copy, then the server) and the student's progress in
 * it while the page's code is still downloading. The pages read the same queries (useSubjectView),
 * so nothing is asked for twice; for anyone but a student nothing is asked for.
 */
export function startSubjectView(slug: string): Promise<void> {
  return queryClient
    .ensureQueryData(meQueryOptions())
    .then(async (me) => {
      if (!me?.abilities.writeRecords) return;
      await Promise.all([
        queryClient.prefetchQuery(subjectBundleQuery(me.user.id, slug)),
        queryClient.prefetchQuery(subjectChaptersQuery(me.user.id, slug)),
      ]);
    })
    .catch(() => undefined);
}
