/**
 * What the browser journeys run against, shared by the Playwright config and the tests.
 *
 * E2E_NOW fixes the date: the server's clock starts there (CLOCK_START), the demo chain's activity
 * ends there, and every page's Date runs from it (support.ts), so the journeys see the same world
 * whatever day they run on. `npm run test:e2e:dates` runs them at other dates.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DEFAULT_NOW = '2026-11-26T06:30:00.000Z';
export const E2E_NOW = new Date(process.env.E2E_NOW ?? E2E_DEFAULT_NOW).toISOString();
