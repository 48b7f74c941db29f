import type { Browser, BrowserContext } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './env';
import { onAppClock, test } from './support';

/**
 * Calls and meetings between browser contexts (calls.spec.ts, meetings.spec.ts): Chromium with its
 * fake camera and microphone (a test pattern and a tone), their permission given.
 */
const MEDIA = ['camera', 'microphone'];

/** For `test.use`: the fake devices and their permission, for the test's own page. */
export const FAKE_MEDIA = {
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
  permissions: MEDIA,
};

/**
 * Opens more contexts for a spec's tests, on the app's clock with the media permission, and closes
 * them after each test so none outlives it.
 */
export function mediaContexts(): (browser: Browser) => Promise<BrowserContext> {
  const opened: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  return async (browser) => {
    const context = await onAppClock(await browser.newContext({ permissions: MEDIA }));
    opened.push(context);
    return context;
  };
}
