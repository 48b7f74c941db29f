import { expect, type Page } from '@playwright/test';
import { DEMO, staffSignIn, test } from './support';

/** The three card counts, as shown. */
const cardCounts = (page: Page) =>
  Promise.all(['registered', 'active', 'inactive'].map((c) => page.getByTestId(`card-${c}-count`).textContent()));

const backToDashboard = (page: Page) => page.getByRole('link', { name: 'Back to dashboard' });

// Issue #29: staff dashboards as a principal uses them (navigation).
test.describe('dashboard navigation', () => {
  test('Back returns a principal to exactly where they were: whole dashboard, grade tab, page, scroll', async ({
    page,
  }) => {
    await staffSignIn(page, DEMO.principal);
    await expect(page).toHaveURL(/\/dashboard$/);
    const whole = await cardCounts(page);

    // A grade bar's list, then Back: the whole school again, not narrowed to grade VII.
    await page.getByTestId('grade-bar-7-inactive').click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Inactive Students of Grade - VII');
    await backToDashboard(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('grade-select')).toHaveValue('all');
    expect(await cardCounts(page)).toEqual(whole);

    // Grade tab VIII lives in the address; a score band's list and Back return to it.
    await page.getByTestId('grade-tab-8').click();
    await expect(page).toHaveURL(/gradeTab=8/);
    const grade8 = await (await page.request.get('/api/v1/analytics/grade?grade=8')).json();
    const band = grade8.distribution.find((d: { students: number }) => d.students > 0);
    await page.getByTestId(`band-${band.band}`).click();
    await expect(page.getByTestId('student-list-title')).toHaveText(`${band.label} of Grade - VIII`);
    await backToDashboard(page).click();
    await expect(page.getByTestId('grade-tab-8')).toHaveAttribute('aria-selected', 'true');
    expect(await cardCounts(page)).toEqual(whole);

    // Page 2 of the grade's report; View details opens the student page at its top.
    const [page2] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/analytics/students?') && r.url().includes('page=2')),
      page.getByTestId('report-pager').getByRole('button', { name: '2', exact: true }).click(),
    ]);
    await expect(page).toHaveURL(/page=2/);
    const firstOnPage2: string = (await page2.json()).rows[0].fullName;
    await expect(page.getByTestId('report-row').first().locator('td').first()).toHaveText(firstOnPage2);
    const row = page.getByTestId('report-row').last();
    await row.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await row.getByRole('link', { name: 'View details' }).click();
    await expect(page).toHaveURL(/\/student-detail\?/);
    await expect(page.getByTestId('student-dashboard')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The student page's Back: grade tab VIII, page 2, scrolled where it was.
    await page.getByTestId('back').click();
    await expect(page).toHaveURL(/\/dashboard\?.*gradeTab=8.*page=2|\/dashboard\?.*page=2.*gradeTab=8/);
    await expect(page.getByTestId('grade-tab-8')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('report-row').first().locator('td').first()).toHaveText(firstOnPage2);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);

    // Browser Back from the student page does the same.
    await page.getByTestId('report-row').first().getByRole('link', { name: 'View details' }).click();
    await expect(page.getByTestId('student-dashboard')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('grade-tab-8')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('report-row').first().locator('td').first()).toHaveText(firstOnPage2);

    // A search stays in the address and in the box after a reload.
    await page.getByTestId('report-search').fill('Patil');
    await page.getByTestId('report-search-button').click();
    await expect(page).toHaveURL(/q=Patil/);
    await page.reload();
    await expect(page.getByTestId('report-search')).toHaveValue('Patil');
    await expect(page.getByTestId('grade-tab-8')).toHaveAttribute('aria-selected', 'true');

    // The Insights tab too.
    await page.getByTestId('tab-insights').click();
    await expect(page).toHaveURL(/tab=insights/);
    await page.reload();
    await expect(page.getByTestId('insight-top')).toBeVisible();
  });

  test('View details opens the student page at its top (desktop, a student seen before, phone)', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    await page.getByTestId('grade-tab-7').click();
    const row = page.getByTestId('report-row').last();
    for (const visit of ['desktop', 'seen before', 'phone']) {
      if (visit === 'phone') await page.setViewportSize({ width: 412, height: 915 });
      // Back re-renders the report once its answer is checked again: scroll to the row once it stays.
      await expect(async () => row.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await row.getByRole('link', { name: 'View details' }).click();
      await expect(page.getByTestId('student-dashboard')).toBeVisible();
      expect(await page.evaluate(() => window.scrollY), visit).toBe(0);
      await page.goBack();
    }
  });

  test('from a subject’s chapter, Back to dashboard returns to the grade tab, whole school', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    const whole = await cardCounts(page);
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('subject-card-science').click();
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VII');
    const subjectId = new URL(page.url()).searchParams.get('subjectId');
    const summary = await (await page.request.get(`/api/v1/analytics/subject?grade=7&subjectId=${subjectId}`)).json();
    await page.getByTestId(`drill-chapter-${summary.chapters[0].chapterId}`).click();
    await expect(page).toHaveURL(/chapterId=/);
    // Browser Back walks up one level; Forward again.
    await page.goBack();
    await expect(page).not.toHaveURL(/chapterId=/);
    await page.goForward();
    await expect(page).toHaveURL(/chapterId=/);
    await backToDashboard(page).click();
    await expect(page).toHaveURL(/\/dashboard\?gradeTab=7$/);
    await expect(page.getByTestId('grade-tab-7')).toHaveAttribute('aria-selected', 'true');
    expect(await cardCounts(page)).toEqual(whole);
  });

  test('a grade teacher’s subject summary has the back arrow, to their grade tab', async ({ page }) => {
    await staffSignIn(page, DEMO.teacher);
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('subject-card-science').click();
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VII');
    await expect(backToDashboard(page).locator('svg')).toBeVisible();
    // Their grade switch (grades VI-VIII) keeps the subject.
    await page.getByTestId('switch-grade').selectOption('8');
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VIII');
    await backToDashboard(page).click();
    await expect(page).toHaveURL(/\/dashboard\?gradeTab=7$/);
    await expect(page.getByTestId('grade-select')).toHaveValue('all');
  });

  test('a subject teacher of grades VI-X switches grades; a teacher of two subjects switches subjects', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await staffSignIn(page, DEMO.subjectTeacher);
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VI');
    // The landing is their dashboard: nothing to go back to.
    await expect(backToDashboard(page)).toHaveCount(0);
    await expect(page.getByTestId('switch-grade').locator('option')).toHaveText(['VI', 'VII', 'VIII', 'IX', 'X']);
    await expect(page.getByTestId('switch-subject')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('subject-summary-grade-switch-412.png'), fullPage: false });

    await page.getByTestId('switch-grade').selectOption('9');
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · IX');
    await expect(page).toHaveURL(/grade=9/);
    const summary = await (
      await page.request.get(
        `/api/v1/analytics/subject?grade=9&subjectId=${new URL(page.url()).searchParams.get('subjectId')}`,
      )
    ).json();
    expect(await page.getByTestId('subject-count-subjectAttempted').textContent()).toBe(
      String(summary.counts.subjectAttempted),
    );
    await page.getByTestId(`drill-chapter-${summary.chapters[0].chapterId}`).click();
    await expect(page.getByTestId('subject-list-title')).toHaveText(
      `Chapter : ${summary.chapters[0].name}-Student List`,
    );
    // Browser Back: grade IX's subject level; the back arrow: where their dashboard opened (VI).
    await page.goBack();
    await expect(page.getByTestId('subject-list-title')).toHaveText('Science-Student List');
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · IX');
    await backToDashboard(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VI');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-yes').click();
    await staffSignIn(page, DEMO.mathsScienceTeacher);
    await expect(page.getByTestId('subject-title')).toHaveText('Mathematics Summary · VI');
    await expect(page.getByTestId('switch-subject').locator('option')).toHaveText(['Mathematics', 'Science']);
    await page.getByTestId('switch-subject').selectOption({ label: 'Science' });
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VIII');
    await page.getByTestId('switch-grade').selectOption('7');
    await expect(page.getByTestId('subject-title')).toHaveText('Mathematics Summary · VII');
  });

  test('a class that is not yours says so; /student-detail without a student returns to the dashboard', async ({
    page,
  }) => {
    await staffSignIn(page, DEMO.teacher);
    await page.goto('/dashboard?grade=9');
    await expect(page.getByText('This class is not assigned to you.')).toBeVisible();
    await expect(page.getByText('No Active Users Found !!')).toHaveCount(0);

    // A student page the server refuses: the warning, no parents panel, then the dashboard. (A
    // server in trouble, 5xx, offers 'Try again' instead: offline-start.spec.ts.)
    await page.route('**/api/v1/students/*/dashboard*', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":"FORBIDDEN","message":"x"}' }),
    );
    const student = (
      await (await page.request.get('/api/v1/analytics/students?grade=7&category=registered&page=1')).json()
    ).rows[0];
    await page.goto(`/student-detail?studentId=${student.studentId}`);
    await expect(page.getByText('Could not get user data').first()).toBeVisible();
    await expect(page.getByTestId('parent-links')).toHaveCount(0);
    await expect(page.getByText('Link a parent')).toHaveCount(0);
    await page.unroute('**/api/v1/students/*/dashboard*');

    await page.goto('/student-detail');
    await expect(page.getByText('Could not get user data').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });

    await page.goto('/dashboard');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-yes').click();
    await staffSignIn(page, DEMO.subjectTeacher);
    await page.goto('/dashboard?grade=11');
    await expect(page.getByText('This class is not assigned to you.')).toBeVisible();
  });

  test('the route table’s dashboards open the dashboard they name', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    await page.goto('/principal-dashboard');
    await expect(page.getByTestId('dashboard-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('not-built')).toHaveCount(0);

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-yes').click();
    await staffSignIn(page, DEMO.multiSchoolPrincipal);
    await expect(page).toHaveURL(/\/select-school$/);
    await page.getByTestId('school-single').click();
    await page.getByRole('option', { name: 'Gyan Jyoti Public School, Pune' }).click();
    await page.getByTestId('school-proceed').click();
    // One school chosen: its own dashboard (access-and-app-shell.md 4.6).
    await expect(page).toHaveURL(/\/pace-view\/dashboard$/);
    await expect(page.getByTestId('dashboard-schools')).toHaveText('Gyan Jyoti Public School, Pune');
    await page.goto('/master-school-dashboard');
    await expect(page.getByTestId('dashboard-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('dashboard-schools')).toHaveText('Gyan Jyoti Public School, Pune');
  });

  test('the menu links Assessment, Reports and Calendar, and marks nothing as coming soon', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // A principal reads the school's quizzes (a teacher's Assessment opens /create-quiz).
    await expect(nav.getByRole('link', { name: 'Assessment' })).toHaveAttribute('href', '/quiz-listing');
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    await expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
    await expect(nav.getByText('Coming soon')).toHaveCount(0);
  });
});
