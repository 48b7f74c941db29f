import { meQueryOptions } from '../../../lib/session';
import { queryClient } from '../../../lib/query-client';
import { learnProgressQuery } from './get-learn-progress';
import { mySubjectsQuery } from './get-my-subjects';

/**
 * Starts the requests of the concepts home (the signed-in user, then a student's subjects and
 * progress) while the page's code is still downloading. The page reads the same queries, so nothing
 * is asked for twice; for a signed-out visitor or a staff member nothing more is asked for.
 */
export function startLearnerHome(): Promise<void> {
  return queryClient
    .ensureQueryData(meQueryOptions())
    .then(async (me) => {
      if (me?.user.role !== 'student') return;
      await Promise.all([queryClient.prefetchQuery(mySubjectsQuery()), queryClient.prefetchQuery(learnProgressQuery())]);
    })
    .catch(() => undefined);
}
