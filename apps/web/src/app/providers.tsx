import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { FullScreenLoader } from '../ui/full-screen-loader';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** Toasts sit top-right, close after 6000 ms, at most 3 at once (access-and-app-shell.md 2.7a, 9). */
export const TOASTS = { position: 'top-right', autoClose: 6000, limit: 3 } as const;

// Cached answers name content in the old language: fetch them again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position={TOASTS.position} autoClose={TOASTS.autoClose} limit={TOASTS.limit} />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18next}>
          <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
