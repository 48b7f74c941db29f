import { expect as baseExpect, type Page } from '@playwright/test';
import { signInWithCode, test } from './support';

// Pages load a whole subject: on a busy two-core machine that can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Concept pages that teach and "continue where you left off" (issue #28): headings, a worked
 * example, a picture and formulas, KaTeX fetched only by a page with a formula; the home's card
 * leads to the next step of the path.
 */
interface Bundle {
  chapters: { slug: string; topics: { slug: string; name: string; concept: { body: string } | null }[] }[];
}

async function signIn(page: Page) {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
}

async function topics(page: Page, subject: string) {
  const res = await page.request.get(`/api/v1/learn/subjects/${subject}/bundle`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Bundle).chapters.flatMap((c) => c.topics.map((t) => ({ ...t, chapter: c.slug })));
}

test.describe('concept pages that teach', () => {
  test.describe.configure({ timeout: 180_000 });

  test('headings, a worked example, a picture and formulas; KaTeX only where a formula appears', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const katexRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/katex[^/]*\.(js|css)$/.test(new URL(r.url()).pathname)) katexRequests.push(r.url());
    });
    await signIn(page);

    // A science concept of chapter 1 has no formula: its page draws without KaTeX.
    const science = await topics(page, 'science');
    const plain = science.find(
      (t) => t.concept && !t.concept.body.includes('$') && t.concept.body.includes(':::example'),
    )!;
    expect(plain).toBeTruthy();
    await page.goto(`/science/${plain.chapter}/${plain.slug}/concept`);
    await expect(page.getByTestId('concept-title')).toHaveText(plain.name);
    const body = page.getByTestId('concept-body');
    await expect(body).toHaveAttribute('data-formulas', 'none');
    await expect(body.locator('h3').first()).toBeVisible();
    await expect(page.getByTestId('worked-example')).toBeVisible();
    expect(katexRequests).toEqual([]);

    // Maths: the simple interest concept has display and inline formulas, drawn by KaTeX.
    const maths = await topics(page, 'maths');
    const withFormula = maths.find((t) => t.concept?.body.includes('$$'))!;
    await page.goto(`/maths/${withFormula.chapter}/${withFormula.slug}/concept`);
    await expect(body).toHaveAttribute('data-formulas', 'drawn');
    await expect(body.locator('.katex-display').first()).toBeVisible();
    await expect(page.getByTestId('formula-tex')).toHaveCount(0);
    await expect(page.getByTestId('worked-example').locator('.ki-example-title')).toHaveText('Worked example');
    expect(katexRequests.length).toBeGreaterThan(0);
    // A formula wider than a phone scrolls inside its line; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('concept-maths-360.png'), fullPage: true });

    // The number line: the picture is the app's own file and it loads.
    const integers = maths.find((t) => t.concept?.body.includes('/figures/'))!;
    await page.goto(`/maths/${integers.chapter}/${integers.slug}/concept`);
    const picture = body.locator('figure img');
    await expect(picture).toBeVisible();
    // The element shows before its file has arrived: wait for the picture, do not sample it once.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await picture.getAttribute('alt')).not.toBe('');
  });

  test('the home says where to continue and leads there', async ({ page }) => {
    await signIn(page);
    const progress = (await (await page.request.get('/api/v1/learn/progress')).json()) as {
      resume: {
        stage: string;
        subjectSlug: string;
        chapterSlug: string;
        topicSlug: string | null;
        topicName: string | null;
      } | null;
    };
    // Aarav has played: the demo gives him a next step.
    expect(progress.resume).not.toBeNull();
    const resume = progress.resume!;
    const card = page.getByTestId('continue');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Continue where you left off');
    await expect(card).toHaveAttribute('data-stage', resume.stage);
    if (resume.topicName) await expect(page.getByTestId('continue-what')).toHaveText(resume.topicName);
    await card.click();
    const expected =
      resume.stage === 'topic'
        ? `/${resume.subjectSlug}/${resume.chapterSlug}/${resume.topicSlug}/concept`
        : resume.stage === 'revise'
          ? `/revise/${resume.subjectSlug}/${resume.chapterSlug}`
          : `/treasurecontent/${resume.subjectSlug}/${resume.chapterSlug}`;
    await expect(page).toHaveURL(new RegExp(`${expected}$`));
    if (resume.stage === 'topic') await expect(page.getByTestId('play-now')).toBeVisible();
  });
});
