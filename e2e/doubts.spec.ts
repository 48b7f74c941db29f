import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Two browsers on a shared machine, and pages that load a whole subject: allow a few seconds more.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A 1×1 PNG: the server reads the picture's type from its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const QUESTION = 'Why does the sign change when I multiply two negative numbers?';
const ANSWER = 'Multiplying by −1 turns you around on the number line; doing it twice faces you forward again.';

interface Bundle {
  chapters: { slug: string; topics: { id: number; slug: string; name: string }[] }[];
}

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** The page is no wider than a 360 px phone: nothing scrolls sideways. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** axe-core finds no serious or critical violation (WCAG 2.1 A and AA), as accessibility.spec.ts scans. */
async function expectAccessible(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  // Toasts and tab transitions read at part opacity while they fade.
  await page.waitForTimeout(1_500);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

/** The picture of a doubt's card has arrived and drawn. */
async function pictureShown(card: ReturnType<Page['getByTestId']>) {
  const img = card.getByTestId('doubt-picture').locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('Aarav asks a doubt about a grade VII maths topic with a picture on a 360 px phone; the maths teacher answers it on /doubts; his home and /ask-doubts tell him; /doubts turns him away', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  // The demo's answer to his simple-interest doubt is not seen yet: his home says so.
  const told = page.getByTestId('doubt-answered');
  await expect(told).toContainText('A teacher answered your doubt');

  // From a grade VII maths concept page, "Ask a doubt" opens the form with that topic chosen.
  const res = await page.request.get('/api/v1/learn/subjects/maths/bundle');
  expect(res.ok()).toBe(true);
  const chapter = ((await res.json()) as Bundle).chapters[0]!;
  const topic = chapter.topics[0]!;
  await page.goto(`/maths/${chapter.slug}/${topic.slug}/concept`);
  const seen = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/doubts/seen'));
  await page.getByTestId('ask-doubt').click();
  await expect(page).toHaveURL(new RegExp(`/ask-doubts\\?subject=maths&topic=${topic.id}$`));
  // Opening the page marks the unseen answer seen, and shows it marked New under Answered.
  expect((await seen).status()).toBe(204);
  const answeredTab = page.getByTestId('mine-tab-answered');
  await expect(answeredTab).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByTestId('mine-answered').getByTestId('doubt').filter({ hasText: 'simple interest' }),
  ).toContainText('New');

  const form = page.getByTestId('ask-form');
  await expect(form.getByTestId('ask-topic')).toHaveValue(String(topic.id));
  await expect(form.getByTestId('ask-subject')).toHaveValue('maths');
  await expect(form.getByTestId('ask-chapter')).toHaveValue(chapter.slug);
  // Too short: the contract's words, and nothing sent.
  await form.getByTestId('ask-text').fill('Why?');
  await form.getByTestId('ask-send').click();
  await expect(form.getByText('Write your doubt in at least 10 characters')).toBeVisible();
  await form.getByTestId('ask-text').fill(QUESTION);
  await form.locator('input[type="file"]').setInputFiles({ name: 'notebook.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('ask-preview')).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/v1/doubts') && r.request().method() === 'POST');
  const picture = page.waitForResponse(
    (r) => /\/api\/v1\/doubts\/\d+\/picture$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await form.getByTestId('ask-send').click();
  expect((await asked).status()).toBe(201);
  expect((await picture).status()).toBe(200);
  await expect(page.getByText('Your doubt has been sent to your teachers.')).toBeVisible();
  await expect(page.getByTestId('mine-tab-open')).toHaveAttribute('aria-selected', 'true');
  const mine = page.getByTestId('mine-open').getByTestId('doubt').filter({ hasText: QUESTION });
  await expect(mine.getByTestId('doubt-topic')).toHaveText(topic.name);
  await expect(mine.getByTestId('doubt-waiting')).toBeVisible();
  await pictureShown(mine);
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('ask-doubts-360.png'), fullPage: true });

  // Every answer seen: the home's card has gone.
  await page.goto('/concepts');
  await expect(page.getByTestId('rail-live')).toBeVisible();
  await expect(told).toHaveCount(0);

  // Farhan Shaikh teaches maths in grade VII: the doubt is in his Open list, with its picture.
  const teacherContext = await onAppClock(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  opened.push(teacherContext);
  const teacher = await teacherContext.newPage();
  await staffSignIn(teacher, DEMO.mathsScienceTeacher);
  await teacher.getByRole('navigation').getByRole('link', { name: 'Doubts' }).click();
  await expect(teacher).toHaveURL(/\/doubts$/);
  const open = teacher.getByTestId('list-open').getByTestId('doubt').filter({ hasText: QUESTION });
  await expect(open.getByTestId('doubt-student')).toContainText('Aarav');
  await expect(open.getByTestId('doubt-topic')).toHaveText(topic.name);
  await pictureShown(open);
  // An empty answer is refused in the contract's words.
  await open.getByTestId('answer-send').click();
  await expect(open.getByText('Please write an answer')).toBeVisible();
  await open.getByTestId('answer-text-input').fill(ANSWER);
  const answered = teacher.waitForResponse((r) => /\/api\/v1\/doubts\/\d+\/answers$/.test(r.url()));
  await open.getByTestId('answer-send').click();
  expect((await answered).status()).toBe(201);
  await expect(teacher.getByTestId('list-open').getByText(QUESTION)).toHaveCount(0);
  await teacher.getByTestId('tab-answered').click();
  const done = teacher.getByTestId('list-answered').getByTestId('doubt').filter({ hasText: QUESTION });
  await expect(done.getByTestId('answer-text')).toHaveText(ANSWER);
  await teacher.screenshot({ path: testInfo.outputPath('doubts-answered-1280.png'), fullPage: true });

  // Aarav's home tells him; the card leads to the answer, under Answered, marked New.
  await page.goto('/concepts');
  await expect(told).toContainText('A teacher answered your doubt');
  await expect(told).toContainText('See the answer');
  await page.screenshot({ path: testInfo.outputPath('home-doubt-answered-360.png'), fullPage: true });
  await told.click();
  await expect(page).toHaveURL(/\/ask-doubts$/);
  await expect(answeredTab).toHaveAttribute('aria-selected', 'true');
  const reply = page.getByTestId('mine-answered').getByTestId('doubt').filter({ hasText: QUESTION });
  await expect(reply.getByTestId('answer-text')).toHaveText(ANSWER);
  await expect(reply.getByTestId('answer-meta')).toContainText('Answered by');
  await expect(reply.getByTestId('doubt-new')).toBeVisible();
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('ask-doubts-answered-360.png'), fullPage: true });
  await expectAccessible(page, '/ask-doubts');

  // Typed in, /doubts is not his: he is sent to the concepts page.
  await page.goto('/doubts');
  await expect(page).toHaveURL(/\/concepts$/);
});

test('the staff doubts page fits a 360 px phone: no sideways scrolling', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await staffSignIn(page, DEMO.mathsScienceTeacher);
  await page.goto('/doubts');
  await expect(page.getByTestId('list-open').getByTestId('doubt').first()).toBeVisible();
  await expect(page.getByTestId('list-open').getByTestId('answer-form').first()).toBeVisible();
  await fitsPhone(page);
  await page.screenshot({ path: testInfo.outputPath('doubts-360.png') });
  await page.screenshot({ path: testInfo.outputPath('doubts-360-full.png'), fullPage: true });
  await expectAccessible(page, '/doubts');
  await page.getByTestId('tab-answered').click();
  await expect(page.getByTestId('list-answered').getByTestId('doubt').first()).toBeVisible();
  await fitsPhone(page);
});
