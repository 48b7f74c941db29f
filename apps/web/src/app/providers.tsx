import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { FullScreenLoader } from '../ui/full-screen-loader';

// Cached answers name content in the old language: fetch them again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

/**
 * The toast container (Mantine's, with its provider and style sheets) loads when the first toast is
 * shown, not with the page: a learner's screens carry no Mantine until something needs it, and a
 * phone is not made to restyle the page it is reading when Mantine's sheets arrive. A toast shown
 * before the code has arrived waits in the store and appears with it (the service worker keeps the
 * code for the next visits). If its code cannot be fetched (the network dropped on a first visit),
 * the next toast tries again; the app itself is never taken down by it.
 */
const importToasts = () => import('./toasts');

export function DeferredToasts({
  load: fetchToasts = importToasts,
}: {
  load?: () => Promise<{ default: ComponentType }>;
}) {
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Toasts) return;
    let loading = false;
    let active = true;
    const load = () => {
      if (loading) return;
      loading = true;
      fetchToasts().then(
        (m) => active && setToasts(() => m.default),
        () => {
          loading = false;
        },
      );
    };
    if (notificationsStore.getState().notifications.length > 0) load();
    const stopWatching = notificationsStore.subscribe(load);
    return () => {
      active = false;
      stopWatching();
    };
  }, [Toasts, fetchToasts]);
  return Toasts ? <Toasts /> : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <DeferredToasts />
        <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
