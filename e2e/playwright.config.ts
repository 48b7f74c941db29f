import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, E2E_BASE_URL, E2E_NOW, E2E_PORT } from './env';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ki-e2e-'));

/**
 * Journeys in Debian's Chromium against the real server serving the built web app, on a fresh
 * embedded database per run, at a fixed date (E2E_NOW, see env.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // A journey on a loaded two-core machine (CI shares it) runs several times slower than on an idle one.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: '**/sync-resilience.spec.ts' },
    // Adds 500 records to the demo student, so it runs after every journey that reads his figures.
    {
      name: 'after-journeys',
      use: { browserName: 'chromium' },
      testMatch: '**/sync-resilience.spec.ts',
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'npm run start -w @ki/server',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DEMO_DATA_ON_EMPTY: 'true',
      CLOCK_START: E2E_NOW,
      // The exam launcher's outside site: the stand-in on this server (e2e/exams.spec.ts).
      EXAM_SITE_PROVIDER: 'local',
    },
  },
});
