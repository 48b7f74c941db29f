import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, web components) and `server` (API and database integration,
 * one fresh database per test file: PGlite in memory, or a throw-away schema on the PostgreSQL
 * named by TEST_DATABASE_URL). Browser journeys live in e2e/ and run with Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'eslint.config.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.int.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
