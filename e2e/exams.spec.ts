import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO, signInWithCode, staffSignIn, test } from './support';

// The exam launcher (access-and-app-shell.md 2.2) against the outside site's development stand-in,
// which this server runs in tests (EXAM_SITE_PROVIDER=local, playwright.config.ts): the stand-in
// page verifies the signed token as the real site must, and shows whose test it opened.

const expect = baseExpect.configure({ timeout: 30_000 });
const UNAVAILABLE = 'This section is not currently accessible';

/** No serious or critical WCAG 2.1 A/AA violation (as e2e/accessibility.spec.ts checks the other screens). */
async function expectAccessible(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
  expect(serious, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

test.describe('exam launcher', () => {
  // Sign-in and a first page on a shared two-core machine: more than the default minute.
  test.setTimeout(180_000);

  test('a student opens /exams, picks JEE and lands on the test site with test 4 and their user id', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { user: { id: number } };

    await page.goto('/exams');
    for (const type of ['JEE', 'NEET', '12passout', '12', '11'])
      await expect(page.getByTestId(`exam-${type}`)).toBeVisible();
    await expect(page.getByTestId('exam-12passout')).toContainText('Class XII passed');
    await page.getByTestId('exam-JEE').click();

    // The token travels only in the test site's address, never in this app's.
    await expect(page).toHaveURL(/\/api\/v1\/dev\/exam-site\?token=[\w.-]+$/);
    await expect(page.getByTestId('exam-test-id')).toHaveText('4');
    await expect(page.getByTestId('exam-user-id')).toHaveText(String(me.user.id));
    // Back leaves the test site for the list, not for the launcher (which would launch again).
    await page.goBack();
    await expect(page).toHaveURL(/\/exams$/);
    await expect(page.getByTestId('exam-JEE')).toBeVisible();

    // The programme's own route launches alike: class XII is test 10.
    await page.goto('/himalayansuper30/12');
    await expect(page.getByTestId('exam-test-id')).toHaveText('10');
  });

  test('with no test site configured the launcher says the section is not accessible, with a way back', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/concepts$/);
    // This one server runs with the stand-in, and the journeys may use port 3241 only, so the answer
    // of a server without a site (EXAM_SITE_PROVIDER=off) is played here, exactly as
    // apps/server/src/modules/exams/exams.int.test.ts ("with no site configured") shows the server gives it.
    await page.route('**/api/v1/exams/launch', (route) =>
      route.fulfill({ status: 503, json: { code: 'EXAM_SITE_UNAVAILABLE', message: UNAVAILABLE } }),
    );
    await page.goto('/exams/NEET');
    await expect(page.getByTestId('exam-unavailable')).toHaveText(UNAVAILABLE);
    await page.getByTestId('exam-back').click();
    await expect(page).toHaveURL(/\/exams$/);
    await expect(page.getByTestId('exam-NEET')).toBeVisible();
  });

  test('content roles are not offered the launcher, and the server refuses them too', async ({ page }) => {
    await staffSignIn(page, DEMO.contentEditor);
    await page.goto('/exams/JEE');
    await expect(page.getByTestId('exam-unavailable')).toHaveText(UNAVAILABLE);
    await page.goto('/exams');
    await expect(page.getByTestId('exam-unavailable')).toHaveText(UNAVAILABLE);
    await expect(page.getByTestId('exam-JEE')).toHaveCount(0);
    const refused = await page.request.post('/api/v1/exams/launch', { data: { type: 'JEE' } });
    expect(refused.status()).toBe(403);
  });

  test('the public Himalayan Super 30 page opens without a session and leads to sign-in, then to the exams', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/himalayan-super30');
    await expect(page.getByTestId('programme-title')).toHaveText('Himalayan Super 30');
    await expect(page.getByTestId('programme-start')).toHaveText('Sign in to take a test');
    // Phone-first: nothing wider than a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, '/himalayan-super30');
    await page.getByTestId('programme-start').click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithCode(page);
    await expect(page).toHaveURL(/\/exams$/);
    await expect(page.getByTestId('exam-11')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, '/exams');
  });
});
