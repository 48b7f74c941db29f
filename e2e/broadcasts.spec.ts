import { expect as baseExpect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, lastOtp, onAppClock, requestOtp, signInWithCode, staffSignIn, test, typeOtp } from './support';

// Three browsers on a shared machine: a page's chunk and its answers may take a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const PARENT = '9000000009';
const GRADE_VII = 'Field trip on Monday';
const GRADE_VIII = 'Grade VIII only notice';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** A picture for a notice: a 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Posts a notice from /broadcast to one grade (its roman numeral), with a picture when told, and waits for the server's 201. */
async function post(page: Page, title: string, body: string, grade: string, picture = false) {
  const compose = page.getByTestId('compose');
  await compose.getByTestId('compose-title').fill(title);
  await compose.getByTestId('compose-body').fill(body);
  if (picture) {
    await compose.locator('input[type="file"]').setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
    await expect(compose.getByTestId('compose-preview')).toBeVisible();
  }
  await compose.getByText(grade, { exact: true }).click();
  const posted = page.waitForResponse(
    (r) => /\/api\/v1\/schools\/\d+\/broadcasts$/.test(r.url()) && r.request().method() === 'POST',
  );
  await compose.getByTestId('compose-post').click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByTestId('sent-title').first()).toHaveText(title);
}

test('the principal posts to grade VII and to grade VIII; Aarav sees and opens only his, the principal sees it read, and his parent sees it for him', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await staffSignIn(page, DEMO.principal);
  await page.getByRole('navigation').getByRole('link', { name: 'Notices' }).click();
  await expect(page).toHaveURL(/\/broadcast$/);
  // The demo school's notices are there already (broadcasts-demo.ts).
  await expect(page.getByTestId('sent-title').filter({ hasText: 'Winter uniform from next week' })).toBeVisible();

  // Nothing is sent without a title, in the form's words.
  await page.getByTestId('compose-post').click();
  await expect(page.getByTestId('compose').getByText('Please enter a title')).toBeVisible();
  await post(page, GRADE_VII, 'Meet at the school gate at 8:00 with a packed lunch.', 'VII', true);
  await expect(page.getByText('Notice posted.')).toBeVisible();
  await post(page, GRADE_VIII, 'Only for grade VIII.', 'VIII');
  const sentVII = page.getByTestId('sent-notice').filter({ hasText: GRADE_VII }).first();
  await expect(sentVII.getByTestId('sent-meta')).toContainText('Grades VII');
  await expect(sentVII.getByTestId('sent-reads')).toContainText(/^Read by 0 of \d+ students/);
  await page.screenshot({ path: testInfo.outputPath('notices-broadcast-1280.png'), fullPage: true });

  // Aarav (grade VII), on a 360 px phone: the grade VII notice on his home, not the grade VIII one.
  const studentContext = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(studentContext);
  const student = await studentContext.newPage();
  await student.goto('/login');
  await signInWithCode(student);
  await expect(student).toHaveURL(/\/concepts$/);
  const rail = student.getByTestId('rail-broadcast');
  const row = rail.getByTestId('notice-row').filter({ hasText: GRADE_VII });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', '');
  await expect(rail.getByText(GRADE_VIII)).toHaveCount(0);
  // The demo's two unread notices and the new one.
  await expect(rail.getByTestId('notices-unread')).toHaveText('3 new');
  await rail.scrollIntoViewIfNeeded();
  await student.screenshot({ path: testInfo.outputPath('notices-rail-360.png'), fullPage: true });
  // Under "See all", every notice for him, and still not the grade VIII one.
  await rail.getByTestId('notices-see-all').click();
  const all = student.getByTestId('notices-all');
  await expect(all.getByTestId('notice-row')).toHaveCount(6);
  await expect(all.getByText(GRADE_VIII)).toHaveCount(0);
  await all.getByTestId('dialog-close').click();
  await expect(all).toHaveCount(0);

  const read = student.waitForResponse((r) => /\/api\/v1\/broadcasts\/\d+\/read$/.test(r.url()));
  await row.click();
  const notice = student.getByTestId('notice-open');
  await expect(notice.getByRole('heading', { name: GRADE_VII })).toBeVisible();
  await expect(notice.getByTestId('notice-body')).toHaveText('Meet at the school gate at 8:00 with a packed lunch.');
  // Its picture, fetched with his session.
  await expect
    .poll(() =>
      notice.getByTestId('notice-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(1);
  expect((await read).status()).toBe(204);
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await student.screenshot({ path: testInfo.outputPath('notices-open-360.png') });
  await student.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
  await expect(rail.getByTestId('notices-unread')).toHaveText('2 new');
  await expect(row).not.toHaveAttribute('data-unread');

  // The principal's list: read by one student.
  await page.reload();
  await expect(
    page.getByTestId('sent-notice').filter({ hasText: GRADE_VII }).first().getByTestId('sent-reads'),
  ).toContainText(/^Read by 1 of \d+ students/);

  // Aarav's parent (OTP sign-in): the notice in "School notices", naming Aarav; not the grade VIII one.
  const parentContext = await onAppClock(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  opened.push(parentContext);
  const parent = await parentContext.newPage();
  await parent.goto('/login');
  await requestOtp(parent, PARENT);
  await typeOtp(parent, await lastOtp(parent, PARENT));
  await parent.getByTestId('verify').click();
  await expect(parent).toHaveURL(/\/parent\/dashboard$/);
  const card = parent.getByTestId('parent-notices');
  const forAarav = card.getByTestId('parent-notice').filter({ hasText: GRADE_VII });
  await expect(forAarav).toBeVisible();
  await expect(forAarav.getByTestId('parent-notice-for')).toContainText('Aarav');
  await expect(forAarav).toHaveAttribute('data-unread', '');
  await expect(card.getByText(GRADE_VIII)).toHaveCount(0);
  await parent.screenshot({ path: testInfo.outputPath('notices-parent-1280.png'), fullPage: true });
  const parentRead = parent.waitForResponse((r) => /\/api\/v1\/broadcasts\/\d+\/read$/.test(r.url()));
  await forAarav.click();
  await expect(parent.getByTestId('notice-open').getByTestId('notice-body')).toHaveText(
    'Meet at the school gate at 8:00 with a packed lunch.',
  );
  expect((await parentRead).status()).toBe(204);
  await parent.keyboard.press('Escape');
  await expect(forAarav).not.toHaveAttribute('data-unread');
  await page.reload();
  await expect(
    page.getByTestId('sent-notice').filter({ hasText: GRADE_VII }).first().getByTestId('sent-reads'),
  ).toContainText(/ · 1 parent$/);
});

test('the notices page fits a 360 px phone: no sideways scrolling', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await staffSignIn(page, DEMO.principal);
  await page.goto('/broadcast');
  await expect(page.getByTestId('compose')).toBeVisible();
  await expect(page.getByTestId('sent-notice').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('notices-broadcast-360.png') });
  await page.screenshot({ path: testInfo.outputPath('notices-broadcast-360-full.png'), fullPage: true });
});
