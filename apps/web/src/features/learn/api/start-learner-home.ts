import { meQueryOptions, storedMe } from '../../../lib/session';
import { queryClient } from '../../../lib/query-client';
import { learnProgressQuery } from './get-learn-progress';
import { mySubjectsQuery } from './get-my-subjects';

/**
 * Starts the requests of the concepts home (the signed-in user, a student's subjects and progress)
 * while the page's code is still downloading. The page reads the same queries, so nothing is asked
 * for twice. When this browser last knew a student (the stored answer of /me), the subjects and
 * progress are asked for beside /me rather than after it: the server answers for whoever the
 * session is, and the answers are not kept on the device. Otherwise they wait for /me, and for a
 * signed-out visitor or a staff member nothing more is asked for.
 */
export function startLearnerHome(): Promise<void> {
  const home = () =>
    Promise.all([queryClient.prefetchQuery(mySubjectsQuery()), queryClient.prefetchQuery(learnProgressQuery())]);
  const early = storedMe()?.abilities.writeRecords ? home() : null;
  return queryClient
    .ensureQueryData(meQueryOptions())
    .then(async (me) => {
      if (me?.abilities.writeRecords) await (early ?? home());
    })
    .catch(() => undefined);
}
