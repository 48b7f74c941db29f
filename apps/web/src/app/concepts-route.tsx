import { ConceptsPage } from '../features/learn/concepts-page';
import { HomeSlotsContext, type HomeSlots } from '../features/learn/home-slots';
import { retryableLazy } from '../ui/code-boundary';

// School notices and live classes are features of their own (features do not import each other):
// composed here into the home's rails. Their code, strings and answers are asked for when the rails
// render, below the subjects, once the page has drawn: they do not compete with the page's own code
// and answers on a slow connection (the home's rails module waits for them in a Suspense).
const noticesRail = retryableLazy(() => import('../features/broadcasts/pages').then((m) => m.loadNoticesRail()));
const liveRail = retryableLazy(() => import('../features/live-classes/pages').then((m) => m.loadLiveRail()));
const SLOTS: HomeSlots = { NoticesRail: noticesRail.Part, LiveRail: liveRail.Part };

/** /concepts: the learner's home, with the parts other features draw on it. */
export function ConceptsRoute() {
  return (
    <HomeSlotsContext value={SLOTS}>
      <ConceptsPage />
    </HomeSlotsContext>
  );
}
