import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentProps } from 'react';
import { CodeBoundary, retryableLazy } from './code-boundary';

// The offline notice and the "not on this device" state load on demand (ui/offline-notice.tsx,
// with the device store and its strings): a first load online carries only these few lines. The
// page hands over its loader, and the layout the query client: a module imported here is also
// reached from the pages, which splits it out of the first load's main file into a file of its own.
const { Part } = retryableLazy(() => import('./offline-notice').then((m) => m.OfflinePart));

type Missing = NonNullable<ComponentProps<typeof Part>['missing']>;

/**
 * The offline notice of the signed-in layout (`client`): mount it at once offline, else once the
 * first screen is up (it also says when a page shows the device's copy because the server could not
 * be reached, and it starts saving the pages' answers for an offline start). With `missing`: a
 * page's answer is not here; its loader while the answer may still come (asked for, or looked for
 * on the device), then why, with "Try again".
 */
function OfflinePart(props: { client?: QueryClient; missing?: Missing }) {
  const loader = props.missing?.loader;
  if (props.missing?.query.fetchStatus === 'fetching') return loader;
  return (
    <CodeBoundary fallback={loader}>
      <Suspense fallback={loader}>
        <Part {...props} />
      </Suspense>
    </CodeBoundary>
  );
}

export const OfflineNoticeSlot = ({ client }: { client: QueryClient }) => <OfflinePart client={client} />;

/** A page's answer is missing (see OfflinePart). */
export const NotOnDevice = (missing: Missing) => <OfflinePart missing={missing} />;
