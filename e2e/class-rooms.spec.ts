import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers on a shared machine: allow a few seconds more.
const expect = baseExpect.configure({ timeout: 30_000 });

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** The page is no wider than a 360 px phone: nothing scrolls sideways. */
async function fitsPhone(page: Page, screen: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(360);
}

/** axe-core finds no serious or critical violation (WCAG 2.1 A and AA), as accessibility.spec.ts scans. */
async function expectAccessible(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  // Tab transitions read at part opacity while they fade.
  await page.waitForTimeout(1_000);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

test('the teacher of grades 6-8 opens grade VII A from the menu: its students (searched by name), quizzes and tests, and the live class coming up with Join; on a 360 px phone nothing scrolls sideways; a class not theirs is refused; a student is turned away', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await staffSignIn(page, DEMO.teacher);
  await page.getByRole('navigation').getByRole('link', { name: 'Class rooms' }).click();
  await expect(page).toHaveURL(/\/class-rooms$/);

  // One card per section of grades VI to VIII at the Pune school.
  const cards = page.getByTestId('class-card');
  await expect(cards.getByText('Grade VII A', { exact: true })).toBeVisible();
  expect(await page.getByTestId('class-card-name').allTextContents()).toEqual(
    expect.arrayContaining(['Grade VI A', 'Grade VII A', 'Grade VII B', 'Grade VIII A']),
  );
  const seventhA = cards.filter({ hasText: 'Grade VII A' });
  await expect(seventhA).toContainText('Gyan Jyoti Public School, Pune · Central Board of Secondary Education');
  await page.screenshot({ path: testInfo.outputPath('class-rooms-1280.png'), fullPage: true });
  await seventhA.click();
  await expect(page).toHaveURL(/\/class-rooms\/\d+\/\d+\/7\/A$/);
  const roomUrl = page.url();
  await expect(page.getByTestId('class-room-title')).toHaveText('Grade VII A');

  // Students: Aarav and his classmates of section A; a search by name leaves him.
  const rows = page.getByTestId('student-row');
  await expect(rows.filter({ hasText: 'Aarav Patil' })).toHaveCount(1);
  const total = await rows.count();
  expect(total).toBeGreaterThan(5);
  await expect(page.getByTestId('students-total')).toHaveText(`${total} students`);
  const aarav = rows.filter({ hasText: 'Aarav Patil' }).getByTestId('student-name');
  await expect(aarav).toHaveAttribute('href', /^\/student-detail\?studentId=\d+&grade=7&filter=day$/);
  await page.getByLabel('Search by name').fill('aarav pat');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Aarav Patil');
  await page.getByLabel('Search by name').fill('nobody by this name');
  await expect(page.getByTestId('students-no-match')).toBeVisible();
  await page.getByLabel('Search by name').fill('');
  await expect(rows).toHaveCount(total);
  await page.screenshot({ path: testInfo.outputPath('class-room-students-1280.png'), fullPage: true });

  // Quizzes and tests set for VII A or the whole grade: open, upcoming and recently closed.
  await page.getByTestId('tab-assignments').click();
  await expect(page).toHaveURL(/\?tab=assignments$/);
  const assignments = page.getByTestId('assignment');
  const open = assignments.filter({ hasText: 'Fractions and decimals: unit test' });
  await expect(open.getByTestId('assignment-status')).toHaveText('Open');
  await expect(open.getByTestId('assignment-finished')).toHaveText(new RegExp(`^Finished by \\d+ of ${total}$`));
  await expect(assignments.filter({ hasText: 'Simple equations' }).getByTestId('assignment-status')).toHaveText(
    'Upcoming',
  );
  await expect(assignments.filter({ hasText: 'Integers: quick check' }).getByTestId('assignment-status')).toHaveText(
    'Closed',
  );
  // Section B's science test is not this class's.
  await expect(assignments.filter({ hasText: 'Our environment' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('class-room-quizzes-1280.png'), fullPage: true });
  await open.getByTestId('assignment-report').click();
  await expect(page).toHaveURL(/\/report-details\?assignment=\d+$/);
  await expect(page.getByText('Fractions and decimals: unit test').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=assignments$/);

  // Coming up: the grade's calendar, with the live classes' Join.
  await page.getByTestId('tab-upcoming').click();
  const events = page.getByTestId('upcoming-event');
  const fractions = events.filter({ hasText: 'Live maths class: fractions' });
  await expect(fractions).toContainText('Class · Mathematics');
  await expect(fractions.getByTestId('upcoming-join')).toHaveAttribute(
    'href',
    /^\/liveclass\/\d+\/\d+\/[0-9a-f]{12}(\/\w+)?$/,
  );
  await expect(fractions.getByTestId('upcoming-live')).toHaveCount(0);
  // The demo's class under way now says so.
  await expect(
    events.filter({ hasText: 'Live maths class: ratio and proportion' }).getByTestId('upcoming-live'),
  ).toHaveText('Live now');
  await page.screenshot({ path: testInfo.outputPath('class-room-upcoming-1280.png'), fullPage: true });
  await expectAccessible(page, 'class room, coming up');

  // On a 360 px phone: the list and each tab fit.
  await page.setViewportSize({ width: 360, height: 740 });
  await fitsPhone(page, 'coming up');
  await page.screenshot({ path: testInfo.outputPath('class-room-upcoming-360.png'), fullPage: true });
  await page.getByTestId('tab-students').click();
  await expect(rows).toHaveCount(total);
  await fitsPhone(page, 'students');
  await page.screenshot({ path: testInfo.outputPath('class-room-students-360.png'), fullPage: true });
  await expectAccessible(page, 'class room, students');
  await page.getByTestId('tab-assignments').click();
  await expect(open).toBeVisible();
  await fitsPhone(page, 'quizzes and tests');
  await page.screenshot({ path: testInfo.outputPath('class-room-quizzes-360.png'), fullPage: true });
  await page.getByTestId('class-room-back').click();
  await expect(page).toHaveURL(/\/class-rooms$/);
  await expect(seventhA).toBeVisible();
  await fitsPhone(page, 'class rooms');
  await page.screenshot({ path: testInfo.outputPath('class-rooms-360.png'), fullPage: true });
  await expectAccessible(page, 'class rooms');

  // Grade X is not his: the same words as a class that does not exist, and a way back.
  await page.goto(roomUrl.replace(/\/7\/A$/, '/10/A'));
  const refused = page.getByTestId('class-room-not-found');
  await expect(refused).toContainText('This class is not yours or does not exist.');
  await refused.getByRole('link', { name: 'Go to your class rooms' }).click();
  await expect(page).toHaveURL(/\/class-rooms$/);

  // Typed in by a student, /class-rooms and a class room send him to his concepts page.
  const studentContext = await onAppClock(await browser.newContext({ viewport: { width: 360, height: 740 } }));
  opened.push(studentContext);
  const student = await studentContext.newPage();
  await student.goto('/login');
  await signInWithCode(student);
  await expect(student).toHaveURL(/\/concepts$/);
  await student.goto('/class-rooms');
  await expect(student).toHaveURL(/\/concepts$/);
  await student.goto(new URL(roomUrl).pathname);
  await expect(student).toHaveURL(/\/concepts$/);
});
