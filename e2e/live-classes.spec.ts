import { expect as baseExpect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers on a shared machine, and a room framed in the page: allow a few seconds more.
const expect = baseExpect.configure({ timeout: 30_000 });

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** Hetvi Patel, grade III at Ahmedabad: the demo's schools with an odd index have no liveclasses product. */
const NO_PRODUCT_STUDENT_CODE = '20260000000015';

/** The page is no wider than a 360 px phone: nothing scrolls sideways. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A staff member in a browser of their own, on the app's clock, at /live-class. */
async function staffAt(browser: Browser, mobile: string): Promise<Page> {
  const context = await onAppClock(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  opened.push(context);
  const page = await context.newPage();
  await staffSignIn(page, mobile);
  await page.getByRole('navigation').getByRole('link', { name: 'Live Class' }).click();
  await expect(page).toHaveURL(/\/live-class$/);
  return page;
}

/** Schedules a live class for grade VII from now (the form's default start) on `provider`; returns its card. */
async function schedule(page: Page, name: string, provider: 'jitsi' | 'bigbluebutton'): Promise<Locator> {
  const form = page.getByTestId('schedule-form');
  await expect(form).toBeVisible();
  // Nothing is sent without a name, in the contract's words.
  await form.getByTestId('schedule-submit').click();
  await expect(form.getByText('Please enter a name for the live class')).toBeVisible();
  const grade7 = await form
    .getByTestId('schedule-class')
    .locator('option')
    .filter({ hasText: /Class VII$/ })
    .getAttribute('value');
  await form.getByTestId('schedule-class').selectOption(grade7!);
  const subject = form.getByTestId('schedule-subject');
  if ((await subject.count()) > 0 && (await subject.getAttribute('required')) !== null)
    await subject.selectOption({ index: 1 });
  await form.getByTestId('schedule-name').fill(name);
  await form.getByTestId('schedule-description').fill('Bring your notebook and a ruler.');
  await form.getByTestId(`schedule-provider-${provider}`).check();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/live-classes') && r.request().method() === 'POST',
  );
  await form.getByTestId('schedule-submit').click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByText('Live class scheduled. Your students can see it now.')).toBeVisible();
  const card = page.getByTestId('live-list-classes').getByTestId('live-session').filter({ hasText: name });
  await expect(card.getByTestId('session-status')).toHaveText('Live');
  return card;
}

