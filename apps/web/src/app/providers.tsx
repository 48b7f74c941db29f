import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { whenIdle } from '../lib/when-idle';
import { FullScreenLoader } from '../ui/full-screen-loader';

const Toasts = lazy(() => import('./toasts'));

// Cached answers name content in the old language: fetch them again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

/**
 * The toast container (Mantine's, with its provider) loads when the first toast is shown or once
 * the page is idle, whichever comes first: a toast shown before it arrives waits in the store and
 * appears with it.
 */
function DeferredToasts() {
  const [load, setLoad] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (load) return;
    const stopWatching = notificationsStore.subscribe(() => setLoad(true));
    const cancelIdle = whenIdle(() => setLoad(true), 5000, 3000);
    return () => {
      stopWatching();
      cancelIdle();
    };
  }, [load]);
  return load ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
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
