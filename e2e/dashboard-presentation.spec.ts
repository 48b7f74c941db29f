import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO, staffSignIn, test } from './support';

// Dashboards load several queries and charts: on a busy two-core machine allow more than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const api = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
};

interface Overview {
  grades: { grade: number; active: number; inactive: number }[];
}

/** Issue #29: the staff dashboards as a principal reads them, on a desktop and on a phone. */
test.describe('dashboard presentation', () => {
  test.setTimeout(180_000);

  test('the school dashboard: average on its own % axis, grade counts as links, tab V first, a skeleton while a grade loads, roman grades, coins without a dollar', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await staffSignIn(page, DEMO.principal);
    const overview = await api<Overview>(page, '/analytics/overview');

    // The average score (a percent) has its own right-hand axis, 0-100 %.
    const chart = page.getByTestId('grade-chart');
    await expect(chart.locator('.recharts-yAxis')).toHaveCount(2);
    await expect(chart.locator('text', { hasText: /^100%$/ })).toBeVisible();
    await expect(chart.locator('text', { hasText: /^50%$/ })).toBeVisible();
    await expect(chart).toContainText('Average score (%)');

    // Each grade's active and inactive students are one link away, in a table rather than 24 buttons.
    await expect(page.getByRole('button', { name: / · Active Students: \d+$/ })).toHaveCount(0);
    const g7 = overview.grades.find((g) => g.grade === 7)!;
    const counts = page.getByTestId('grade-counts');
    await expect(counts.getByRole('link', { name: `Inactive Students of Grade - VII: ${g7.inactive}` })).toBeVisible();
    await expect(counts.getByRole('link', { name: `Active Students of Grade - VII: ${g7.active}` })).toBeVisible();
    await expect(counts.getByRole('columnheader', { name: 'XII' })).toBeVisible();

    // Grade V opens first (dashboards.md 9).
    await expect(page.getByTestId('grade-tab-5')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('grade-total')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('school-dashboard-1440.png'), fullPage: true });

    // A grade tab that is still loading shows the panel's skeleton, not a blank area.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/analytics/grade?*grade=8*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('grade-tab-8').click();
    await expect(page.getByTestId('grade-panel-skeleton')).toBeVisible();
    release();
    await expect(page.getByTestId('grade-total')).toBeVisible();
    await expect(page.getByTestId('grade-panel-skeleton')).toHaveCount(0);
    await page.unroute('**/api/v1/analytics/grade?*grade=8*');

    // The Students Report names grades as every other screen does, and carries no orphan legend.
    await page.getByTestId('grade-tab-7').click();
    const report = page.getByTestId('report-table');
    await expect(report.locator('thead th').nth(1)).toHaveText('User Grade');
    await expect(page.getByTestId('report-row').first().locator('td').nth(1)).toHaveText('VII');
    await expect(page.getByText('A+ 90-100')).toHaveCount(0);
    await page.getByTestId('report-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('students-report-1440.png'), fullPage: true });

    // The currency columns carry coins, not a dollar coin.
    const grade7 = await api<{ distribution: { band: number; students: number }[] }>(page, '/analytics/grade?grade=7');
    const band = grade7.distribution.find((d) => d.students > 0)!;
    await page.getByTestId(`band-${band.band}`).click();
    const coin = page.getByTestId('list-simplebar-table').locator('thead svg').first();
    await expect(coin).toHaveClass(/tabler-icon-coins/);
    await expect(page.locator('svg.tabler-icon-coin')).toHaveCount(0);
  });

  test('a pace school shows its batches in tabs, report, list titles and the subject title', async ({ page }) => {
    await staffSignIn(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/select-school$/);
    const { schools } = await api<{ schools: { id: number; name: string; isPace: boolean }[] }>(page, '/me/schools');
    const pace = schools.find((s) => s.isPace)!;
    await page.evaluate(
      (s) => localStorage.setItem('ki.selectedSchools', JSON.stringify({ schoolIds: [s.id], names: [s.name] })),
      pace,
    );
    await page.goto('/dashboard');
    await expect(page.getByTestId('grade-tab-11')).toHaveText('Grade - 2020 Batch');
    await page.getByTestId('grade-tab-11').click();
    await expect(page.getByTestId('report-row').first().locator('td').nth(1)).toHaveText('2020 Batch');
    // Toppers name the batch too.
    await page.getByTestId('tab-insights').click();
    await expect(
      page
        .getByTestId('toppers-table')
        .locator('tbody td', { hasText: /^2020 Batch$/ })
        .first(),
    ).toBeVisible();
    await page.getByTestId('tab-grades').click();

    // A subject of the batch is titled by the batch too.
    await page.locator('[data-testid^="subject-card-"]').first().click();
    await expect(page.getByTestId('subject-title')).toHaveText(/ · 2020 Batch$/);
    await page.goBack();

    // The grade-wise counts open lists titled by the batch.
    await page
      .getByTestId('grade-counts')
      .getByRole('link', { name: /^Inactive Students of Grade - 2019 Batch: \d+$/ })
      .click();
    await expect(page.getByTestId('student-list-title')).toHaveText('Inactive Students of Grade - 2019 Batch');
    // A super-admin's list (its fixed column set) names the batch in its Grade column.
    await expect(
      page
        .getByTestId('list-superadmin-table')
        .locator('tbody td', { hasText: /^2019 Batch$/ })
        .first(),
    ).toBeVisible();
  });

  test('an empty chapter says No Data once and offers no header-only CSV', async ({ page }) => {
    await staffSignIn(page, DEMO.principal);
    const grade7 = await api<{ subjects: { subjectId: number; slug: string }[] }>(page, '/analytics/grade?grade=7');
    const science = grade7.subjects.find((s) => s.slug === 'science')!;
    const summary = await api<{ chapters: { chapterId: number }[] }>(
      page,
      `/analytics/subject?grade=7&subjectId=${science.subjectId}`,
    );
    let empty: number | undefined;
    for (const c of [...summary.chapters].reverse()) {
      const list = await api<{ total: number }>(
        page,
        `/analytics/subject/students?grade=7&subjectId=${science.subjectId}&chapterId=${c.chapterId}`,
      );
      if (list.total === 0) {
        empty = c.chapterId;
        break;
      }
    }
    expect(empty, 'the demo has a grade VII science chapter nobody reached').toBeDefined();
    await page.goto(`/subject-detail?subjectId=${science.subjectId}&grade=7`);
    await page.getByTestId(`drill-chapter-${empty}`).click();
    await expect(page.getByTestId('no-data')).toHaveText('No Data');
    await expect(page.getByTestId('subject-report-empty')).toHaveCount(0);
    await expect(page.getByText('There is no data to show you right now.')).toHaveCount(0);
    await expect(page.getByTestId('subject-report-csv')).toBeDisabled();
    for (const card of ['completed', 'onlyTopics'] as const) {
      await expect(page.getByTestId(`chapter-card-${card}`)).toHaveText('0');
      await expect(page.getByTestId(`chapter-report-${card}`)).toBeDisabled();
    }
  });

  for (const width of [412, 360]) {
    test(`on a ${width} px phone the Students Report keeps the name in view and shows many students a screen`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 860 });
      await staffSignIn(page, DEMO.principal);
      await page.goto('/dashboard?grade=7');
      await page.getByTestId('grade-tab-7').click();
      const rows = page.getByTestId('report-row');
      await expect(rows).toHaveCount(10);
      // One line a row: ten students fit in less than a phone screen.
      const first = (await rows.first().boundingBox())!;
      const last = (await rows.last().boundingBox())!;
      expect(last.y + last.height - first.y).toBeLessThan(600);

      // Swiped to View details, the row still shows whose it is.
      const region = page.getByRole('region', { name: 'Students', exact: true });
      await rows.first().scrollIntoViewIfNeeded();
      await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const name = rows.first().locator('td').first();
      const view = rows.first().getByRole('link', { name: 'View details' });
      await expect(view).toBeInViewport();
      const box = (await name.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expect(name).toBeInViewport({ ratio: 1 });
      await region.evaluate((el) => (el.scrollLeft = 0));
      await page.screenshot({ path: testInfo.outputPath(`students-report-${width}.png`), fullPage: true });
      if (width === 412) {
        await page.goto('/dashboard');
        await expect(page.getByTestId('grade-chart')).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath('school-dashboard-412.png'), fullPage: true });
      }
    });
  }

  test('the student page: kinds in Recently Played, progress as bars, legend by the letters, topics under their headers, labelled figures', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await staffSignIn(page, DEMO.principal);
    const found = await api<{ rows: { studentId: number }[] }>(page, '/analytics/students?grade=7&search=Aarav');
    const id = found.rows[0]!.studentId;
    await page.goto(`/student-detail?studentId=${id}&grade=7&filter=day`);

    // Recently Played says what each activity was.
    const kinds = page.getByTestId('recently-played').getByTestId('recent-kind');
    await expect(kinds.first()).toBeVisible();
    for (const text of await kinds.allTextContents())
      expect(['Topic game', 'Revise', 'Treasure', 'Quiz', 'Test', 'Challenge']).toContain(text);

    // Days are bars, not a curve through days that do not exist.
    const progress = page.getByTestId('progress-chart-day');
    await expect(progress.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(progress.locator('.recharts-area')).toHaveCount(0);

    await page.getByTestId('pie-Science').click();
    const analysis = page.getByTestId('subject-analysis');
    await expect(analysis).toBeVisible();
    // The legend sits with the letters it explains.
    await expect(analysis.getByTestId('grade-legend')).toContainText('A+ 90-100');
    await expect(analysis.getByTestId('grade-legend')).toContainText('E 0-19');

    // A chapter's topics come under their own headers, one cell per header.
    const chapterTable = page.getByTestId('chapter-table');
    await chapterTable
      .getByRole('button', { name: /^Show topics of / })
      .first()
      .click();
    const topics = chapterTable.getByTestId('topic-table').first();
    const headers = [
      'Topic',
      'Grade',
      'Learning Efficiency %',
      'Accuracy %',
      'Seconds per question',
      'Learning currency',
      'Time spent',
    ];
    await expect(topics.locator('thead th')).toHaveText(headers);
    await expect(topics.getByTestId('topic-row').first().locator('td')).toHaveCount(headers.length);
    await expect(topics.getByTestId('topic-row').first().locator('td').nth(4)).toHaveText(/^(\d+\.\d s|NA)$/);
    await chapterTable.scrollIntoViewIfNeeded();
    await chapterTable.screenshot({ path: testInfo.outputPath('chapter-table.png') });

    // Best Performance names its second figure; Fastest Performances use one format with a unit.
    const best = page.getByTestId('best-performance');
    await expect(best.getByTestId('best-figures').first()).toBeVisible();
    for (const line of await best.getByTestId('best-figures').allTextContents())
      expect(line).toMatch(/^\d+\.\d\d% \(global average \d+\.\d\d%\)$/);
    const fastest = page.getByTestId('fastest-performance');
    await expect(fastest.getByTestId('fastest-figures').first()).toBeVisible();
    for (const line of await fastest.getByTestId('fastest-figures').allTextContents())
      expect(line).toMatch(/^Time per question \d+\.\d s · Accuracy \d+\.\d\d% · Questions attempted \d+$/);
    await analysis.screenshot({ path: testInfo.outputPath('subject-analysis.png') });
  });
});
