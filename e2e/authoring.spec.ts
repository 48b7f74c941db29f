import { expect as baseExpect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, onAppClock, signInWithCode, staffSignIn, test } from './support';

// Long journeys on a shared machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

const CHAPTER = 'Light and Shadows (new)';
const TOPIC = 'How shadows form';
const CONCEPT =
  'Light travels in straight lines. When an opaque object blocks the light, a dark shadow forms behind it.';

/** Contexts this file opens besides Playwright's own: closed after each test so none outlives it. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function signedInPage(browser: Browser, signIn: (page: Page) => Promise<void>) {
  const context = await onAppClock(await browser.newContext());
  opened.push(context);
  const page = await context.newPage();
  await signIn(page);
  return page;
}

/** The chapter names a student sees on the science chapters page. */
async function studentChapters(student: Page) {
  await student.goto('/science/chapters');
  await expect(student.getByTestId('chapter-card').first()).toBeVisible();
  return student.getByTestId('chapter-card').allInnerTexts();
}

test('a content editor writes a topic that students see only once an approver approves it', async ({ browser }) => {
  test.setTimeout(360_000);
  const editor = await signedInPage(browser, (p) => staffSignIn(p, DEMO.contentEditor));
  const student = await signedInPage(browser, async (p) => {
    await p.goto('/login');
    await signInWithCode(p);
    await expect(p).toHaveURL(/\/concepts$/);
  });

  // The editor opens authoring from the side navigation: CBSE, grade VII.
  await editor.getByRole('link', { name: 'Authoring' }).click();
  await expect(editor).toHaveURL(/\/authoring$/);
  await expect(editor.getByTestId('grade-select')).toHaveValue('7');
  await editor.getByTestId('new-chapter-science').click();
  await editor.getByTestId('name-en').fill(CHAPTER);
  await editor.getByTestId('name-hi').fill('प्रकाश और छाया (नया)');
  await editor.getByTestId('save-names').click();
  await expect(editor).toHaveURL(/\/authoring\/chapters\/\d+$/);
  await expect(editor.getByTestId('chapter-title')).toHaveText(CHAPTER);

  await editor.getByTestId('new-topic').click();
  await editor.getByTestId('name-en').fill(TOPIC);
  await editor.getByTestId('save-names').click();
  await expect(editor).toHaveURL(/\/authoring\/topics\/\d+$/);
  const topicId = Number(editor.url().split('/').pop());

  // The concept in English.
  await editor.getByTestId('concept-en').fill(CONCEPT);
  await editor.getByTestId('save-concept-en').click();
  await expect(editor.getByTestId('concept-tab-en')).toContainText('✓');

  // One question through the question editor: the contract's rules show on the form first.
  await editor.getByTestId('add-question').click();
  await editor.getByTestId('q-text-en').fill('Which of these makes its own light?');
  await editor.getByTestId('save-question').click();
  await expect(editor.getByText('Write this option.').first()).toBeVisible();
  for (const [i, option] of ['A mirror', 'The Sun', 'The Moon', 'A wall'].entries())
    await editor.getByTestId(`q-option-en-${i}`).fill(option);
  await editor.getByTestId('answer-1').check();
  await editor.getByTestId('q-solution-en').fill('The Sun is a star: it makes its own light.');
  await editor.getByTestId('save-question').click();
  await expect(editor.getByText('Question Created Successfully')).toBeVisible();
  await expect(editor).toHaveURL(new RegExp(`/authoring/topics/${topicId}$`));

  // Editing it gives the other toast.
  await editor.getByTestId('question-row').first().getByRole('link').click();
  await editor.getByTestId('q-text-en').fill('Which of these gives out its own light?');
  await editor.getByTestId('save-question').click();
  await expect(editor.getByText('Question Edited Successfully')).toBeVisible();

  // Nine more, quickly, through the same API the editor uses.
  for (let i = 2; i <= 10; i++) {
    const res = await editor.request.post('/api/v1/authoring/questions', {
      data: {
        topicId,
        type: i % 2 ? 'true_false' : 'fill_blank',
        content: {
          en:
            i % 2
              ? {
                  text: `Statement ${i}: a shadow forms where light is blocked.`,
                  options: ['True', 'False'],
                  solution: 'Blocked light leaves a shadow.',
                }
              : {
                  text: `Light travels in ____ lines (${i}).`,
                  options: ['straight', 'curved', 'circular'],
                  solution: 'Light travels in straight lines.',
                },
        },
        answer: [0],
      },
    });
    expect(res.ok()).toBe(true);
  }
  await editor.reload();
  await expect(editor.getByTestId('question-row')).toHaveCount(10);
  await expect(editor.getByTestId('readiness-card')).toContainText('10 of 10 questions');

  // Not visible to the student before approval.
  expect((await studentChapters(student)).join('\n')).not.toContain(CHAPTER);

  await editor.getByTestId('submit-topic').click();
  await expect(editor.getByText('Submitted for review')).toBeVisible();
  await expect(editor.getByTestId('status').first()).toContainText('In review');
  expect((await studentChapters(student)).join('\n')).not.toContain(CHAPTER);

  // The approver reads the preview and approves.
  const approver = await signedInPage(browser, (p) => staffSignIn(p, DEMO.contentApprover));
  await approver.getByRole('link', { name: 'Review' }).click();
  await expect(approver).toHaveURL(/\/authoring\/review$/);
  await approver.getByTestId('submission-card').filter({ hasText: TOPIC }).getByRole('link').click();
  await expect(approver.getByTestId('submission-title')).toContainText(TOPIC);
  await expect(approver.getByTestId('preview-question')).toHaveCount(10);
  await expect(approver.getByText('Which of these gives out its own light?')).toBeVisible();
  await expect(approver.getByText(CONCEPT)).toBeVisible();
  await expect(approver.getByTestId('blocker')).toHaveCount(0);
  await approver.getByTestId('approve').click();
  await expect(approver.getByText('Approved: students can see it now.')).toBeVisible();

  // Now the student sees the chapter, with its one topic.
  await expect.poll(async () => (await studentChapters(student)).join('\n')).toContain(CHAPTER);
  await expect(student.getByTestId('chapter-card').filter({ hasText: CHAPTER })).toContainText('0 / 1');
});

test('students and school staff are kept out of authoring', async ({ page }) => {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  await page.goto('/authoring');
  await expect(page).toHaveURL(/\/concepts$/);
  expect((await page.request.get('/api/v1/authoring/catalog')).status()).toBe(403);
});
