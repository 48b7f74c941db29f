import { expect as baseExpect, type Page } from '@playwright/test';
import { appNow, DEMO, lastOtp, requestOtp, staffSignIn, test, typeOtp } from './support';

// A dashboard loads several queries and charts: on a busy two-core machine allow more than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const PARENT = '9000000009';

interface Bundle {
  chapters: { id: number; topics: { id: number; name: string; questions: { id: number; answer: number[] }[] }[] }[];
}
interface Dashboard {
  profile: { studentId: number; name: string };
  cards: { totalScore: number };
  progress: { points: unknown[] };
}

const api = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
};

async function otpSignIn(page: Page, mobile: string) {
  await page.goto('/login');
  await requestOtp(page, mobile);
  await typeOtp(page, await lastOtp(page, mobile));
  await page.getByTestId('verify').click();
}

/** Isha (the demo's new student): placed in grade VII through onboarding unless another test did it. */
async function signInIsha(page: Page) {
  await otpSignIn(page, DEMO.newStudent);
  await expect(page).toHaveURL(/\/(onboarding|concepts)$/);
  if (page.url().endsWith('/onboarding')) {
    await page.getByTestId('choice-en').click();
    await page.getByTestId('picker-proceed').click();
    await page.getByTestId('choice-7').click();
    await page.getByTestId('picker-proceed').click();
    await expect(page).toHaveURL(/\/concepts$/);
  }
}

/** One topic game of 10 questions, `correct` right, `seconds` each, finished `minutesAgo` minutes ago. */
function topicGame(
  chapterId: number,
  topic: Bundle['chapters'][number]['topics'][number],
  correct: number,
  seconds: number,
  minutesAgo: number,
) {
  const finished = appNow() - minutesAgo * 60_000;
  return {
    id: crypto.randomUUID(),
    kind: 'topic',
    chapterId,
    topicId: topic.id,
    startedAt: new Date(finished - (10 * seconds + 5) * 1000).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    answers: topic.questions
      .filter((q) => q.answer.length > 0)
      .slice(0, 10)
      .map((q, i) => ({ questionId: q.id, chosen: i < correct ? q.answer : [q.answer[0] === 0 ? 1 : 0], seconds })),
  };
}

