import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { whenIdle } from '../lib/when-idle';
import { FullScreenLoader } from '../ui/full-screen-loader';

// Cached answers name content in the old language: fetch them again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

/**
 * The toast container (Mantine's, with its provider) loads when the first toast is shown or once
 * the page is idle, whichever comes first: a toast shown before it arrives waits in the store and
 * appears with it. If its code cannot be fetched (the network dropped on a first visit), the next
 * toast tries again; the app itself is never taken down by it.
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
    const cancelIdle = whenIdle(load, 5000, 3000);
    return () => {
      active = false;
      stopWatching();
      cancelIdle();
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