test('a teacher schedules a live class for grade VII on Jitsi Meet; Aarav sees it on his home and /live-classes on a 360 px phone, joins under his name; the teacher’s register shows him; a school without live classes is turned away', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const name = `Fractions live ${testInfo.repeatEachIndex + 1}`;

  // (a) The teacher of grades 6-8 at Pune schedules it, starting now, on Jitsi Meet.
  const teacher = await staffAt(browser, DEMO.teacher);
  const card = await schedule(teacher, name, 'jitsi');
  await expect(card.getByTestId('session-attendance')).toHaveText('Attendance 0');
  const joinPath = await card.getByTestId('session-join').getAttribute('href');
  expect(joinPath).toMatch(/^\/liveclass\/\d+\/\d+\/[a-z0-9]{12}\/jitsi$/);
  await teacher.screenshot({ path: testInfo.outputPath('live-class-1280.png'), fullPage: true });

  // (b) Aarav, grade VII at Pune, on a 360 px phone: his home's rail has it, live, with Join now.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  const rail = page.getByTestId('rail-live');
  const railItem = rail.getByTestId('rail-live-item').filter({ hasText: name });
  await expect(railItem.getByTestId('rail-live-join')).toHaveAttribute('href', joinPath!);
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('home-live-rail-360.png'), fullPage: true });

  // /live-classes through the learner's tab.
  await page
    .getByRole('navigation', { name: 'Learn, practise, live classes' })
    .getByRole('link', { name: 'Live Class' })
    .click();
  await expect(page).toHaveURL(/\/live-classes$/);
  const listed = page.getByTestId('live-list-classes').getByTestId('live-session').filter({ hasText: name });
  await expect(listed.getByTestId('session-status')).toHaveText('Live');
  await expect(listed.getByTestId('session-by')).toContainText('Taken by');
  await expect(listed.getByTestId('session-description')).toHaveText('Bring your notebook and a ruler.');
  await expect(page.getByTestId('live-list-programmes')).toBeVisible();
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('live-classes-360.png'), fullPage: true });

  // The join page: his name filled in; cleared, the spec's words and nothing sent.
  await listed.getByTestId('session-join').click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`));
  const nameField = page.getByTestId('join-name');
  await expect(nameField).toHaveValue(/Aarav/);
  await nameField.fill('');
  await page.getByTestId('join-submit').click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await fitsPhone(page);
  await nameField.fill('Aarav P');
  const joined = page.waitForResponse((r) => /\/api\/v1\/live-classes\/\d+\/join$/.test(r.url()));
  await page.getByTestId('join-submit').click();
  expect((await joined).status()).toBe(200);
  // The Jitsi Meet stand-in frames the room in the page, with his name.
  const room = page.frameLocator('[data-testid="live-room"] iframe');
  await expect(room.getByRole('heading', { name: 'Jitsi Meet (local stand-in)' })).toBeVisible();
  // The provider's room is named after the class's own (the stand-in shows it).
  await expect(room.getByTestId('room')).toContainText(joinPath!.split('/')[4]!);
  await expect(room.getByTestId('name')).toHaveText('Aarav P');
  // The room fills the phone's screen below the header.
  const box = await page.getByTestId('live-room').boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(350);
  expect(box!.y + box!.height).toBeGreaterThan(620);
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('live-room-360.png') });
  await page.getByTestId('join-leave').click();
  await expect(page).toHaveURL(/\/live-classes$/);

  // (c) The teacher's register: Aarav joined, 1 present.
  await teacher.reload();
  const teacherCard = teacher.getByTestId('live-list-classes').getByTestId('live-session').filter({ hasText: name });
  await expect(teacherCard.getByTestId('session-attendance')).toHaveText('Attendance 1');
  await teacherCard.getByTestId('session-attendance').click();
  const register = teacher.getByTestId('attendance-dialog');
  await expect(register.getByTestId('attendance-summary')).toHaveText(/^1 of \d+ present$/);
  const aarav = register.getByTestId('attendance-row').filter({ hasText: 'Aarav Patil' });
  await expect(aarav).toHaveAttribute('data-joined', 'yes');
  await expect(aarav.getByTestId('attendance-time')).toContainText('“Aarav P”');
  await teacher.screenshot({ path: testInfo.outputPath('live-class-register-1280.png') });

  // (d) A student of a school without the liveclasses product (Hetvi, whose plan is running): typed in,
  // /live-classes sends her home, and her sub-navigation has no Live Class tab.
  const otherContext = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(otherContext);
  const other = await otherContext.newPage();
  await other.goto('/login');
  await signInWithCode(other, NO_PRODUCT_STUDENT_CODE);
  await expect(other).toHaveURL(/\/concepts$/);
  await expect(other.locator('nav.ki-tabs a')).toHaveCount(2);
  await other.goto('/live-classes');
  await expect(other).toHaveURL(/\/concepts$/);
  await expect(other.getByTestId('live-classes-page')).toHaveCount(0);
});

test('the principal schedules a live class on BigBlueButton and joins it as its moderator', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = `Science review on BigBlueButton ${testInfo.repeatEachIndex + 1}`;
  const principal = await staffAt(browser, DEMO.principal);
  const card = await schedule(principal, name, 'bigbluebutton');
  await card.getByTestId('session-join').click();
  await expect(principal).toHaveURL(/\/liveclass\/\d+\/\d+\/[a-z0-9]{12}\/bigbluebutton$/);
  await expect(principal.getByTestId('join-name')).not.toHaveValue('');
  await principal.getByTestId('join-submit').click();
  const room = principal.frameLocator('[data-testid="live-room"] iframe');
  await expect(room.getByRole('heading', { name: 'BigBlueButton (local stand-in)' })).toBeVisible();
  await expect(room.getByTestId('role')).toHaveText('moderator');
  await principal.screenshot({ path: testInfo.outputPath('live-room-bbb-1280.png') });
  await principal.getByTestId('join-leave').click();
  await expect(principal).toHaveURL(/\/live-class$/);
});