test.describe('student dashboard', () => {
  // Sign-in, a subject bundle and a chart-heavy page on a shared two-core machine.
  test.setTimeout(180_000);
  test('a student who played nothing sees NA and empty texts; after records come in, cards, pies and leaderboard show them', async ({
    page,
  }) => {
    await signInIsha(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('student-dashboard')).toBeVisible();
    await expect(page.getByTestId('value-totalScore')).toHaveText('NA');
    // Nothing played: no efficiency or accuracy yet, NA like the score (not 0.00%).
    await expect(page.getByTestId('value-knowledgeEfficiency')).toHaveText('NA');
    await expect(page.getByTestId('value-learningEfficiency')).toHaveText('NA');
    await expect(page.getByTestId('value-overallAccuracy')).toHaveText('NA');
    await expect(page.getByTestId('profile-name')).toHaveText(/^Isha/);
    await expect(page.getByTestId('profile-email')).toHaveText('NA');
    const empty = 'There is no data to show you right now.';
    await expect(page.getByTestId('recently-played')).toContainText(empty);
    await expect(page.getByTestId('concepts-to-relearn')).toContainText(empty);
    await expect(page.getByTestId('progress')).toContainText(empty);
    const bundle = await api<Bundle>(page, '/learn/subjects/science/bundle');
    const totalTopics = bundle.chapters.reduce((n, c) => n + c.topics.length, 0);
    await expect(page.getByTestId('pie-text-Science')).toHaveText(`0 / ${totalTopics} topics completed`);
    // Nothing completed: the pie is not clickable.
    await expect(page.getByTestId('pie-Science')).toBeDisabled();
    await expect(page.getByText('Click on chart for more details')).toBeVisible();

    // Two topic games: 8/10 at 12 s (LE 79.27, LC 87) and 10/10 at 4 s (LE 100, LC 110).
    const chapter = bundle.chapters[0]!;
    const [t1, t2] = chapter.topics as [
      Bundle['chapters'][number]['topics'][number],
      Bundle['chapters'][number]['topics'][number],
    ];
    const upload = await page.request.post('/api/v1/records', {
      data: { records: [topicGame(chapter.id, t1, 8, 12, 10), topicGame(chapter.id, t2, 10, 4, 5)] },
    });
    expect((await upload.json()).stored).toHaveLength(2);

    await page.reload();
    // LE = (79.2727 + 100) / 2 = 89.64; KE = 0; total = 0.2 x 89.64 = 17.93, shown 18; 18 of 20 right.
    await expect(page.getByTestId('value-totalScore')).toHaveText('18');
    await expect(page.getByTestId('value-learningEfficiency')).toHaveText('89.64%');
    await expect(page.getByTestId('value-knowledgeEfficiency')).toHaveText('0.00%');
    await expect(page.getByTestId('value-overallAccuracy')).toHaveText('90.00%');
    await expect(page.getByTestId('recently-played')).toContainText(t2.name);
    await expect(page.getByTestId('recently-played')).toContainText('Learning Efficiency 100.00%');
    await expect(page.getByTestId('recently-played')).toContainText('Learning Efficiency 79.27%');
    await expect(page.getByTestId('pie-text-Science')).toHaveText(`2 / ${totalTopics} topics completed`);
    await expect(page.getByTestId('progress-chart-day')).toBeVisible();

    // The pie opens the subject's analysis.
    await page.getByTestId('pie-Science').click();
    await expect(page.getByTestId('subject-analysis')).toBeVisible();
    await expect(page.getByTestId('subject-le')).toHaveText('89.64%');
    await expect(page.getByTestId('subject-accuracy')).toHaveText('90.00%');
    await expect(page.getByTestId('subject-score')).toHaveText('18');

    // The leaderboard ranks her with the same score.
    await page.goto('/leaderboard');
    await expect(page.getByTestId('my-score')).toHaveText('18');
    const board = await api<{ me: { rank: number } }>(page, '/leaderboard');
    expect(board.me.rank).toBeGreaterThan(0);
    await expect(page.getByTestId('my-rank')).toHaveText(String(board.me.rank));
  });

  test('a parent sees their children, gets 403 for another child, and the filter changes the chart', async ({
    page,
    playwright,
  }) => {
    await otpSignIn(page, PARENT);
    await expect(page).toHaveURL(/\/parent\/dashboard$/);
    const { children } = await api<{ children: { studentId: number; name: string }[] }>(page, '/me/children');
    expect(children.map((c) => c.name.split(' ')[0]).sort()).toEqual(['Aarav', 'Isha']);
    const aarav = children.find((c) => c.name.startsWith('Aarav'))!;
    await page.getByTestId('child-select').click();
    await page.getByRole('option', { name: new RegExp(`^${aarav.name}`) }).click();
    await expect(page.getByTestId('child-name')).toHaveText(aarav.name);
    const dashboard = await api<Dashboard>(page, `/students/${aarav.studentId}/dashboard`);
    await expect(page.getByTestId('value-totalScore')).toHaveText(String(Math.round(dashboard.cards.totalScore)));
    await expect(page.getByTestId('profile-name')).toHaveText(aarav.name);

    // Another student of the same class (found by the principal): refused by the API.
    const linked = new Set(children.map((c) => c.studentId));
    const staff = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    expect(
      (await staff.post('/api/v1/auth/staff', { data: { mobile: DEMO.principal, password: DEMO.password } })).ok(),
    ).toBe(true);
    const classmates = (await (await staff.get('/api/v1/analytics/students?grade=7')).json()) as {
      rows: { studentId: number }[];
    };
    await staff.dispose();
    const other = classmates.rows.map((r) => r.studentId).find((id) => !linked.has(id))!;
    expect(other).toBeDefined();
    expect((await page.request.get(`/api/v1/students/${other}/dashboard`)).status()).toBe(403);
    expect((await page.request.get(`/api/v1/students/${other}/subjects/1`)).status()).toBe(403);

    // Day -> week -> month: the title, the request and the chart's buckets change.
    await expect(page.getByTestId('progress-title')).toHaveText('Daily progress');
    const week = page.waitForResponse((r) => r.url().includes(`/students/${aarav.studentId}/progress?filter=week`));
    await page.getByTestId('progress-filter').getByText('Weekly').click();
    expect((await week).status()).toBe(200);
    await expect(page.getByTestId('progress-title')).toHaveText('Weekly progress');
    const month = page.waitForResponse((r) => r.url().includes(`/students/${aarav.studentId}/progress?filter=month`));
    await page.getByTestId('progress-filter').getByText('Monthly').click();
    const points = ((await (await month).json()) as { points: { start: string }[] }).points;
    expect(points).toHaveLength(12);
    await expect(page.getByTestId('progress-title')).toHaveText('Monthly progress');
    // Aarav has played this term: the monthly chart has data, labelled by month and year.
    await expect(page.getByTestId('progress-chart-month')).toBeVisible();
    await expect(page.getByTestId('progress-chart-day')).toHaveCount(0);
    await expect(page.getByTestId('progress-chart-month')).toContainText(/[A-Z][a-z]{2} \d{4}/);
    await page.getByTestId('progress-filter').getByText('Daily').click();
    await expect(page.getByTestId('progress-title')).toHaveText('Daily progress');
    await expect(page.getByTestId('progress-chart-month')).toHaveCount(0);

    // In Hindi, the subjects are named in Hindi too (the demo curriculum has their six names).
    await expect(page.getByTestId('pie-Science')).toBeVisible();
    await page.getByTestId('language-select').selectOption('hi');
    await expect(page.getByTestId('pie-विज्ञान')).toBeVisible();
    await expect(page.getByTestId('pie-Science')).toHaveCount(0);
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByTestId('pie-Science')).toBeVisible();
  });

  test('staff open a student from the report with the back bar', async ({ page }, testInfo) => {
    await staffSignIn(page, DEMO.principal);
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('report-row').first().getByRole('link', { name: 'View details' }).click();
    await expect(page).toHaveURL(/\/student-detail\?studentId=\d+/);
    await expect(page.getByTestId('student-dashboard')).toBeVisible();
    const id = new URL(page.url()).searchParams.get('studentId');
    const dashboard = await api<Dashboard>(page, `/students/${id}/dashboard`);
    await expect(page.getByTestId('breadcrumb-name')).toHaveText(dashboard.profile.name);
    await expect(page.getByTestId('link-parent')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('student-detail-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('pie-Science').click();
    await expect(page.getByTestId('subject-analysis')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('student-detail-phone.png'), fullPage: true });
  });

  test('a principal shows one grade’s leaderboard by initials only; the API enforces it for that grade', async ({
    page,
    playwright,
  }) => {
    await staffSignIn(page, DEMO.principal);
    await page.getByRole('link', { name: 'Leaderboard settings' }).click();
    await expect(page).toHaveURL(/\/leaderboard-settings$/);
    const student = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    expect(
      (await student.post('/api/v1/auth/code', { data: { code: DEMO.studentCode, password: DEMO.password } })).ok(),
    ).toBe(true);
    const others = async () =>
      (
        (await (await student.get('/api/v1/leaderboard')).json()) as { entries: { name: string; isMe: boolean }[] }
      ).entries
        .filter((e) => !e.isMe)
        .map((e) => e.name);
    const initialsOnly = (names: string[]) => names.length > 0 && names.every((n) => /^(\p{Lu}\.\s?)+$/u.test(n));
    expect(initialsOnly(await others())).toBe(false);

    await page.getByTestId('grade-mode-7').click();
    await page.getByRole('option', { name: 'Initials only' }).click();
    await expect(page.getByText('Leaderboard setting saved.')).toBeVisible();
    await expect.poll(async () => initialsOnly(await others())).toBe(true);

    // Back to the school's setting: full names again.
    await page.getByTestId('grade-mode-7').click();
    await page.getByRole('option', { name: 'As the school' }).click();
    await expect.poll(async () => initialsOnly(await others())).toBe(false);
    await student.dispose();
  });

  // Security issue #21: a teacher no longer links a parent; she asks, and the principal decides.
  test('a teacher asks for a parent link, the principal approves it, and can unlink the parent again', async ({
    page,
  }, testInfo) => {
    await staffSignIn(page, DEMO.principal);
    await page.getByTestId('grade-tab-7').click();
    await page.getByTestId('report-row').nth(1).getByRole('link', { name: 'View details' }).click();
    await expect(page).toHaveURL(/\/student-detail\?studentId=\d+/);
    const detail = page.url();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-yes').click();

    await staffSignIn(page, DEMO.teacher);
    await page.goto(detail);
    const panel = page.getByTestId('parent-links');
    await expect(panel.getByTestId('link-parent')).toContainText('Request a parent link');
    await expect(panel.getByTestId('unlink-parent')).toHaveCount(0);
    await panel.getByLabel("Parent's mobile number").fill('9876512345');
    await panel.getByLabel('First name').fill('Kavita');
    await panel.getByTestId('link-submit').click();
    await expect(page.getByText('Request sent to the principal.')).toBeVisible();
    const request = panel.getByTestId('link-request').filter({ hasText: 'Kavita' });
    await expect(request.getByTestId('request-status')).toHaveText('Waiting for approval');
    await expect(request.getByTestId('approve-request')).toHaveCount(0);
    await expect(panel.getByTestId('linked-parent').filter({ hasText: 'Kavita' })).toHaveCount(0);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-yes').click();

    // The principal finds the request waiting on the school dashboard and opens the student from it.
    await staffSignIn(page, DEMO.principal);
    const waiting = page.getByTestId('school-parent-request').filter({ hasText: 'Kavita' });
    await expect(waiting).toContainText('grade VII');
    await waiting.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('parent-requests-card.png') });
    await waiting.getByTestId('school-parent-request-open').click();
    await expect(page).toHaveURL(new RegExp(`studentId=${new URL(detail).searchParams.get('studentId')}&`));
    const pending = panel.getByTestId('link-request').filter({ hasText: 'Kavita' });
    await pending.getByTestId('approve-request').click();
    await expect(page.getByText('Request approved: the parent is linked.')).toBeVisible();
    const linked = panel.getByTestId('linked-parent').filter({ hasText: 'Kavita' });
    await expect(linked).toContainText('••••');
    await expect(pending.getByTestId('request-status')).toHaveText('Approved');
    await page.screenshot({ path: testInfo.outputPath('parent-links.png'), fullPage: true });
    await linked.getByTestId('unlink-parent').click();
    await page.getByTestId('unlink-yes').click();
    await expect(page.getByText('Parent unlinked.')).toBeVisible();
    await expect(linked).toHaveCount(0);
    // Decided requests leave the dashboard's list.
    await page.goto('/dashboard');
    await expect(page.getByTestId('card-registered-count')).toBeVisible();
    await expect(page.getByTestId('school-parent-request').filter({ hasText: 'Kavita' })).toHaveCount(0);
  });
});
