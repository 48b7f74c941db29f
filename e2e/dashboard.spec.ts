import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { DEMO, staffSignIn, test } from './support';

async function signOut(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-yes').click();
}

test.describe('school dashboard', () => {
  test('a principal goes from cards to lists, from a grade bar to its students, searches and downloads CSV', async ({
    page,
  }) => {
    await staffSignIn(page, DEMO.principal);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-schools')).toHaveText('Gyan Jyoti Public School, Pune');

    // The cards show what the API computes; registered = active + inactive.
    const overview = await (await page.request.get('/api/v1/analytics/overview')).json();
    await expect(page.getByTestId('card-registered-count')).toHaveText(String(overview.registered));
    await expect(page.getByTestId('card-active-count')).toHaveText(String(overview.active));
    await expect(page.getByTestId('card-inactive-count')).toHaveText(String(overview.inactive));
    expect(overview.active + overview.inactive).toBe(overview.registered);

    // Each card explains itself in an info popover (dashboards.md 2.5).
    await page.getByTestId('card-active-info').click();
    await expect(page.getByTestId('card-active-info-text')).toHaveText(
      `Played at least once in the last ${overview.activityWindowDays} days.`,
    );
    await page.keyboard.press('Escape');

    // A card opens the card list: Name, Grade, School Name, Board Name (dashboards.md 2.8).
    await page.getByTestId('card-inactive').click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Inactive Students');
    await expect(page.getByTestId('list-card-table').locator('thead th')).toHaveText([
      'Name',
      'Grade',
      'School Name',
      'Board Name',
    ]);
    await expect(page.getByTestId('list-card-row').first()).toBeVisible();
    await expect(page.getByTestId('list-card-row').first().locator('td').nth(1)).toHaveText(/^[IVX]+$/);
    await expect(page.getByTestId('list-card-pager')).toBeVisible();
    await page.getByRole('link', { name: /Back to dashboard/ }).click();

    // A bar of the grade-wise chart opens the mixed-bar list, titled by type and grade; User Email
    // is shown for inactive students and hidden for active ones.
    const g7 = overview.grades.find((g: { grade: number }) => g.grade === 7);
    await page.getByTestId('grade-bar-7-inactive').click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Inactive Students of Grade - VII');
    await expect(page.getByTestId('list-mixbar-table').locator('thead th')).toHaveText([
      'User Id',
      'UserName',
      'Grade',
      'School Name',
      'Board Name',
      'User Email',
    ]);
    await expect(page.getByTestId('list-mixbar-row')).toHaveCount(Math.min(10, g7.inactive));
    await page.getByRole('link', { name: /Back to dashboard/ }).click();
    await page.getByTestId('grade-bar-7-active').click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Active Students of Grade - VII');
    await expect(page.getByTestId('list-mixbar-table').locator('thead th')).toHaveText([
      'User Id',
      'UserName',
      'Grade',
      'School Name',
      'Board Name',
    ]);
    await page.getByRole('link', { name: /Back to dashboard/ }).click();

    // Grade VII tab: a score band opens '{band} of Grade - VII' with exactly those students.
    await page.getByTestId('grade-tab-7').click();
    const grade7 = await (await page.request.get('/api/v1/analytics/grade?grade=7')).json();
    await expect(page.getByTestId('grade-total')).toHaveText(String(grade7.totalStudents));
    const band = grade7.distribution.find((d: { band: number; students: number }) => d.band > 0 && d.students > 0);
    await page.getByTestId(`band-${band.band}`).click();
    await expect(page.getByTestId('student-list-title')).toHaveText(`${band.label} of Grade - VII`);
    await expect(page.getByTestId('list-simplebar-row')).toHaveCount(Math.min(10, band.students));
    await expect(page.getByTestId('list-simplebar-table').locator('thead th')).toHaveText([
      'Full Name',
      'Knowledge Wealth',
      'Knowledge Currency',
      'Learning Currency',
      'Time Spent',
      'Action',
    ]);
    // The currencies carry a coin image 50 high.
    await expect(page.getByTestId('list-simplebar-table').locator('thead svg').first()).toHaveAttribute('height', '50');

    // Search by name in the Students Report, reset, and download the CSV of the grade.
    await page.goto('/dashboard?grade=7');
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('report-search').fill('Aarav');
    await page.getByTestId('report-search-button').click();
    await expect(page.getByTestId('report-row').first()).toContainText('Aarav Patil');
    await page.getByTestId('report-reset').click();
    await expect(page.getByTestId('report-search')).toHaveValue('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^students-registered-schools-\d+-grade-7-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Full Name,Grade,Section,School,Board,Knowledge Wealth');
    expect(lines.length - 1).toBe(grade7.totalStudents);
    expect(csv).toContain('Aarav Patil,7,A,"Gyan Jyoti Public School, Pune"');
  });

  test('a super-admin chooses schools, sees them named, and reads the insights', async ({ page }) => {
    await staffSignIn(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/select-school$/);
    await page.getByTestId('select-all').click();
    await page.getByTestId('school-proceed').click();
    await expect(page.getByTestId('dashboard-schools')).toContainText('Ahmedabad');
    await expect(page.getByTestId('dashboard-schools')).toContainText('Chennai');
    await expect(page.getByTestId('grade-tab-7')).toHaveText('Grade - VII');

    // A super-admin's list: the fixed column set with the school, 30 a page, no search (dashboards.md 2.8, 9).
    const ids0 = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('ki.selectedSchools') ?? '{}').schoolIds.join(','),
    );
    const chainOverview = await (await page.request.get(`/api/v1/analytics/overview?schoolIds=${ids0}`)).json();
    await page.getByTestId('card-registered').click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Registered Students');
    await expect(page.getByTestId('list-superadmin-table').locator('thead th')).toHaveText([
      'Full Name',
      'Knowledge Wealth',
      'Knowledge Currency',
      'Learning Currency',
      'Time Spent',
      'Last Played Chapter',
      'Last Played Topic',
      'Last Played Date',
      'Grade',
      'School Name',
      'Board Name',
      'Action',
    ]);
    await expect(page.getByTestId('list-superadmin-row')).toHaveCount(Math.min(30, chainOverview.registered));
    await expect(page.getByTestId('list-superadmin-search')).toHaveCount(0);
    await expect(page.getByTestId('list-superadmin-csv')).toBeVisible();
    await page.getByRole('link', { name: /Back to dashboard/ }).click();

    await page.getByTestId('tab-insights').click();
    const ids = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('ki.selectedSchools') ?? '{}').schoolIds.join(','),
    );
    const insights = await (await page.request.get(`/api/v1/analytics/insights?schoolIds=${ids}`)).json();
    await expect(page.getByTestId('insight-top')).toContainText(`${insights.topBand.percent}%`);
    await expect(page.getByTestId('insight-top')).toContainText(insights.topBand.schoolName);
    await expect(page.getByTestId('insight-inactive')).toContainText(String(insights.mostInactive.students));
    await expect(page.getByTestId('toppers-table').locator('tbody tr')).toHaveCount(
      insights.toppers.reduce((n: number, g: { students: unknown[] }) => n + g.students.length, 0),
    );

    // Add/Remove Schools goes back to the selection with the current choice kept.
    await page.getByTestId('add-remove-schools').click();
    await expect(page).toHaveURL(/\/select-school\?edit=1$/);
    await expect(page.getByTestId('school-proceed')).toBeEnabled();
  });

  test('a principal drills from a subject card to a chapter and a topic', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    await page.goto('/dashboard?grade=7');
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('subject-card-science').click();
    await expect(page).toHaveURL(/\/subject-detail\?subjectId=\d+&grade=7$/);
    await expect(page.getByTestId('subject-title')).toHaveText('Science Summary · VII');
    const subjectId = new URL(page.url()).searchParams.get('subjectId');
    const summary = await (await page.request.get(`/api/v1/analytics/subject?grade=7&subjectId=${subjectId}`)).json();
    await expect(page.getByTestId('subject-count-subjectAttempted')).toHaveText(
      String(summary.counts.subjectAttempted),
    );
    await expect(page.getByTestId('subject-list-title')).toHaveText('Science-Student List');

    const chapter = summary.chapters[0];
    await page.getByTestId(`drill-chapter-${chapter.chapterId}`).click();
    await expect(page.getByTestId('subject-list-title')).toHaveText(`Chapter : ${chapter.name}-Student List`);
    const atChapter = await (
      await page.request.get(`/api/v1/analytics/subject?grade=7&subjectId=${subjectId}&chapterId=${chapter.chapterId}`)
    ).json();
    await expect(page.getByTestId('chapter-card-completed')).toHaveText(String(atChapter.chapterCard.completed));
    // The completion card's chapter-wise report: the same students as the figure.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chapter-report-completed').click(),
    ]);
    expect(report.suggestedFilename()).toMatch(
      new RegExp(
        `^chapter-report-completed-science-chapter-${chapter.chapterId}-grade-7-schools-\\d+-\\d{4}-\\d{2}-\\d{2}\\.csv$`,
      ),
    );
    const reportLines = (await readFile((await report.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(reportLines[0]).toBe(
      'Full Name,User Grade,School,Chapter,Topics Completed,Knowledge Efficiency (%),Learning Efficiency (%),Knowledge Currency,Learning Currency,Time Spent,Last Played Date',
    );
    expect(reportLines.length - 1).toBe(atChapter.chapterCard.completed);

    const topic = atChapter.topics[0];
    await page.getByTestId(`drill-topic-${topic.topicId}`).click();
    await expect(page.getByTestId('subject-list-title')).toHaveText(`Topic : ${topic.name}-Student List`);
    await expect(page.getByTestId('subject-report-table').locator('thead th')).toHaveText([
      'Full Name',
      'Learning Efficiency (%)',
      'Time Spent',
      'Action',
    ]);
  });

  test('a teacher assigned one subject opens its summary directly', async ({ page }) => {
    await staffSignIn(page, '9000000005');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('subject-title')).toContainText('Science Summary');
  });

  test('only a principal with the qa role sees Reindex, and it confirms', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    await page.getByTestId('grade-tab-7').click();
    await expect(page.getByTestId('report-row').first()).toBeVisible();
    await expect(page.locator('[data-testid^="reindex-"]')).toHaveCount(0);
    await signOut(page);

    await staffSignIn(page, '9000000006');
    await page.getByTestId('grade-tab-7').click();
    await page.locator('[data-testid^="reindex-"]').first().click();
    await expect(page.getByText('Indexing successfull')).toBeVisible();
  });

  test('on a topic table any role other than school sees Reindex: a teacher does, a principal without qa does not', async ({
    page,
  }) => {
    const openTopic = async () => {
      await page.goto('/dashboard?grade=7');
      await page.getByTestId('grade-tab-7').click();
      await page.getByTestId('subject-card-science').click();
      await expect(page.getByTestId('subject-report-row').first()).toBeVisible();
    };
    const drillToTopic = async () => {
      const subjectId = new URL(page.url()).searchParams.get('subjectId');
      const summary = await (await page.request.get(`/api/v1/analytics/subject?grade=7&subjectId=${subjectId}`)).json();
      const chapter = summary.chapters[0];
      await page.getByTestId(`drill-chapter-${chapter.chapterId}`).click();
      const atChapter = await (
        await page.request.get(
          `/api/v1/analytics/subject?grade=7&subjectId=${subjectId}&chapterId=${chapter.chapterId}`,
        )
      ).json();
      await page.getByTestId(`drill-topic-${atChapter.topics[0].topicId}`).click();
      await expect(page.getByTestId('subject-list-title')).toHaveText(
        `Topic : ${atChapter.topics[0].name}-Student List`,
      );
      await expect(page.getByTestId('subject-report-row').first()).toBeVisible();
    };

    // The teacher of grades 6-8 (no qa role): no Reindex on the subject's list, Reindex on the topic's.
    await staffSignIn(page, DEMO.teacher);
    await openTopic();
    await expect(page.locator('[data-testid^="reindex-"]')).toHaveCount(0);
    await drillToTopic();
    await page.locator('[data-testid^="reindex-"]').first().click();
    await expect(page.getByText('Indexing successfull')).toBeVisible();
    await signOut(page);

    // The principal (school role, no qa): none on the topic table either.
    await staffSignIn(page, DEMO.principal);
    await openTopic();
    await drillToTopic();
    await expect(page.locator('[data-testid^="reindex-"]')).toHaveCount(0);
  });

  test('cards and chart add up with students who have no grade yet, and toppers open', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    const overview = await (await page.request.get('/api/v1/analytics/overview')).json();
    // The demo school registered students without a grade yet (a transfer student, and DEMO.newStudent
    // until the onboarding journey places her).
    expect(overview.withoutGrade.registered).toBeGreaterThan(0);
    const total = (kind: 'active' | 'inactive') =>
      overview.grades.reduce((n: number, g: Record<string, number>) => n + g[kind]!, 0) + overview.withoutGrade[kind];
    expect(total('active')).toBe(overview.active);
    expect(total('inactive')).toBe(overview.inactive);
    await expect(page.getByTestId('without-grade-note')).toHaveText(
      overview.withoutGrade.registered === 1
        ? '1 student has no grade yet: counted among registered and inactive students, and shown in the chart as “No grade yet”.'
        : `${overview.withoutGrade.registered} students have no grade yet: counted among registered and inactive students, and shown in the chart as “No grade yet”.`,
    );
    // The grade table under the chart has a 'No grade yet' column; its counts open no list.
    await expect(page.getByTestId('grade-counts').locator('thead th').last()).toHaveText('No grade yet');
    await expect(page.getByTestId('grade-count-none-inactive')).toHaveText(String(overview.withoutGrade.inactive));

    // Toppers: Grade Played, User Id, User Grade, Full Name, View details (dashboards.md 2.3), and a topper opens.
    await page.getByTestId('tab-insights').click();
    await expect(page.getByTestId('toppers-table').locator('thead th')).toHaveText([
      'Grade Played',
      'User Id',
      'User Grade',
      'Full Name',
      'Knowledge Wealth',
      'View details',
    ]);
    const first = page.getByTestId('toppers-table').locator('tbody tr').first();
    const name = (await first.locator('td').nth(3).textContent())!;
    await first.getByRole('link', { name: 'View details' }).click();
    await expect(page).toHaveURL(/\/student-detail\?studentId=\d+/);
    await expect(page.getByTestId('breadcrumb-name')).toHaveText(name);
  });

  test('over several schools lists name the school, the super-admin opens a student, and dates match the CSV', async ({
    page,
  }) => {
    await staffSignIn(page, DEMO.superadmin);
    await page.getByTestId('select-all').click();
    await page.getByTestId('school-proceed').click();
    await page.getByTestId('grade-tab-7').click();
    await expect(page.getByTestId('report-table').locator('thead th')).toContainText([
      'Full Name',
      'User Grade',
      'School Name',
    ]);

    // Last Played on the screen is the day of the CSV's Last Played Date (the school's calendar day).
    const rows = page.getByTestId('report-row');
    await expect(rows.first()).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]!.endsWith(',Last Played Date')).toBe(true);
    const lastPlayed = (await page.getByTestId('report-table').locator('thead th').allTextContents()).indexOf(
      'Last Played',
    );
    const onScreen = await rows.evaluateAll(
      (trs, at) => trs.map((tr) => tr.querySelectorAll('td')[at]?.textContent ?? ''),
      lastPlayed,
    );
    const asShown = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
        timeZone: 'UTC',
        day: '2-digit',
        month: 'short',
        year: 'numeric',
      });
    onScreen.forEach((cell, i) => {
      // Names hold no commas; the school does, quoted: the date is the last field.
      const day = csv[i + 1]!.split(',').at(-1)!;
      expect(cell.startsWith(day ? asShown(day) : 'NA'), `row ${i + 1}: ${cell} vs ${day}`).toBe(true);
    });

    // A student of the chain opens from the super-admin's list.
    await page.getByTestId('card-registered').click();
    const firstRow = page.getByTestId('list-superadmin-row').first();
    const name = (await firstRow.locator('td').first().textContent())!;
    await firstRow.getByRole('link', { name: 'View details' }).click();
    await expect(page).toHaveURL(/\/student-detail\?studentId=\d+/);
    await expect(page.getByTestId('breadcrumb-name')).toHaveText(name);
  });
});
