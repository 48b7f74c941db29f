import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, signInWithCode, staffSignIn, test } from './support';

/**
 * axe-core scan of the main screens, on a phone-sized and a desktop viewport: no violation of impact
 * "serious" or "critical" (WCAG 2.1 A and AA rules). Charts' SVG internals are scanned too.
 */
async function expectAccessible(page: Page, screen: string) {
  await settle(page);
  let serious = await seriousViolations(page);
  if (serious.length > 0) {
    // A scan taken while a toast or a transition was still fading reads text at part opacity: a
    // violation counts only if it is still there once the page has settled a second time.
    await page.waitForTimeout(1_500);
    await settle(page);
    serious = await seriousViolations(page);
  }
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n  ')}`,
  );
  expect(report, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

/** Network quiet and no CSS animation or transition still running (Mantine fades, toasts). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined); // an endless animation (a spinner) must not stop the scan
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** By code and password: one-time codes to one number are throttled to one per 30 s. */
async function studentSignIn(page: Page) {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
}

for (const viewport of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`accessibility (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // axe analyses every node of a chart-heavy page: slow on a shared 2-core machine.
    test.setTimeout(180_000);

    test('sign-in screens', async ({ page }) => {
      await page.goto('/login');
      await expectAccessible(page, 'student sign-in');
      await page.goto('/teacher/login');
      await expectAccessible(page, 'staff sign-in');
      // A field's error message (Mantine's --mantine-color-error) is text too.
      await page.getByTestId('staff-login').click();
      await expect(page.getByText('Please enter all required fields').first()).toBeVisible();
      await expectAccessible(page, 'staff sign-in with its fields’ errors');
    });

    test('the learner’s screens', async ({ page }) => {
      await studentSignIn(page);
      await expectAccessible(page, '/concepts');
      await page.getByTestId('subject-science').click();
      await expect(page.getByTestId('chapters-title')).toBeVisible();
      await expectAccessible(page, '/science/chapters');
      // A chapter's island and a topic game (left unfinished: nothing is recorded).
      const bundle = await page.request.get('/api/v1/learn/subjects/science/bundle');
      const chapter = ((await bundle.json()) as { chapters: { slug: string }[] }).chapters[0]!;
      await page.goto(`/science/${chapter.slug}/topics`);
      await expect(page.getByTestId('stop-1')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'chapter island');
      await page.getByTestId('stop-1').click();
      await page.getByTestId('popup-play').click();
      await expect(page.getByTestId('question')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'topic game');
      await page.goto('/leaderboard');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, '/leaderboard');
    });

    test('the principal’s dashboard and lists', async ({ page }) => {
      await staffSignIn(page, DEMO.principal);
      await expect(page.getByTestId('card-registered')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, '/dashboard');
      await page.getByTestId('grade-tab-7').click();
      await expect(page.getByTestId('grade-total')).toBeVisible();
      await expectAccessible(page, '/dashboard grade VII');
      await page.getByTestId('card-registered').click();
      await expect(page.getByTestId('student-list-title')).toBeVisible();
      await expectAccessible(page, '/student-list');
    });

    test('the student dashboard with a subject’s analysis, and the leaderboard settings', async ({ page }) => {
      await studentSignIn(page);
      await page.goto('/dashboard');
      await expect(page.getByTestId('student-dashboard')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, '/dashboard (student)');
      await page.getByTestId('pie-Science').click();
      await expect(page.getByTestId('subject-analysis')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, '/dashboard subject analysis');
      await page.context().clearCookies();
      await staffSignIn(page, DEMO.principal);
      await page.goto('/leaderboard-settings');
      await expect(page.getByTestId('school-mode')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, '/leaderboard-settings');
    });
  });
}
