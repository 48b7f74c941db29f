import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's reset and variables, which the plain shell draws with too. The sheets of Mantine's
// components come with its provider (ui/mantine-root.tsx), so the Mantine-free first screens do not
// download or match them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's variables (generated: scripts/theme-css.ts) and the Mantine-free shell's sheets.
import './ui/theme-variables.css';
import './ui/plain.css';
import './app/shell.css';
import { AppProviders } from './app/providers';
import { AppRouter, startRouter } from './app/router';
import { DEFAULT_TIME_ZONE } from '@ki/domain';
import { applyColorScheme } from './lib/color-scheme';
import { intlLocale } from './lib/intl-locale';
import { storedLanguage } from './lib/i18n';
import { warmUpIntl } from './lib/intl-warm-up';
import { applyPageStyles } from './lib/page-styles';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { meQueryOptions } from './lib/session';

// Every screen starts from the signed-in user (the guards ask for it): ask now, while the first
// page's code is still downloading, rather than once it has arrived and rendered.
void queryClient.prefetchQuery(meQueryOptions());
// The page's first date or number would block the main thread while the browser loads ICU's data:
// a worker loads it meanwhile (lib/intl-warm-up.ts).
warmUpIntl(intlLocale(storedLanguage()), DEFAULT_TIME_ZONE);
applyColorScheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
// The start's three long pieces each run in a task of their own, so the browser can paint and answer
// input between them: this evaluation of the app's code, the router's start (app/router.tsx), the
// first render. A message, not a timer: a timer waits a second in a tab opened in the background.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
const routerStarted = nextTask().then(startRouter);
// The static shell of index.html stays until the style sheets are in: no screen is drawn unstyled.
void Promise.all([applyPageStyles(), routerStarted])
  .then(nextTask)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
registerServiceWorker();
