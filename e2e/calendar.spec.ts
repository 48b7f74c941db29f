import { expect as baseExpect, type BrowserContext } from '@playwright/test';
import { appNow, DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers on a shared machine: a calendar's chunk and its events may take a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** Today's date in India (the demo school's zone) on the app's clock, as the form's date input holds it. */
const todayInIndia = () => new Date(appNow() + 330 * 60_000).toISOString().slice(0, 10);

test('a teacher puts an event on grade VII’s calendar; a grade VII student sees it on a phone, cannot change it, and gets it in a phone calendar link', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Grade 7 science exhibition ${test.info().repeatEachIndex + 1}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await staffSignIn(page, DEMO.teacher);
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  // The demo school's week is there already (calendar-demo.ts): tomorrow's live maths class.
  await expect(page.getByText('Live maths class: fractions').first()).toBeVisible();

  await page.getByTestId('new-event').click();
  const form = page.getByTestId('event-form');
  await expect(form).toBeVisible();
  // Nothing is sent without a name, in the form's words.
  await form.getByTestId('form-save').click();
  await expect(form.getByText('Please enter a name for the event')).toBeVisible();
  await form.getByTestId('form-name').fill(name);
  await form.getByTestId('form-type').selectOption('event');
  const grade7 = await form
    .getByTestId('form-class')
    .locator('option')
    .filter({ hasText: /Class VII$/ })
    .getAttribute('value');
  await form.getByTestId('form-class').selectOption(grade7!);
  await form.getByTestId('form-start-date').fill(todayInIndia());
  await form.getByTestId('form-start-time').fill('17:00');
  await form.getByTestId('form-description').fill('Projects in the hall; parents welcome.');
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/calendar/events') && r.request().method() === 'POST',
  );
  await form.getByTestId('form-save').click();
  const created = await posted;
  expect(created.status()).toBe(201);
  // The school's clock: 17:00 in India is 11:30 UTC, an hour long by default.
  const event = (await created.json()) as { start: string; end: string; grade: number };
  expect(event.start).toBe(`${todayInIndia()}T11:30:00.000Z`);
  expect(event.end).toBe(`${todayInIndia()}T12:30:00.000Z`);
  expect(event.grade).toBe(7);
  await expect(page.getByText('Event added to the calendar.')).toBeVisible();
  await expect(page.getByTestId('calendar-grid').getByText(name)).toBeVisible();

  // The grade VII student, on a 360 px phone.
  const context = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(context);
  const student = await context.newPage();
  await student.goto('/login');
  await signInWithCode(student);
  await expect(student).toHaveURL(/\/concepts$/);
  await student.getByTestId('profile-menu').click();
  await student.getByTestId('menu-calendar').click();
  await expect(student).toHaveURL(/\/calendar$/);
  await expect(student.getByTestId('new-event')).toHaveCount(0);
  await student.getByTestId('calendar-grid').getByText(name).click();
  // Mantine's modal keeps its test id on a root of no size: the dialog itself is what shows.
  const details = student.getByRole('dialog');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('event-when')).toContainText('5:00');
  await expect(details.getByTestId('event-class')).toContainText('Class VII');
  await expect(details.getByTestId('event-description')).toContainText('Projects in the hall; parents welcome.');
  await expect(details.getByTestId('event-edit')).toHaveCount(0);
  await expect(details.getByTestId('event-delete')).toHaveCount(0);
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await student.keyboard.press('Escape');

  // A private link for the phone's calendar app: it holds the event, and stops when turned off.
  await student.getByTestId('feed-open').click();
  await student.getByTestId('feed-make').click();
  const webcal = await student.getByTestId('feed-webcal').getAttribute('href');
  expect(webcal).toMatch(/^webcal:\/\/.+\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const feedUrl = webcal!.replace(/^webcal:/, 'http:');
  // Fetched as a phone's calendar app would: no session.
  const outside = await browser.newContext();
  opened.push(outside);
  const feed = await outside.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain(`SUMMARY:${name}`);
  expect(ics).toContain(`DTSTART:${todayInIndia().replaceAll('-', '')}T113000Z`);
  await student.getByTestId('feed-turn-off').click();
  await expect(student.getByTestId('feed-status')).toHaveText('You have no private link yet.');
  expect((await outside.request.get(feedUrl)).status()).toBe(404);
});
