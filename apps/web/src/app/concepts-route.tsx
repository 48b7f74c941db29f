import { ConceptsPage } from '../features/learn/concepts-page';
import { HomeSlotsContext, type HomeSlots } from '../features/learn/home-slots';
import { retryableLazy } from '../ui/code-boundary';

// School notices and live classes are features of their own (features do not import each other):
// composed here into the home's rails. Their code and strings start downloading with the page, not
// once it has drawn, and are not part of its first load (the home's rails module waits for them in
// a Suspense).
const noticesRail = retryableLazy(() => import('../features/broadcasts/pages').then((m) => m.loadNoticesRail()));
const liveRail = retryableLazy(() => import('../features/live-classes/pages').then((m) => m.loadLiveRail()));
void noticesRail.preload().catch(() => undefined);
void liveRail.preload().catch(() => undefined);
const SLOTS: HomeSlots = { NoticesRail: noticesRail.Part, LiveRail: liveRail.Part };

/** /concepts: the learner's home, with the parts other features draw on it. */
export function ConceptsRoute() {
  return (
    <HomeSlotsContext value={SLOTS}>
      <ConceptsPage />
    </HomeSlotsContext>
  );
}
