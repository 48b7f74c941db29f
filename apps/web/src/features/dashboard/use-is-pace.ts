import { useOverview } from './api/analytics';

/**
 * Whether every school in view is a pace school, whose grades 11 and 12 show as batches
 * ('2020 Batch', dashboards.md 2.3, 9), decided as the dashboard decides it: from the overview of
 * the chosen schools (cached from the dashboard, fetched once on a page opened directly).
 */
export function useIsPace(schoolIds: number[]): boolean {
  const overview = useOverview({ schoolIds, grade: null });
  const schools = overview.data?.schools ?? [];
  return schools.length > 0 && schools.every((s) => s.isPace);
}
