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

/**
 * How Playwright starts Debian's Chromium (playwright.config.ts). A spec that needs more flags
 * (calls.spec.ts: a fake camera and microphone) starts it with these and its own.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
