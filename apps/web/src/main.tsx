import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the @mantine/core sheets of components the app uses (generated: scripts/mantine-styles.mjs).
import './app/mantine-styles';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
registerServiceWorker();
