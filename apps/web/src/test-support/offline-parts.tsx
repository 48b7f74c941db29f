import type { ReactNode } from 'react';

/**
 * A page test's stand-in for ui/offline-parts: the app's "not on this device" part loads lazily with
 * the device store and the whole i18n setup; here it is its words only. Use it as
 * `vi.mock('…/ui/offline-parts', () => import('…/test-support/offline-parts'))`.
 */
export function NotOnDevice({
  failedText,
  loader,
  query,
}: {
  failedText: string;
  loader: ReactNode;
  query: { fetchStatus: string };
}) {
  return query.fetchStatus === 'fetching' ? loader : <div role="alert">{failedText}</div>;
}
