import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO, lastOtp, onAppClock, requestOtp, staffSignIn, test, typeOtp } from './support';

// A dashboard loads several queries and charts: on a busy two-core machine allow more than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const PARENT = '9000000009';

async function otpSignIn(page: Page, mobile: string) {
  await page.goto('/login');
  await requestOtp(page, mobile);
  await typeOtp(page, await lastOtp(page, mobile));
  await page.getByTestId('verify').click();
}

/** No serious or critical WCAG 2.1 A/AA violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Issue #27: the parent of a child exercises the child's data rights (DPDP Act). Isha, never Aarav:
// other journeys read Aarav's figures. Nobody is erased here: other journeys sign in as Isha.
test('a parent downloads their child’s records and asks for erasure; the principal declines with a note', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await otpSignIn(page, PARENT);
  await expect(page).toHaveURL(/\/parent\/dashboard$/);
  const res = await page.request.get('/api/v1/me/children');
  const { children } = (await res.json()) as { children: { studentId: number; name: string }[] };
  const isha = children.find((c) => c.name.startsWith('Isha'))!;
  expect(isha).toBeDefined();
  await page.getByTestId('child-select').click();
  await page.getByRole('option', { name: new RegExp(`^${isha.name}`) }).click();
  await expect(page.getByTestId('child-name')).toHaveText(isha.name);
  const panel = page.getByTestId('data-rights');
  await expect(panel.getByRole('heading', { name: 'Your child’s data' })).toBeVisible();

  // The download: a JSON file of her records, under the name the server gives it.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('download-records').click()]);
  expect(download.suggestedFilename()).toBe(`student-${isha.studentId}-records.json`);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    student: { id: number; name: string };
    statements: unknown[];
  };
  // Hers, as xAPI statements.
  expect(file.student).toEqual({ id: isha.studentId, name: isha.name });
  expect(Array.isArray(file.statements)).toBe(true);
  await expect(panel.getByTestId('download-failed')).toHaveCount(0);

  // The request, with a reason: then it waits, and no second one can be sent.
  await panel.getByTestId('ask-erasure').click();
  await expect(page.getByText('It cannot be undone.', { exact: false })).toBeVisible();
  const reason = 'Isha is moving to a school abroad.';
  await page.getByLabel('Reason (optional)').fill(reason);
  await page.getByTestId('ask-send').click();
  await expect(page.getByText('Your request has been sent to the school.')).toBeVisible();
  const request = panel.getByTestId('erasure-request');
  await expect(request.getByTestId('erasure-status')).toHaveText('Waiting for the school');
  await expect(request.getByTestId('erasure-reason')).toHaveText(`Reason: ${reason}`);
  await expect(panel.getByTestId('ask-erasure')).toHaveCount(0);
  await expectAccessible(page, '[data-testid="data-rights"]');
  await panel.screenshot({ path: testInfo.outputPath('data-rights-parent.png') });

  // The principal, in another browser: the request waits on the school dashboard, and opens Isha.
  const staff = await onAppClock(await browser.newContext());
  const principal = await staff.newPage();
  await staffSignIn(principal, DEMO.principal);
  const waiting = principal.getByTestId('school-erasure-request').filter({ hasText: isha.name });
  await expect(waiting).toContainText(`Reason: ${reason}`);
  await expectAccessible(principal, '[data-testid="school-erasure-requests"]');
  await waiting.getByTestId('school-erasure-request-open').click();
  await expect(principal).toHaveURL(new RegExp(`/student-detail\\?studentId=${isha.studentId}&`));
  const school = principal.getByTestId('data-rights');
  await expect(school.getByRole('heading', { name: 'Student’s data' })).toBeVisible();
  const pending = school.getByTestId('erasure-request').filter({ hasText: 'Waiting for the school' });
  await expect(pending.getByTestId('erasure-reason')).toHaveText(`Reason: ${reason}`);
  await expect(pending.getByTestId('erase-request')).toBeVisible();

  // Declined, with the note the parent is texted; the note is required.
  await pending.getByTestId('decline-erasure').click();
  await principal.getByTestId('decline-send').click();
  await expect(principal.getByText('Write at least 5 characters.')).toBeVisible();
  const note = 'Board examination records must be kept until March.';
  await principal.getByLabel('Tell the parent why').fill(note);
  await principal.getByTestId('decline-send').click();
  await expect(principal.getByText('Request declined. The parent has been told why.')).toBeVisible();
  await expect(school.getByTestId('erasure-status')).toHaveText('Declined');
  await expect(school.getByTestId('erase-written')).toBeVisible();
  await principal.screenshot({ path: testInfo.outputPath('data-rights-principal.png'), fullPage: true });
  // Answered requests leave the dashboard's list.
  await principal.goto('/dashboard');
  await expect(principal.getByTestId('card-registered-count')).toBeVisible();
  await expect(principal.getByTestId('school-erasure-request').filter({ hasText: isha.name })).toHaveCount(0);
  await staff.close();

  // The parent sees the school's answer, and may ask again.
  await page.reload();
  await page.getByTestId('child-select').click();
  await page.getByRole('option', { name: new RegExp(`^${isha.name}`) }).click();
  await expect(panel.getByTestId('erasure-status')).toHaveText('Declined');
  await expect(panel.getByTestId('erasure-note')).toContainText(note);
  await expect(panel.getByTestId('ask-erasure')).toBeVisible();
});
