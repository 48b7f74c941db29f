import { createContext, type ComponentType } from 'react';

/**
 * Parts of the learner's home that other features draw, handed in by app/ (features do not import
 * each other: app/concepts-route.tsx composes them). Each is a lazily loaded component: the home's
 * first load stays its own (docs/PERFORMANCE.md).
 */
export interface HomeSlots {
  /** School notices (features/broadcasts), in place of the empty broadcast rail; `emptyText` when there are none. */
  NoticesRail?: ComponentType<{ emptyText: string }>;
  /** Live classes and educational TV (features/live-classes), in place of the empty live class rail. */
  LiveRail?: ComponentType<{ title: string; emptyText: string }>;
}

export const HomeSlotsContext = createContext<HomeSlots>({});
